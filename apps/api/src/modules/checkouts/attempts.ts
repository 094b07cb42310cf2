import { and, desc, eq, gt, isNull, lte, ne } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { payments } from '../../db/schema'
import { enqueue, outboxKeys } from '../../jobs/outbox'
import { lockOrder } from '../kernel'
import { conflict, tooMany } from '../../lib/errors'
import type { PaymentCheckout } from '../../payments/types'

/**
 * Every provider checkout of an order is its own payments row (issue 26.3), so a payment to any
 * of them is recognised. The newest `pending` row is the live checkout; a newer one supersedes
 * it (`failed`, closed at the provider where it can be).
 * docs/decisions/056-second-outside-attack.md, Issue 26.3.
 */

/** Pay now hands back the live checkout younger than this instead of making another. */
export const REUSE_CHECKOUT_MS = 60_000
/**
 * A checkout asked for this long ago and still unanswered died with its request (each provider
 * call gives up after 10 s; PROVIDER_TIMEOUT_MS in orders/checkout-payment.ts says the same).
 */
const DEAD_CLAIM_MS = 60_000
/** Checkouts one order may start within an hour (placing it counts; its window is PAYMENT_WINDOW_MINUTES, 20 by default). */
export const MAX_CHECKOUTS_PER_HOUR = 5
const HOUR_MS = 60 * 60_000

export type PaymentRow = typeof payments.$inferSelect

export type AttemptClaim = { kind: 'reuse'; paymentUrl: string } | { kind: 'new' }

/**
 * Pay now's turn at the provider, under the order's row lock so simultaneous calls take turns:
 * the live checkout younger than REUSE_CHECKOUT_MS is handed back; one still being asked for
 * answers 409; an order that started MAX_CHECKOUTS_PER_HOUR checkouts within the hour answers
 * 429; otherwise a claim row is written, which `recordAttempt` fills with the provider's answer.
 */
export async function claimAttempt(
  db: Db,
  order: { id: string; provider: string; amountPaise: number },
  now: Date,
): Promise<AttemptClaim> {
  return db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order.id)
    if (locked?.paymentStatus !== 'pending') {
      throw conflict('This order is no longer waiting for its payment.')
    }
    const recent = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.orderId, order.id),
          gt(payments.createdAt, new Date(now.getTime() - HOUR_MS)),
        ),
      )
      .orderBy(desc(payments.createdAt))
    const newest = recent[0]
    if (
      newest?.status === 'pending' &&
      newest.createdAt.getTime() > now.getTime() - REUSE_CHECKOUT_MS
    ) {
      if (newest.checkoutUrl) return { kind: 'reuse', paymentUrl: newest.checkoutUrl }
      if (!newest.providerOrderId) {
        throw conflict('Your payment is being prepared. Please wait a moment and try again.')
      }
    }
    if (recent.length >= MAX_CHECKOUTS_PER_HOUR) {
      const oldest = recent[recent.length - 1]!
      const retryAfterMs = oldest.createdAt.getTime() + HOUR_MS - now.getTime()
      throw tooMany(
        'Too many payment attempts for this order. Please pay on the page you already opened, or cancel the order and place it again.',
        Math.ceil(retryAfterMs / 1000),
      )
    }
    // A claim whose request died never reached a checkout: it is not the live attempt.
    await tx
      .update(payments)
      .set({ status: 'failed' })
      .where(
        and(
          eq(payments.orderId, order.id),
          eq(payments.status, 'pending'),
          isNull(payments.providerOrderId),
          lte(payments.createdAt, new Date(now.getTime() - DEAD_CLAIM_MS)),
        ),
      )
    await tx.insert(payments).values({
      orderId: order.id,
      provider: order.provider,
      amountPaise: order.amountPaise,
      createdAt: now,
    })
    return { kind: 'new' }
  })
}

