import { formatOrderNumber, type CreateOrderResponse, type SessionUser } from '@techbazaar/shared'
import { and, eq, isNull, lte } from 'drizzle-orm'
import { enqueue, outboxKeys } from '../../jobs/outbox'
import type { Db, Tx } from '../../db/client'
import { type LifecycleContext, moveOrder } from '../lifecycle'
import { idempotencyKeys, orders, users, type AddressSnapshot } from '../../db/schema'
import { AppError, conflict } from '../../lib/errors'
import type { ShopMetrics } from '../../lib/metrics'
import type { PaymentCheckout, PaymentProvider } from '../../payments/types'
import { recordAttempt } from '../checkouts'
import { lockOrder } from '../kernel'

export const ORDER_ROUTE = 'POST /shop/order/create'

/**
 * How long a checkout attempt may run before a retry with its key takes it over. Each provider
 * call gives up after 10 s, so an attempt still unanswered after a minute died between the
 * order's commit and its payment link's (a SIGKILL, a lost machine: decision 30).
 */
export const PROVIDER_TIMEOUT_MS = 60_000

const stillPlacing = () =>
  conflict('This order is still being placed. Please wait a moment and check your orders.')
const orderExpired = () => conflict('This order has expired. Please place it again.')

/** An online order that needs its provider checkout: placed just now, or left by a dead attempt. */
export interface PendingCheckout {
  orderId: string
  /** `TB-10234`, answered with the payment link. */
  orderNumber: string
  totalPaise: number
  address: AddressSnapshot
  expiresAt: Date
  /** A dead attempt may have reached the provider: ask it first, and create with `retry`. */
  resume: boolean
}

export type Replay =
  { kind: 'replay'; response: CreateOrderResponse } | { kind: 'resume'; pending: PendingCheckout }

/**
 * What a repeated Idempotency-Key gets: its stored answer; 409 while its attempt may still be
 * running; once that attempt is stale, its order to resume (claimed by a conditional update, so
 * of two simultaneous retries only one resumes); 409 when that order was cancelled or expired.
 */
export async function replayKey(
  tx: Tx,
  userId: string,
  key: string,
  hash: string,
  now: Date,
): Promise<Replay> {
  const [row] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
  if (!row || row.route !== ORDER_ROUTE || row.requestHash !== hash) {
    throw new AppError(
      422,
      'This Idempotency-Key was already used for a different order. Use a new key for a new order.',
    )
  }
  if (row.responseBody != null) {
    return { kind: 'replay', response: row.responseBody as CreateOrderResponse }
  }
  // Keys written before the order link existed cannot be resumed; the expiry job releases them.
  if (!row.orderId) throw stillPlacing()
  const [order] = await tx
    .select({
      orderNumber: orders.orderNumber,
      paymentStatus: orders.paymentStatus,
      expiresAt: orders.expiresAt,
      totalPaise: orders.totalPaise,
      address: orders.addressInfo,
    })
    .from(orders)
    .where(eq(orders.id, row.orderId))
  if (!order || order.paymentStatus !== 'pending' || !order.expiresAt || order.expiresAt <= now) {
    throw orderExpired()
  }
  const staleBefore = new Date(now.getTime() - PROVIDER_TIMEOUT_MS)
  if (row.attemptedAt > staleBefore) throw stillPlacing()
  const claimed = await tx
    .update(idempotencyKeys)
    .set({ attemptedAt: now })
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        isNull(idempotencyKeys.responseBody),
        lte(idempotencyKeys.attemptedAt, staleBefore),
      ),
    )
    .returning({ key: idempotencyKeys.key })
  // A twin retry claimed it first (its update committed while this one waited on the row).
  if (claimed.length === 0) throw stillPlacing()
  return {
    kind: 'resume',
    pending: {
      orderId: row.orderId,
      orderNumber: formatOrderNumber(order.orderNumber),
      totalPaise: order.totalPaise,
      address: order.address,
      expiresAt: order.expiresAt,
      resume: true,
    },
  }
}

export interface CheckoutDeps {
  db: Db
  appUrl: string
  metrics: Pick<ShopMetrics, 'paymentFailed'>
  /** A failed checkout cancels its order (stock and lines back). */
  lifecycle: LifecycleContext
}

/**
 * Gets the provider's checkout for a pending online order and records it with the key's answer.
 * Runs outside any transaction, so no row stays locked while the network answers. When the
 * provider fails, the order is cancelled (stock back) and the key freed: nothing half-done.
 */
