import { formatRupees, paiseToRupees } from '@techbazaar/shared'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '../../../db/client'
import { orders, payments } from '../../../db/schema'
import { queueRefund } from './effects'
import { recordHistory } from './history'

type PaymentRow = typeof payments.$inferSelect

/**
 * A payment the provider confirms for an order that had already ended (rejected, cancelled,
 * expired, failed): the money is recorded as taken, the timeline says so, and its refund is queued
 * in the same transaction. Once per payment; answers whether this call recorded it.
 */
export async function recordLatePayment(
  tx: Tx,
  payment: PaymentRow,
  providerPaymentId: string | undefined,
): Promise<boolean> {
  const [taken] = await tx
    .update(payments)
    .set({ status: 'paid', providerPaymentId: providerPaymentId ?? payment.providerPaymentId })
    .where(and(eq(payments.id, payment.id), inArray(payments.status, ['pending', 'failed'])))
    .returning()
  if (!taken) return false
  await tx
    .update(orders)
    .set({ paymentStatus: 'paid', paymentId: taken.providerPaymentId })
    .where(eq(orders.id, payment.orderId))
  await recordHistory(tx, {
    orderId: payment.orderId,
    event: 'latePayment',
    actor: 'provider',
    note: `${payment.provider} payment ${taken.providerPaymentId ?? taken.providerOrderId ?? ''}`.trim(),
  })
  await queueRefund(tx, taken, taken.amountPaise)
  return true
}

/** The provider accepted a queued refund: the payment and the order read refunded, once. */
export async function recordRefund(
  db: Db,
  refund: { paymentId: string; orderId: string; amountPaise: number; provider: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [refunded] = await tx
      .update(payments)
      .set({ status: 'refunded' })
      .where(and(eq(payments.id, refund.paymentId), eq(payments.status, 'paid')))
      .returning({ id: payments.id })
    if (!refunded) return
    await tx.update(orders).set({ paymentStatus: 'refunded' }).where(eq(orders.id, refund.orderId))
    await recordHistory(tx, {
      orderId: refund.orderId,
      event: 'refund',
      actor: 'provider',
      note: `${formatRupees(paiseToRupees(refund.amountPaise))} to the original payment method (${refund.provider})`,
    })
  })
}