/**
 * Records a provider checkout as the order's live attempt, in the caller's transaction (which
 * holds the order's row lock): the same checkout handed back again (Cashfree's one order per
 * order) updates its row and drops the claim; a new one fills the claim (or a new row). Every
 * other pending attempt is superseded.
 */
export async function recordAttempt(
  tx: Tx,
  attempt: { orderId: string; provider: string; amountPaise: number },
  checkout: PaymentCheckout,
  checkoutUrl: string | undefined,
): Promise<void> {
  const handle = {
    providerOrderId: checkout.providerOrderId,
    sessionId: checkout.sessionId,
    checkoutUrl: checkoutUrl ?? null,
  }
  const [known] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.provider, attempt.provider),
        eq(payments.providerOrderId, checkout.providerOrderId),
      ),
    )
  let liveId: string
  if (known) {
    await tx.update(payments).set(handle).where(eq(payments.id, known.id))
    await tx
      .delete(payments)
      .where(
        and(
          eq(payments.orderId, attempt.orderId),
          eq(payments.status, 'pending'),
          isNull(payments.providerOrderId),
        ),
      )
    liveId = known.id
  } else {
    const [claim] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.orderId, attempt.orderId),
          eq(payments.status, 'pending'),
          isNull(payments.providerOrderId),
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1)
    if (claim) {
      await tx.update(payments).set(handle).where(eq(payments.id, claim.id))
      liveId = claim.id
    } else {
      const [row] = await tx
        .insert(payments)
        .values({ ...attempt, ...handle })
        .returning({ id: payments.id })
      liveId = row!.id
    }
  }
  await supersedeAttempts(tx, attempt.orderId, liveId)
}

/**
 * Every pending attempt of the order but `liveId` stops being live (`failed`), and its provider
 * checkout is closed by the outbox where the provider has such a call (Cashfree; the others'
 * lapse). A payment that still lands on one is recognised (`makeLiveAttempt`, late payments).
 */
async function supersedeAttempts(tx: Tx, orderId: string, liveId: string): Promise<void> {
  const superseded = await tx
    .update(payments)
    .set({ status: 'failed' })
    .where(
      and(eq(payments.orderId, orderId), eq(payments.status, 'pending'), ne(payments.id, liveId)),
    )
    .returning({ provider: payments.provider, providerOrderId: payments.providerOrderId })
  await closeCheckouts(tx, superseded)
}

/**
 * Queues the close of each provider checkout (once per checkout, through the outbox); providers
 * without such a call ignore it, and a payment that still lands is refunded as a late one.
 */
export async function closeCheckouts(
  tx: Tx,
  checkouts: readonly { provider: string; providerOrderId: string | null }[],
): Promise<void> {
  for (const { provider, providerOrderId } of checkouts) {
    if (!providerOrderId) continue
    await enqueue(
      tx,
      'payment.terminate',
      { provider, providerOrderId },
      { dedupeKey: outboxKeys.terminate(provider, providerOrderId) },
    )
  }
}

/**
 * A payment landed on `payment`: while its order still waits, that attempt becomes the live one
 * (the others superseded), so the `pay` move marks it paid. Answers whether the order waits;
 * when it does not, the payment is a late one (paid twice, or after the order ended).
 */
export async function makeLiveAttempt(tx: Tx, payment: PaymentRow): Promise<boolean> {
  const order = await lockOrder(tx, payment.orderId)
  if (order?.paymentStatus !== 'pending') return false
  await supersedeAttempts(tx, payment.orderId, payment.id)
  await tx
    .update(payments)
    .set({ status: 'pending' })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'failed')))
  return true
}

/** Whether `payment` is the order's live attempt (a superseded one's failure changes nothing). */
export async function isLiveAttempt(tx: Tx, payment: PaymentRow): Promise<boolean> {
  await lockOrder(tx, payment.orderId)
  const [row] = await tx
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.id, payment.id))
  return row?.status === 'pending'
}