export async function startCheckout(
  deps: CheckoutDeps,
  user: SessionUser,
  provider: PaymentProvider,
  pending: PendingCheckout,
  key: string | undefined,
): Promise<CreateOrderResponse> {
  try {
    const checkout =
      (pending.resume ? await provider.findPayment(pending.orderId) : null) ??
      (await createCheckout(deps, user, provider, pending))
    const response = {
      success: true as const,
      orderId: pending.orderId,
      orderNumber: pending.orderNumber,
      paymentUrl:
        checkout.redirectUrl ??
        `/deposit?payment_session_id=${encodeURIComponent(checkout.sessionId)}`,
    }
    const attempt = {
      orderId: pending.orderId,
      provider: provider.name,
      amountPaise: pending.totalPaise,
    }
    const recorded = await recordCheckout(deps.db, user.id, key, attempt, checkout, response)
    if (recorded === 'cancelled') {
      // The order ran out of time (or failed) while the provider answered: close that checkout.
      await enqueue(
        deps.db,
        'payment.terminate',
        { provider: provider.name, providerOrderId: checkout.providerOrderId },
        { dedupeKey: outboxKeys.terminate(provider.name, checkout.providerOrderId) },
      )
      throw orderExpired()
    }
    return recorded
  } catch (err) {
    if (err instanceof AppError) throw err
    deps.metrics.paymentFailed(provider.name, 'provider_error')
    await deps.db.transaction(async (tx) => {
      await moveOrder(tx, deps.lifecycle, {
        orderId: pending.orderId,
        event: 'failPayment',
        actor: { kind: 'system' },
        note: 'The payment provider could not be reached',
      })
      if (key) {
        await tx
          .delete(idempotencyKeys)
          .where(
            and(
              eq(idempotencyKeys.userId, user.id),
              eq(idempotencyKeys.key, key),
              isNull(idempotencyKeys.responseBody),
            ),
          )
      }
    })
    throw Object.assign(
      new AppError(502, 'The payment provider could not be reached. Please try again.'),
      { cause: err },
    )
  }
}

async function createCheckout(
  deps: CheckoutDeps,
  user: SessionUser,
  provider: PaymentProvider,
  pending: PendingCheckout,
): Promise<PaymentCheckout> {
  const [customer] = await deps.db
    .select({ name: users.userName, email: users.email })
    .from(users)
    .where(eq(users.id, user.id))
  return provider.createPayment({
    orderId: pending.orderId,
    amountPaise: pending.totalPaise,
    customer: {
      id: user.id,
      name: customer?.name ?? 'Customer',
      email: customer?.email ?? '',
      phone: pending.address.phone.replace(/\D/g, '').slice(-10),
    },
    returnUrl: `${deps.appUrl}/shop/paypal-return?order_id={order_id}`,
    notifyUrl: deps.appUrl.startsWith('https:')
      ? `${deps.appUrl}/api/payments/webhook/${provider.name.toLowerCase()}`
      : undefined,
    expiresAt: pending.expiresAt,
    retry: pending.resume,
  })
}

/**
 * Stores the checkout as the order's live payment attempt (earlier ones are kept, issue 26.3)
 * and the answer on the key, in one transaction under the order's row lock (the expiry cannot
 * cancel the order in between). When another attempt answered the key first, its answer stands
 * and this checkout is not recorded.
 */
async function recordCheckout(
  db: Db,
  userId: string,
  key: string | undefined,
  attempt: { orderId: string; provider: string; amountPaise: number },
  checkout: PaymentCheckout,
  response: CreateOrderResponse,
): Promise<CreateOrderResponse | 'cancelled'> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, response.orderId)
    if (order?.paymentStatus !== 'pending') return 'cancelled' as const
    if (key) {
      const answered = await tx
        .update(idempotencyKeys)
        .set({ responseStatus: 201, responseBody: response })
        .where(
          and(
            eq(idempotencyKeys.userId, userId),
            eq(idempotencyKeys.key, key),
            isNull(idempotencyKeys.responseBody),
          ),
        )
        .returning({ key: idempotencyKeys.key })
      if (answered.length === 0) {
        const [row] = await tx
          .select({ body: idempotencyKeys.responseBody })
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
        if (row?.body != null) return row.body as CreateOrderResponse
      }
    }
    await recordAttempt(tx, attempt, checkout, response.paymentUrl)
    return response
  })
}
