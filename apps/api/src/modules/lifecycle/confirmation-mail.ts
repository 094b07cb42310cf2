import {
  type OrderStatus,
  type PaymentStatus,
  formatOrderNumber,
  formatPaise,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
} from '@techbazaar/shared'
import { eq, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { orderLines, orders, users } from '../../db/schema'
import { enqueueItems, type OutboxItem } from '../../jobs/outbox'
import { smsRupees } from '../../sms'
import { smsItemTo, smsRecipientColumns, type SmsRecipient } from '../kernel'

/**
 * Queues the confirmation mail (number, status, lines and total, in the words the shop shows) in
 * the transaction that confirmed the order: the mail goes out exactly when the order exists, and
 * a mail server that is down delays it, never loses it (the outbox retries). Once per order.
 */
export async function queueOrderConfirmation(
  tx: Tx,
  orderId: string,
  shopName: string,
): Promise<void> {
  // One read: the order, its buyer (mail and SMS) and its lines, title order.
  const [order] = await tx
    .select({
      number: orders.orderNumber,
      status: orders.orderStatus,
      paymentStatus: orders.paymentStatus,
      total: orders.totalPaise,
      method: orders.paymentMethod,
      email: users.email,
      name: users.userName,
      ...smsRecipientColumns,
      lines: sql<{ title: string; quantity: number; price: number }[]>`(
        SELECT coalesce(json_agg(json_build_object(
          'title', ${orderLines.title}, 'quantity', ${orderLines.quantity},
          'price', ${orderLines.unitPricePaise}) ORDER BY ${orderLines.title}), '[]'::json)
        FROM ${orderLines} WHERE ${orderLines.orderId} = ${orders.id})`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
  if (!order) throw new Error(`order ${orderId} not found for its confirmation`)
  await enqueueItems(tx, orderConfirmationItems(orderId, order, shopName))
}

/** What the confirmation says: the order as confirmed, its buyer, its lines in title order. */
export interface ConfirmedOrder extends SmsRecipient {
  number: number
  status: OrderStatus
  paymentStatus: PaymentStatus
  total: number
  method: keyof typeof PAYMENT_METHOD_LABELS
  email: string
  name: string
  lines: { title: string; quantity: number; price: number }[]
}

/**
 * The confirmation's mail and SMS as outbox items, for a caller that queues them itself (order
 * placement has every part in hand and writes them with the key's answer in one statement).
 * Once per order: their dedupe keys are the order's.
 */
export function orderConfirmationItems(
  orderId: string,
  order: ConfirmedOrder,
  shopName: string,
): OutboxItem[] {
  const rows = order.lines.map(
    (l) => `  ${l.quantity} × ${l.title} — ${formatPaise(l.price * l.quantity)}`,
  )
  const number = formatOrderNumber(order.number)
  const mail = {
    to: order.email,
    subject: `Your ${shopName} order ${number} is confirmed`,
    text: [
      `Hi ${order.name},`,
      '',
      `Thank you for your order ${number}. It is confirmed.`,
      '',
      ...rows,
      '',
      `Total: ${formatPaise(order.total)}`,
      `Payment: ${PAYMENT_METHOD_LABELS[order.method]}, ${PAYMENT_STATUS_LABELS[order.paymentStatus]}`,
      `Status: ${ORDER_STATUS_LABELS[order.status]}`,
      '',
      `— ${shopName}`,
    ].join('\n'),
  }
  const sms = smsItemTo(
    order,
    'order_placed',
    { shop: shopName, order: number, total: smsRupees(formatPaise(order.total)) },
    `order-placed:${orderId}`,
  )
  return [
    { kind: 'mail', payload: { mail }, dedupeKey: `order-confirmation:${orderId}` },
    ...(sms ? [sms] : []),
  ]
}
