import {
  formatPaise,
  type PayoutAccount,
  REFUND_MACHINE,
  type RefundCause,
  type RefundEvent,
} from '@techbazaar/shared'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { statusMover } from '../../db/move-status'
import { orders, payments, refunds, subOrders } from '../../db/schema'
import { enqueue, outboxKeys } from '../../jobs/outbox'
import { conflict, notFound } from '../../lib/errors'
import { recordHistory, lockOrder } from '../kernel'
import { queueRefundMail } from './refund-mail'

const DAY_MS = 24 * 60 * 60 * 1000

export type RefundRow = typeof refunds.$inferSelect

/** What the ledger needs of the shop's policy and clock. */
export interface RefundPolicy {
  /** Days the shop promises a refund within (REFUND_DAYS). */
  refundDays: number
  shopName: string
  now: () => Date
}

/** Money that one cause owes back to the shopper. */
export interface OwedRefund {
  orderId: string
  /** The seller's part it refunds; null for a refund of the whole payment (a late payment). */
  subOrderId: string | null
  returnId?: string | null
  cause: RefundCause
  /**
   * Names the cause, unique across the shop (`cancel:<subOrderId>`, `return:<returnId>`, ...):
   * asking again for the same key answers the refund made the first time.
   */
  sourceKey: string
  amountPaise: number
  /** Where a cash-on-delivery refund is paid (the shopper gave it with the return). */
  payout?: PayoutAccount | null
  /** The payment to refund (a late payment's own); else the order's first with money left. */
  paymentId?: string
}

/**
 * The id a provider holds a refund under: ours, with the attempt (a retry after the provider
 * failed the first is a new refund there). Letters and digits, 23 characters at most through
 * attempt 99, which every provider takes (PayU's token is the shortest, 23); 72 bits of the
 * refund's random id keep it unique.
 */
export function providerRefundIdFor(refundId: string, attempt: number): string {
  return `RF${refundId.replace(/-/g, '').slice(0, 18)}A${attempt}`
}

/**
 * Money captured for an order: what online payments took (refunded ones included: their refunds
 * count against it below), or for cash on delivery the cash the couriers collected, i.e. the
 * parts delivered. Shipping charges are not part of any sub-order, so never refunded.
 */
async function capturedPaise(tx: Tx, orderId: string, method: string): Promise<number> {
  if (method === 'COD') {
    const [row] = await tx
      .select({ paise: sql<number>`coalesce(sum(${subOrders.subtotalPaise}), 0)::int` })
      .from(subOrders)
      .where(and(eq(subOrders.orderId, orderId), eq(subOrders.status, 'delivered')))
    return row?.paise ?? 0
  }
  const [row] = await tx
    .select({ paise: sql<number>`coalesce(sum(${payments.amountPaise}), 0)::int` })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['paid', 'refunded'])))
  return row?.paise ?? 0
}

async function refundedPaise(tx: Tx, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ paise: sql<number>`coalesce(sum(${refunds.amountPaise}), 0)::int` })
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
  return row?.paise ?? 0
}

/**
 * Records a refund owed, in the caller's transaction, and (for online payments) queues the
 * provider call in the outbox. The only way a refund row is made:
 * - the order row is locked first, so two refunds of one order are decided one after the other
 *   and their sum never exceeds what was captured (the amount is capped at what is left; nothing
 *   left, nothing owed: answers null);
 * - `sourceKey` is unique: a second ask (a retried request, a double click) answers the first.
 * A cash-on-delivery refund waits for the shop to pay it to the shopper's account (`pending`).
 */
