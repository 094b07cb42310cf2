import {
  describePayout,
  formatOrderNumber,
  formatPaise,
  formatShopDate,
  REFUND_CAUSE_LABELS,
  refundSentence,
} from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { orders, users, type refunds } from '../../db/schema'
import { enqueue } from '../../jobs/outbox'
import { smsRupees } from '../../sms'
import { queueShopperSms } from '../kernel'

type RefundRow = typeof refunds.$inferSelect

/**
 * The shopper's mail at each step of a refund, queued in the step's own transaction (so it says
 * what is true when it committed), once per refund, step and attempt. Its sentence is the one the
 * order details show.
 */
export async function queueRefundMail(
  tx: Tx,
  refund: RefundRow,
  step: 'initiated' | 'completed',
  shopName: string,
): Promise<void> {
  const [order] = await tx
    .select({
      number: orders.orderNumber,
      email: users.email,
      name: users.userName,
      userId: orders.userId,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, refund.orderId))
  if (!order) return
  const number = formatOrderNumber(order.number)
  const amountText = formatPaise(refund.amountPaise)
  const sentence = refundSentence({
    status: step,
    amountText,
    createdOn: formatShopDate(refund.createdAt, 'dayMonth'),
    expectedBy: formatShopDate(refund.expectedBy, 'dayMonth'),
    completedOn: refund.completedAt ? formatShopDate(refund.completedAt, 'dayMonth') : null,
  })
  const where = refund.payout
    ? `It is paid to ${describePayout(refund.payout)}.`
    : 'It goes back to your original payment method.'
  const mail = {
    to: order.email,
    subject:
      step === 'completed'
        ? `Your refund of ${amountText} for order ${number} is complete`
        : `Refund of ${amountText} for order ${number} initiated`,
    text: [
      `Hi ${order.name},`,
      '',
      `${sentence}.`,
      `Order ${number} — ${REFUND_CAUSE_LABELS[refund.cause]}.`,
      step === 'completed' && refund.reference ? `Reference: ${refund.reference}` : where,
      '',
      `— ${shopName}`,
    ].join('\n'),
  }
  await enqueue(tx, 'mail', { mail }, { dedupeKey: `refund-mail:${refund.id}:${step}` })
  // By SMS only when it is done: the money is back (decision 093).
  if (step === 'completed') {
    await queueShopperSms(
      tx,
      order.userId,
      'refund_completed',
      { shop: shopName, order: number, amount: smsRupees(amountText) },
      `refund-completed:${refund.id}`,
    )
  }
}
