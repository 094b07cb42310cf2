import { formatOrderNumber, formatPaise } from '@techbazaar/shared'
import { eq, inArray } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { orderLines, orders, users } from '../../db/schema'
import { enqueue } from '../../jobs/outbox'
import { standingOf, standingsOf } from '../kernel'

/**
 * Tells the shopper which items a cancellation took off the order, in the cancellation's own
 * transaction. A paid order's refund has its own mail (refunds/refund-mail.ts).
 */
export async function queueCancellationMail(
  tx: Tx,
  orderId: string,
  parts: string[],
  reason: string | null,
  shopName: string,
): Promise<void> {
  const [order] = await tx
    .select({
      id: orders.id,
      number: orders.orderNumber,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      orderStatus: orders.orderStatus,
      totalPaise: orders.totalPaise,
      email: users.email,
      name: users.userName,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
  if (!order) return
  const lines = await tx
    .select({
      title: orderLines.title,
      quantity: orderLines.quantity,
      price: orderLines.unitPricePaise,
    })
    .from(orderLines)
    .where(inArray(orderLines.subOrderId, parts))
    .orderBy(orderLines.title)
  const number = formatOrderNumber(order.number)
  // What the couriers still collect for the parts left (issue 26.8), by the order views' rule.
  const { standing } = standingOf(await standingsOf(tx, [order], { lines: false }), order.id)
  const cod = order.paymentMethod === 'COD'
  const mail = {
    to: order.email,
    subject: `Your ${shopName} order ${number} is cancelled`,
    text: [
      `Hi ${order.name},`,
      '',
      `As you asked, we cancelled these items of order ${number}:`,
      ...lines.map((l) => `  ${l.quantity} × ${l.title} — ${formatPaise(l.price * l.quantity)}`),
      ...(reason ? ['', `Your reason: ${reason}`] : []),
      '',
      cod
        ? 'Nothing was charged for them.'
        : 'What you paid for them is refunded in full to your original payment method; there is no cancellation charge.',
      ...(cod && standing.dueOnDeliveryPaise > 0
        ? [
            `For the rest of the order, please pay ${formatPaise(standing.dueOnDeliveryPaise)} in cash on delivery.`,
          ]
        : []),
      '',
      `— ${shopName}`,
    ].join('\n'),
  }
  await enqueue(tx, 'mail', { mail }, { dedupeKey: `cancel-mail:${orderId}:${parts.join(',')}` })
}
