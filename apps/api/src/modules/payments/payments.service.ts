import {
  formatOrderNumber,
  type OrderPaymentMethod,
  type PaymentStatus,
  type SessionUser,
} from '@techbazaar/shared'
import { and, desc, eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { AppDeps } from '../../app-types'
import type { Db } from '../../db/client'
import { orders, paymentEvents, payments, users } from '../../db/schema'
import { badRequest, notFound } from '../../lib/errors'
import type { Mailer } from '../../lib/mail'
import type { ShopMetrics } from '../../lib/metrics'
import type { Payments } from '../../payments'
import type { ProviderStatus, VerifiedEvent, VerifiedRefundEvent } from '../../payments/types'
import { applyRefundNotification } from '../refunds'
import { refundPolicy, type LifecycleContext, recordLatePayment, moveOrder } from '../lifecycle'
import { lockOrder } from '../kernel'
import { isLiveAttempt, makeLiveAttempt, type PaymentRow } from '../checkouts'

/**
 * The payments' dependencies as the app built them, once per route plugin; each request adds only
 * its own logger (its lines carry the request's id). The orders routes (Pay now, Cancel) use it too.
 */
export function paymentDepsOf(deps: AppDeps) {
  const base = {
    db: deps.db,
    payments: deps.payments,
    mailer: deps.mailer,
    metrics: deps.metrics,
    lifecycle: deps.lifecycle,
    now: deps.now,
    appUrl: deps.config.appUrl,
  }
  return (log: FastifyBaseLogger) => ({ ...base, log })
}

export interface PaymentDeps {
  db: Db
  payments: Payments
  mailer: Mailer
  log: FastifyBaseLogger
  metrics: Pick<ShopMetrics, 'paymentCaptured' | 'paymentFailed'>
  /** The order moves a payment makes (pay, fail, a late payment's refund). */
  lifecycle: LifecycleContext
}

/** The provider's word agrees with our record: same order, amount and currency. */
function matches(payment: PaymentRow, status: ProviderStatus, currency: string): boolean {
  return (
    status.providerOrderId === payment.providerOrderId &&
    status.amountPaise === payment.amountPaise &&
    status.currency === currency
  )
}

/**
 * Applies the provider's re-fetched status to the order, recording `eventId` once. The event row
 * and the state change share one transaction; the order only moves while it is still pending.
 * Answers the order's payment status afterwards.
 */
async function apply(
  deps: PaymentDeps,
  payment: PaymentRow,
  status: ProviderStatus,
  event: { eventId: string; type: string; payload: unknown; providerPaymentId?: string },
): Promise<{ changed: boolean; paymentStatus: PaymentStatus }> {
  const outcome = await deps.db.transaction(async (tx) => {
    // The order first, as every writer of its rows takes it (the event's row holds the payment's).
    await lockOrder(tx, payment.orderId)
    const recorded = await tx
      .insert(paymentEvents)
      .values({
        paymentId: payment.id,
        provider: payment.provider,
        eventId: event.eventId,
        type: event.type,
        payload: event.payload ?? {},
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id })
    if (recorded.length === 0) return 'replayed' as const
    if (status.state === 'paid') {
      if (await makeLiveAttempt(tx, payment)) {
        const paid = await moveOrder(tx, deps.lifecycle, {
          orderId: payment.orderId,
          event: 'pay',
          actor: { kind: 'provider' },
          payment: { providerPaymentId: event.providerPaymentId },
        })
        if (paid.changed) return 'paid' as const
      }
      // Paid twice (another attempt paid the order) or after the order ended: refunded.
      return (await recordLatePayment(
        tx,
        refundPolicy(deps.lifecycle),
        payment,
        event.providerPaymentId,
      ))
        ? ('late' as const)
        : ('unchanged' as const)
    }
    // Only the live checkout's failure ends the order; a superseded one's closing changes nothing.
    if (!(await isLiveAttempt(tx, payment))) return 'unchanged' as const
    const failed = await moveOrder(tx, deps.lifecycle, {
      orderId: payment.orderId,
      event: 'failPayment',
      actor: { kind: 'provider' },
    })
    return failed.changed ? ('failed' as const) : ('unchanged' as const)
  })
  if (outcome === 'paid') deps.metrics.paymentCaptured(payment.provider)
  if (outcome === 'failed') deps.metrics.paymentFailed(payment.provider, 'declined')
  if (outcome === 'late') {
    // Paid after the order had ended: recorded, and its refund queued (the outbox asks the
    // provider). Logged for the operator, who may want to tell the shopper.
    deps.log.warn(
      {
        orderId: payment.orderId,
        provider: payment.provider,
        providerOrderId: payment.providerOrderId,
      },
      'payment received for an order that was paid or had ended: refund queued',
    )
  }
  const [order] = await deps.db
    .select({ paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, payment.orderId))
  return {
    changed: outcome === 'paid' || outcome === 'failed',
    paymentStatus: order?.paymentStatus ?? 'pending',
  }
}

/**
 * A signed notification: the signature is checked on the raw body, its amount and currency
 * against our record, then the status is re-fetched from the provider before anything changes.
 */
export async function handleWebhook(
  deps: PaymentDeps,
  providerName: string,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
): Promise<{ applied: boolean; orderId: string; ack?: Record<string, unknown> }> {
  const provider = deps.payments.provider(providerName.toUpperCase())
  if (!provider) throw notFound('Unknown payment provider')
  let refundEvent: VerifiedRefundEvent | null
  try {
    refundEvent = provider.parseRefundWebhook?.(rawBody, headers) ?? null
  } catch {
    throw badRequest('Invalid webhook signature')
  }
  if (refundEvent) {
    const refundDeps = {
      db: deps.db,
      payments: deps.payments,
      policy: refundPolicy(deps.lifecycle),
    }
    const orderId = await applyRefundNotification(
      refundDeps,
      provider,
      refundEvent.providerRefundId,
    )
    // A refund made in the provider's own dashboard is not ours: acknowledged, so it is not
    // sent again for ever, and left alone.
    return { applied: orderId !== null, orderId: orderId ?? '', ack: provider.webhookAck }
  }
  let event: VerifiedEvent
  try {
    event = provider.verifyWebhook(rawBody, headers)
  } catch {
    throw badRequest('Invalid webhook signature')
  }
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.provider, provider.name),
        eq(payments.providerOrderId, event.providerOrderId),
      ),
    )
  if (!payment) throw notFound('Unknown order')
  const currency = provider.currency ?? 'INR'
  if (event.amountPaise !== payment.amountPaise || event.currency !== currency) {
    deps.log.warn({ orderId: payment.orderId, event: event.eventId }, 'webhook amount mismatch')
    throw badRequest('Amount or currency does not match the order')
  }
  let status = await provider.fetchStatus(payment.providerOrderId!)
  if (!matches(payment, status, currency)) {
    deps.log.warn({ orderId: payment.orderId }, 'provider status does not match the order')
    throw badRequest('Amount or currency does not match the order')
  }
  // A failed attempt leaves the provider order open for retries; the shop closes it instead
  // (failing the order queues the provider's termination), so the stock can return and no
  // later payment lands on a cancelled order.
  if (event.state === 'failed' && status.state === 'pending') {
    status = { ...status, state: 'failed' }
  }
  if (event.state === 'pending' || (event.state === 'paid' && status.state !== 'paid')) {
    return { applied: false, orderId: payment.orderId, ack: provider.webhookAck }
  }
  const { changed } = await apply(deps, payment, status, event)
  return { applied: changed, orderId: payment.orderId, ack: provider.webhookAck }
}

