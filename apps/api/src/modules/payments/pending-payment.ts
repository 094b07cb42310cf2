import {
  formatOrderNumber,
  type CreateOrderResponse,
  type PaymentStatus,
  type SessionUser,
} from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import { orders, payments } from '../../db/schema'
import { AppError, conflict, notFound } from '../../lib/errors'
import { startCheckout } from '../orders/checkout-payment'
import { moveOrder } from '../orders/lifecycle/move'
import { reconcile, type PaymentDeps, type Reconciled } from './payments.service'

/** What "Pay now" and "Cancel" need beyond the payment deps. */
export interface PendingPaymentDeps extends PaymentDeps {
  now: () => Date
  appUrl: string
}

const NOT_WAITING: Record<Exclude<PaymentStatus, 'pending'>, string> = {
  paid: 'This order is already paid.',
  failed: 'This order was cancelled and its items are back in your cart.',
  refunded: 'This order was refunded.',
}

/**
 * The caller's unpaid online order with its payment, after asking the provider where the
 * payment stands (a shopper may have paid, or the provider declined, since the last word):
 * 404 for anyone else's order, 409 once it is paid, failed, cash on delivery or past its window.
 */
async function waitingOrder(deps: PendingPaymentDeps, user: SessionUser, orderId: string) {
  const [row] = await deps.db
    .select({ order: orders, payment: payments })
    .from(orders)
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .where(eq(orders.id, orderId))
  if (!row || row.order.userId !== user.id) throw notFound('Order not found')
  if (!row.payment) {
    throw conflict('This order is paid by cash on delivery: there is nothing to pay online.')
  }
  let status = row.order.paymentStatus
  if (status === 'pending' && row.payment.providerOrderId) {
    try {
      status = (await reconcile(deps, user, { orderId })).paymentStatus
    } catch (err) {
      // The provider did not answer: the order stays as recorded, and the caller goes on.
      if (err instanceof AppError) throw err
      deps.log.warn({ err, orderId }, 'payment status check failed')
    }
  }
  if (status !== 'pending') throw conflict(NOT_WAITING[status])
  return { order: row.order, payment: row.payment }
}

/**
 * "Pay now" on an unpaid online order: the provider's open checkout for it when it still has
 * one (Cashfree hands its session back), else a new provider checkout for the same order and
 * amount. Answers where the browser goes, like placing the order does.
 */
export async function payPendingOrder(
  deps: PendingPaymentDeps,
  user: SessionUser,
  orderId: string,
): Promise<CreateOrderResponse> {
  const { order, payment } = await waitingOrder(deps, user, orderId)
  if (!order.expiresAt || order.expiresAt <= deps.now()) {
    throw conflict('The time to pay for this order has run out. Please place it again.')
  }
  const provider = deps.payments.provider(payment.provider)
  if (!provider) {
    throw conflict(`${payment.provider} payments are not available now. Please cancel this order.`)
  }
  return startCheckout(
    {
      db: deps.db,
      appUrl: deps.appUrl,
      metrics: deps.metrics,
      maxPerProduct: deps.maxPerProduct,
      shopName: deps.shopName,
      marketplace: deps.marketplace,
      refundDays: deps.refundDays,
    },
    user,
    provider,
    {
      orderId,
      orderNumber: formatOrderNumber(order.orderNumber),
      totalPaise: order.totalPaise,
      address: order.addressInfo,
      expiresAt: order.expiresAt,
      // Ask the provider for the checkout it already has before making another.
      resume: true,
    },
    undefined,
  )
}

/**
 * "Cancel" on an unpaid online order: the order fails at once (stock back, lines back in the
 * cart, payment failed) and the provider's checkout is closed right after, by the outbox, so no
 * payment lands afterwards.
 */
export async function cancelPendingOrder(
  deps: PendingPaymentDeps,
  user: SessionUser,
  orderId: string,
  reason: string,
): Promise<Reconciled> {
  const { order, payment } = await waitingOrder(deps, user, orderId)
  const cancelled = await deps.db
    .transaction((tx) =>
      moveOrder(tx, deps, {
        orderId,
        event: 'cancel',
        actor: { kind: 'shopper', id: user.id },
        note: reason,
      }),
    )
    .then(
      (moved) => moved.changed,
      // Ended meanwhile (a webhook, the expiry): answered below from the order as it stands.
      (err: unknown) => {
        if (err instanceof AppError && err.statusCode === 409) return false
        throw err
      },
    )
  if (cancelled) {
    deps.metrics.paymentFailed(payment.provider, 'cancelled')
  } else {
    // Settled by a webhook in the meantime: a payment that landed is not undone here.
    const [settled] = await deps.db
      .select({ paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.id, orderId))
    if (settled && settled.paymentStatus !== 'pending' && settled.paymentStatus !== 'failed') {
      throw conflict(NOT_WAITING[settled.paymentStatus])
    }
  }
  return {
    orderId,
    orderNumber: formatOrderNumber(order.orderNumber),
    paymentMethod: order.paymentMethod,
    paymentStatus: 'failed',
  }
}
