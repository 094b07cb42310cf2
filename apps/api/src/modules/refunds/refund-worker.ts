import { formatOrderNumber, REFUND_CAUSE_LABELS } from '@techbazaar/shared'
import { and, asc, eq, isNotNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orders, outbox, payments, refunds } from '../../db/schema'
import { outboxKeys } from '../../jobs/outbox'
import { PermanentFailure } from '../../jobs/worker'
import type { Payments } from '../../payments'
import { isRefusal } from '../../payments/refund-support'
import { type PaymentProvider, type RefundInput, type RefundOutcome } from '../../payments/types'
import { recordRefundProgress, UNANSWERED_FAILURE, type RefundPolicy } from './ledger'

export interface RefundWorkerDeps {
  db: Db
  payments: Payments
  policy: Pick<RefundPolicy, 'now' | 'shopName'>
}

/** Refunds asked about per poll (oldest first); the rest wait for the next one. */
const POLL_BATCH = 50

/** What the provider needs to find the payment and the refund, read from the ledger. */
async function refundCall(db: Db, refundId: string) {
  const [row] = await db
    .select({ refund: refunds, payment: payments, orderNumber: orders.orderNumber })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .leftJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, refundId))
  if (!row) return null
  const { refund, payment } = row
  if (!payment?.providerOrderId || !refund.providerRefundId) return { refund, input: null }
  const input: RefundInput = {
    providerOrderId: payment.providerOrderId,
    providerPaymentId: payment.providerPaymentId,
    amountPaise: refund.amountPaise,
    providerRefundId: refund.providerRefundId,
    note: `${REFUND_CAUSE_LABELS[refund.cause]} of order ${formatOrderNumber(row.orderNumber)}`,
  }
  return { refund, input }
}

function progressOf(outcome: RefundOutcome) {
  switch (outcome.state) {
    case 'completed':
      return { state: 'completed' as const, reference: outcome.reference }
    case 'failed':
      return { state: 'failed' as const, reference: outcome.reference, failure: outcome.message }
    case 'pending':
      return { state: 'initiated' as const, reference: outcome.reference }
  }
}

async function record(deps: RefundWorkerDeps, refundId: string, outcome: RefundOutcome) {
  await deps.db.transaction((tx) =>
    recordRefundProgress(tx, deps.policy, refundId, progressOf(outcome)),
  )
}

async function fail(deps: RefundWorkerDeps, refundId: string, failure: string) {
  await deps.db.transaction((tx) =>
    recordRefundProgress(tx, deps.policy, refundId, { state: 'failed', failure }),
  )
}

/**
 * The outbox's `payment.refund`: asks the provider for one attempt of a refund. Its id is ours
 * and the same on every delivery of the item, so a crash between the provider's "accepted" and
 * our record is harmless: the next delivery hears the same refund back, never a second one.
 * A refusal, or the last attempt failing, leaves the refund `failed` (shown to admins, who retry
 * it), never silently lost. Once accepted, its status is asked at once (a sandbox or a quick
 * provider may have finished) and then by `pollRefunds`.
 */
export async function deliverRefund(
  deps: RefundWorkerDeps,
  refundId: string,
  attempt: { number: number; last: boolean },
): Promise<void> {
  const call = await refundCall(deps.db, refundId)
  if (!call || call.refund.status !== 'pending') return
  const adapter = call.refund.provider ? deps.payments.provider(call.refund.provider) : undefined
  if (!adapter || !call.input) {
    const why = `${call.refund.provider ?? 'The payment'} cannot be refunded here: it is not configured`
    await fail(deps, refundId, why)
    throw new PermanentFailure(why)
  }
  let outcome: RefundOutcome
  try {
    outcome = await adapter.refund(call.input)
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err)
    if (isRefusal(err)) {
      await fail(deps, refundId, message)
      throw new PermanentFailure(message)
    }
    if (attempt.last) await fail(deps, refundId, `${UNANSWERED_FAILURE}: ${message}`)
    throw err
  }
  await record(deps, refundId, outcome)
  if (outcome.state === 'pending') {
    await askProvider(deps, adapter, call.input, outcome.reference, refundId)
  }
}

async function askProvider(
  deps: RefundWorkerDeps,
  adapter: PaymentProvider,
  input: RefundInput,
  reference: string | null | undefined,
  refundId: string,
): Promise<void> {
  const outcome = await adapter.refundStatus({ ...input, reference: reference ?? null })
  if (outcome.state !== 'pending') await record(deps, refundId, outcome)
}

/**
 * The periodic job: every refund a provider accepted and has not finished is asked about, so a
 * provider without notifications (or a lost one) still completes. Answers how many moved.
 */
export async function pollRefunds(
  deps: RefundWorkerDeps,
  log: { warn: (obj: object, msg: string) => void },
): Promise<void> {
  await failAbandoned(deps)
  const open = await deps.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, 'initiated'), isNotNull(refunds.provider)))
    .orderBy(asc(refunds.updatedAt))
    .limit(POLL_BATCH)
  for (const { id } of open) {
    const call = await refundCall(deps.db, id)
    const adapter = call?.refund.provider ? deps.payments.provider(call.refund.provider) : undefined
    if (!call?.input || !adapter) continue
    try {
      await askProvider(deps, adapter, call.input, call.refund.reference, id)
    } catch (err) {
      // One provider's outage must not stop the others' refunds; the next poll asks again.
      log.warn({ refundId: id, err }, 'refund status could not be read')
    }
  }
}

/**
 * A refund whose outbox item was given up without the worker marking it (a database error on its
 * last attempt, a handler timed out) would wait in `pending` for ever: it is marked failed as
 * unanswered, so admins see it and its retry asks the provider under the same id.
 */
async function failAbandoned(deps: RefundWorkerDeps): Promise<void> {
  const abandoned = await deps.db
    .select({ id: refunds.id })
    .from(refunds)
    .innerJoin(outbox, eq(outbox.dedupeKey, outboxKeys.refundSql(refunds.id, refunds.attempt)))
    .where(and(eq(refunds.status, 'pending'), eq(outbox.status, 'dead')))
    .limit(POLL_BATCH)
  for (const { id } of abandoned) {
    await fail(deps, id, `${UNANSWERED_FAILURE}: its delivery was given up`)
  }
}

/**
 * A provider's refund notification (signature already checked). Like a payment's, it is only a
 * prompt: the refund's state is asked of the provider before the ledger moves. Answers the order
 * it belongs to, or null when no refund of ours has that id.
 */
export async function applyRefundNotification(
  deps: RefundWorkerDeps,
  adapter: PaymentProvider,
  providerRefundId: string,
): Promise<string | null> {
  const [row] = await deps.db
    .select({ id: refunds.id, orderId: refunds.orderId })
    .from(refunds)
    .where(eq(refunds.providerRefundId, providerRefundId))
  if (!row) return null
  const call = await refundCall(deps.db, row.id)
  if (call?.input) await askProvider(deps, adapter, call.input, call.refund.reference, row.id)
  return row.orderId
}
