import { COURIER_LABELS, formatOrderNumber } from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { orders, shipments, subOrders, users } from '../../db/schema'
import { enqueue } from '../../jobs/outbox'
import { queueShopperSms } from '../kernel'

/**
 * The shopper hears when a parcel leaves and when it arrives, in the transaction of the `ship` or
 * `deliver` move itself, whoever made it: the courier's scan, or an admin marking a parcel sent
 * outside the shop (issue 26.14: those went unmailed). Once per part and step (dedupe key); the
 * tracking number is given when a courier carries the parcel. An SMS goes beside it (decision 093).
 */
export async function queueParcelMail(
  tx: Tx,
  shopName: string,
  partId: string,
  step: 'ship' | 'deliver',
): Promise<void> {
  const [row] = await tx
    .select({
      number: orders.orderNumber,
      email: users.email,
      name: users.userName,
      userId: orders.userId,
      awb: shipments.awb,
      courier: shipments.courier,
    })
    .from(subOrders)
    .innerJoin(orders, eq(orders.id, subOrders.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(shipments, eq(shipments.subOrderId, subOrders.id))
    .where(eq(subOrders.id, partId))
  if (!row) return
  const number = formatOrderNumber(row.number)
  const carrier =
    row.awb && row.courier ? { awb: row.awb, name: COURIER_LABELS[row.courier] } : null
  const shipped = step === 'ship'
  const body = shipped
    ? `A parcel of your order ${number} is on its way${carrier ? ` with ${carrier.name}, tracking number ${carrier.awb}` : ''}.`
    : `A parcel of your order ${number}${carrier ? ` (tracking number ${carrier.awb})` : ''} was delivered.`
  await enqueue(
    tx,
    'mail',
    {
      mail: {
        to: row.email,
        subject: shipped
          ? `Your ${shopName} order ${number} has shipped`
          : `Your ${shopName} order ${number} was delivered`,
        text: [`Hi ${row.name},`, '', body, 'Follow it under My Orders.', '', `— ${shopName}`].join(
          '\n',
        ),
      },
    },
    { dedupeKey: `parcel-${step}:${partId}` },
  )
  await queueShopperSms(
    tx,
    row.userId,
    shipped ? 'shipped' : 'delivered',
    { shop: shopName, order: number },
    `parcel-${step}:${partId}`,
  )
}