export async function oweRefund(
  tx: Tx,
  policy: RefundPolicy,
  owed: OwedRefund,
): Promise<RefundRow | null> {
  const locked = await lockOrder(tx, owed.orderId)
  if (!locked) throw notFound('Order not found')
  const order = { id: locked.id, method: locked.paymentMethod }
  const [existing] = await tx.select().from(refunds).where(eq(refunds.sourceKey, owed.sourceKey))
  if (existing) return existing

  const left =
    (await capturedPaise(tx, order.id, order.method)) - (await refundedPaise(tx, order.id))
  if (left <= 0 || owed.amountPaise <= 0) return null

  let amountPaise = Math.min(owed.amountPaise, left)
  let paymentId: string | null = null
  let provider: string | null = null
  if (order.method !== 'COD') {
    const [paid] = await tx
      .select({ id: payments.id, provider: payments.provider, amountPaise: payments.amountPaise })
      .from(payments)
      .where(
        and(
          eq(payments.orderId, order.id),
          inArray(payments.status, ['paid', 'refunded']),
          owed.paymentId ? eq(payments.id, owed.paymentId) : undefined,
          // An order paid twice (issue 26.3) has a payment its late refund used up: skip it.
          sql`${payments.amountPaise} > coalesce((select sum(${refunds.amountPaise}) from ${refunds} where ${refunds.paymentId} = ${payments.id}), 0)`,
        ),
      )
      .orderBy(payments.createdAt, payments.id)
      .limit(1)
    if (!paid) return null
    // A provider refunds a payment, not an order: never more than that payment has left.
    const [onPayment] = await tx
      .select({ paise: sql<number>`coalesce(sum(${refunds.amountPaise}), 0)::int` })
      .from(refunds)
      .where(eq(refunds.paymentId, paid.id))
    amountPaise = Math.min(amountPaise, paid.amountPaise - (onPayment?.paise ?? 0))
    if (amountPaise <= 0) return null
    paymentId = paid.id
    provider = paid.provider
  } else if (!owed.payout) {
    throw conflict('Tell us where to send the refund: a UPI id or a bank account')
  }

  const now = policy.now()
  const id = crypto.randomUUID()
  const [created] = await tx
    .insert(refunds)
    .values({
      id,
      orderId: order.id,
      subOrderId: owed.subOrderId,
      returnId: owed.returnId ?? null,
      paymentId,
      sourceKey: owed.sourceKey,
      cause: owed.cause,
      method: order.method === 'COD' ? (owed.payout?.kind ?? 'upi') : 'original',
      provider,
      amountPaise,
      providerRefundId: provider ? providerRefundIdFor(id, 1) : null,
      payout: order.method === 'COD' ? (owed.payout ?? null) : null,
      expectedBy: new Date(now.getTime() + policy.refundDays * DAY_MS),
      createdAt: now,
    })
    .returning()
  if (!created) throw new Error('refund not recorded')
  if (provider) await queueProviderRefund(tx, created)
  await recordHistory(tx, {
    orderId: order.id,
    subOrderId: owed.subOrderId,
    event: 'refund',
    actor: 'system',
    note: `${formatPaise(amountPaise)} to ${provider ? `the original payment method (${provider})` : 'the account you gave'}`,
  })
  await queueRefundMail(tx, created, 'initiated', policy.shopName)
  return created
}

/** The provider call of one attempt, delivered by the worker (jobs/shop-jobs.ts). */
async function queueProviderRefund(tx: Tx, refund: RefundRow): Promise<void> {
  await enqueue(
    tx,
    'payment.refund',
    { refundId: refund.id },
    { dedupeKey: outboxKeys.refund(refund.id, refund.attempt) },
  )
}

/**
 * How the worker's failure begins when the provider never answered (the outbox's last attempt
 * could not connect, timed out or met a 5xx). The provider may have made the refund all the same.
 */
export const UNANSWERED_FAILURE = 'The provider could not be reached'

/**
 * An admin retries a refund the provider failed: a new attempt, queued again, conditional on
 * `failed` so two clicks make one attempt. It goes under a new provider id when the provider
 * refused or failed the last one; one it never answered is asked again under the same id, which
 * the provider answers with the refund it may have made: never a second one.
 */