/**
 * The caller's payment attempts (newest first) of one order, or the one attempt a checkout
 * session names, with the order's fields; undefined for anyone else's (never another shopper's).
 */
async function ownAttempts(
  db: Db,
  user: SessionUser,
  where: { orderId?: string; sessionId?: string },
) {
  const rows = await db
    .select({
      payment: payments,
      userId: orders.userId,
      orderNumber: orders.orderNumber,
      method: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      where.orderId
        ? eq(payments.orderId, where.orderId)
        : eq(payments.sessionId, where.sessionId ?? ''),
    )
    .orderBy(desc(payments.createdAt))
  const [first] = rows
  if (!first || first.userId !== user.id) return undefined
  return { ...first, attempts: rows.map((r) => r.payment) }
}

/** The attempt a checkout session names, while it is the caller's order's live checkout. */
async function liveSession(deps: PaymentDeps, user: SessionUser, sessionId: string) {
  const row = await ownAttempts(deps.db, user, { sessionId })
  const provider = row ? deps.payments.provider(row.payment.provider) : undefined
  if (!row || !provider || row.paymentStatus !== 'pending' || row.payment.status !== 'pending') {
    throw badRequest('Payment link is invalid, expired, or already used.')
  }
  return { payment: row.payment, provider }
}

/** The caller's order without an online payment (cash on delivery), or undefined. */
async function ownCodOrder(db: Db, user: SessionUser, orderId: string) {
  const [row] = await db
    .select({
      userId: orders.userId,
      method: orders.paymentMethod,
      status: orders.paymentStatus,
      orderNumber: orders.orderNumber,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
  return row && row.userId === user.id && row.method === 'COD' ? row : undefined
}

export interface Reconciled {
  orderId: string
  /** TB-10234: what the shopper reads. */
  orderNumber: string
  paymentMethod: OrderPaymentMethod
  paymentStatus: PaymentStatus
}

/**
 * Re-checks an order's payment with the provider and applies the answer (capture, the return
 * pages). Whatever the browser claims, only the provider's own status moves the order. The
 * owner's cash-on-delivery order has no online payment: it is answered as it stands.
 */
export async function reconcile(
  deps: PaymentDeps,
  user: SessionUser,
  where: { orderId?: string; sessionId?: string },
): Promise<Reconciled> {
  const row = await ownAttempts(deps.db, user, where)
  if (!row) {
    const cod = where.orderId ? await ownCodOrder(deps.db, user, where.orderId) : undefined
    if (!cod || !where.orderId) throw notFound('Order not found')
    return {
      orderId: where.orderId,
      orderNumber: formatOrderNumber(cod.orderNumber),
      paymentMethod: 'COD',
      paymentStatus: cod.status,
    }
  }
  const answer = (paymentStatus: PaymentStatus): Reconciled => ({
    orderId: row.payment.orderId,
    orderNumber: formatOrderNumber(row.orderNumber),
    paymentMethod: row.method,
    paymentStatus,
  })
  if (row.paymentStatus !== 'pending') return answer(row.paymentStatus)
  const settled = await settledAttempt(deps, row.attempts)
  if (!settled) return answer('pending')
  const { payment, status } = settled
  const { paymentStatus } = await apply(deps, payment, status, {
    eventId: `status:${payment.providerOrderId}:${status.state}`,
    type: 'STATUS_CHECK',
    payload: status,
    providerPaymentId: status.providerPaymentId,
  })
  return answer(paymentStatus)
}

/**
 * Asks the provider about each checkout of a waiting order (any of them may have been paid) and
 * answers the one to apply: a payment first, else the live checkout's failure; null while
 * nothing is settled. A status that does not match our record is logged and left alone.
 */
async function settledAttempt(
  deps: PaymentDeps,
  attempts: PaymentRow[],
): Promise<{ payment: PaymentRow; status: ProviderStatus } | null> {
  let failedLive: { payment: PaymentRow; status: ProviderStatus } | null = null
  for (const payment of attempts) {
    if (!payment.providerOrderId || (payment.status !== 'pending' && payment.status !== 'failed')) {
      continue
    }
    const provider = deps.payments.provider(payment.provider)
    if (!provider) throw notFound('Unknown payment provider')
    const status = await provider.fetchStatus(payment.providerOrderId)
    if (status.state === 'pending') continue
    if (!matches(payment, status, provider.currency ?? 'INR')) {
      deps.log.warn({ orderId: payment.orderId }, 'provider status does not match the order')
      continue
    }
    if (status.state === 'paid') return { payment, status }
    if (payment.status === 'pending') failedLive = { payment, status }
  }
  return failedLive
}

/** The hosted-form POST (PayU) for the caller's live checkout session. */
export async function hostedFormFor(
  deps: PaymentDeps & { appUrl: string },
  user: SessionUser,
  sessionId: string,
) {
  const { payment, provider } = await liveSession(deps, user, sessionId)
  if (!provider.hostedForm || !payment.providerOrderId) {
    throw badRequest('Payment link is invalid, expired, or already used.')
  }
  const [customer] = await deps.db
    .select({
      name: users.userName,
      email: users.email,
      phone: users.mobile,
      address: orders.addressInfo,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, payment.orderId))
  const form = provider.hostedForm({
    orderId: payment.orderId,
    providerOrderId: payment.providerOrderId,
    amountPaise: payment.amountPaise,
    customer: {
      name: customer?.name ?? 'Customer',
      email: customer?.email ?? '',
      phone: (customer?.phone ?? customer?.address.phone ?? '').replace(/\D/g, '').slice(-10),
    },
    returnUrl: `${deps.appUrl}/api/payments/return/${provider.name.toLowerCase()}`,
  })
  return { form, amountPaise: payment.amountPaise, provider: provider.name }
}

/** What /deposit needs for the caller's live checkout session. */
export async function depositFor(deps: PaymentDeps, user: SessionUser, sessionId: string) {
  const { provider } = await liveSession(deps, user, sessionId)
  return provider.deposit(sessionId)
}
