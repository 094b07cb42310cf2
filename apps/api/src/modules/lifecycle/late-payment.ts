import { and, eq, inArray, ne } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { orders, payments } from '../../db/schema'
import { oweRefund, type RefundPolicy } from '../refunds'
import { recordHistory } from '../kernel'

type PaymentRow = typeof payments.$inferSelect

/**
 * A payment the provider confirms for an order that had already ended (rejected, cancelled,
 * expired, failed) or that another checkout attempt had already paid: the money is recorded as
 * taken, the timeline says so, and its refund is owed in the same transaction. Once per
 * payment; answers whether this call recorded it.
 */
export async function recordLatePayment(
  tx: Tx,
  policy: RefundPolicy,
  payment: PaymentRow,
  providerPaymentId: string | undefined,
): Promise<boolean> {
  const [taken] = await tx
    .update(payments)
    .set({ status: 'paid', providerPaymentId: providerPaymentId ?? payment.providerPaymentId })
    .where(and(eq(payments.id, payment.id), inArray(payments.status, ['pending', 'failed'])))
    .returning()
  if (!taken) return false
  // An order another attempt paid keeps that payment as its own (issue 26.3: paid twice).
  await tx
    .update(orders)
    .set({ paymentStatus: 'paid', paymentId: taken.providerPaymentId })
    .where(and(eq(orders.id, payment.orderId), ne(orders.paymentStatus, 'paid')))
  await recordHistory(tx, {
    orderId: payment.orderId,
    event: 'latePayment',
    actor: 'provider',
    note: `${payment.provider} payment ${taken.providerPaymentId ?? taken.providerOrderId ?? ''}`.trim(),
  })
  await oweRefund(tx, policy, {
    orderId: payment.orderId,
    subOrderId: null,
    cause: 'latePayment',
    sourceKey: `late:${taken.id}`,
    amountPaise: taken.amountPaise,
    paymentId: taken.id,
  })
  return true
}