export async function retryRefund(tx: Tx, refundId: string): Promise<RefundRow> {
  await lockOrderOf(tx, refundId)
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update')
  if (!row) throw notFound('Refund not found')
  if (row.status !== 'failed') throw conflict('Only a failed refund can be retried')
  if (!row.provider) throw conflict('This refund is paid by hand: record its payout instead')
  const attempt = row.attempt + 1
  const unanswered = row.failure?.startsWith(UNANSWERED_FAILURE) ?? false
  const retried = await moveRefund(tx, refundId, 'retry', {
    attempt,
    providerRefundId: unanswered ? row.providerRefundId : providerRefundIdFor(row.id, attempt),
    failure: null,
    reference: null,
  })
  if (!retried) throw conflict('Only a failed refund can be retried')
  await queueProviderRefund(tx, retried)
  return retried
}

/** Refunds move only by REFUND_MACHINE's events (packages/shared refunds.ts). */
const moveRefund = statusMover(refunds, REFUND_MACHINE)

/** Where a refund stands, as the provider (or the shop's payout) reports it. */
export interface RefundProgress {
  state: 'initiated' | 'completed' | 'failed'
  reference?: string | null
  failure?: string | null
}
const PROGRESS_EVENT = {
  initiated: 'initiate',
  completed: 'complete',
  failed: 'fail',
} as const satisfies Record<RefundProgress['state'], RefundEvent>

/**
 * Moves a refund forward (pending → initiated → completed, or to failed), once: a replayed
 * webhook or a poll racing it changes nothing. A completed refund writes the timeline and mails
 * the shopper; an order refunded in full reads "Refunded".
 */
export async function recordRefundProgress(
  tx: Tx,
  policy: Pick<RefundPolicy, 'now' | 'shopName'>,
  refundId: string,
  progress: RefundProgress,
): Promise<RefundRow | null> {
  await lockOrderOf(tx, refundId)
  const moved = await moveRefund(tx, refundId, PROGRESS_EVENT[progress.state], {
    ...(progress.reference ? { reference: progress.reference } : {}),
    failure: progress.state === 'failed' ? (progress.failure ?? 'The provider failed it') : null,
    completedAt: progress.state === 'completed' ? policy.now() : null,
  })
  if (!moved) return null
  if (progress.state === 'completed') {
    await markOrderRefunded(tx, moved.orderId)
    await recordHistory(tx, {
      orderId: moved.orderId,
      subOrderId: moved.subOrderId,
      event: 'refundPaid',
      actor: moved.provider ? 'provider' : 'admin',
      note: `${formatPaise(moved.amountPaise)}${moved.reference ? `, reference ${moved.reference}` : ''}`,
    })
    await queueRefundMail(tx, moved, 'completed', policy.shopName)
  } else if (progress.state === 'failed') {
    await recordHistory(tx, {
      orderId: moved.orderId,
      subOrderId: moved.subOrderId,
      event: 'refundFailed',
      actor: 'provider',
      // The provider's words are for admins (the Refunds page), not the shopper's timeline.
      note: null,
    })
  }
  return moved
}

/**
 * Locks the order a refund belongs to. Everything that changes refunds takes the order row first
 * (as moveOrder and oweRefund do), so they never deadlock and two refunds completing at once
 * see each other when deciding whether the order is refunded in full.
 */
export async function lockOrderOf(tx: Tx, refundId: string): Promise<void> {
  const [row] = await tx
    .select({ orderId: refunds.orderId })
    .from(refunds)
    .where(eq(refunds.id, refundId))
  if (!row) throw notFound('Refund not found')
  await lockOrder(tx, row.orderId)
}

/** When every rupee captured has come back, the order and its payments read "Refunded". */
async function markOrderRefunded(tx: Tx, orderId: string): Promise<void> {
  const [order] = await tx
    .select({ method: orders.paymentMethod })
    .from(orders)
    .where(eq(orders.id, orderId))
  if (!order) return
  const [done] = await tx
    .select({ paise: sql<number>`coalesce(sum(${refunds.amountPaise}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'completed')))
  const captured = await capturedPaise(tx, orderId, order.method)
  if (captured <= 0 || (done?.paise ?? 0) < captured) return
  await tx.update(orders).set({ paymentStatus: 'refunded' }).where(eq(orders.id, orderId))
  await tx
    .update(payments)
    .set({ status: 'refunded' })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'paid')))
}
