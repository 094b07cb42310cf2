import {
  formatOrderNumber,
  type CreateOrderResponse,
  type PaymentStatus,
  type SessionUser,
} from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import { orders } from '../../db/schema'
import { AppError, conflict, notFound } from '../../lib/errors'
import { startCheckout } from './checkout-payment'
import { moveOrder } from '../lifecycle'
import { claimAttempt } from '../checkouts'
import { reconcile, type PaymentDeps, type Reconciled } from '../payments'

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
 * The caller's unpaid online order, after asking the provider where its checkouts stand (a
 * shopper may have paid one, or the provider declined, since the last word): 404 for anyone
 * else's order, 409 once it is paid, failed, cash on delivery or past its window.
 */
async function waitingOrder(deps: PendingPaymentDeps, user: SessionUser, orderId: string) {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId))
  if (!order || order.userId !== user.id) throw notFound('Order not found')
  if (order.paymentMethod === 'COD') {
    throw conflict('This order is paid by cash on delivery: there is nothing to pay online.')
  }
  let status = order.paymentStatus
  if (status === 'pending') {
    try {
      status = (await reconcile(deps, user, { orderId })).paymentStatus
    } catch (err) {
      // The provider did not answer: the order stays as recorded, and the caller goes on.
      if (err instanceof AppError) throw err
      deps.log.warn({ err, orderId }, 'payment status check failed')
    }
  }
  if (status !== 'pending') throw conflict(NOT_WAITING[status])
  return order
}

/**
 * "Pay now" on an unpaid online order: its live checkout when made within the last minute (a
 * double click, a reload), else the provider's open checkout for it when it still has one
 * (Cashfree hands its session back), else a new provider checkout for the same order and amount,
 * kept as a further attempt beside the earlier ones (any of them may still be paid). At most
 * MAX_CHECKOUTS_PER_HOUR per order (429). Answers where the browser goes, like placing it does.
 */
export async function payPendingOrder(
  deps: PendingPaymentDeps,
  user: SessionUser,
  orderId: string,
): Promise<CreateOrderResponse> {
  const order = await waitingOrder(deps, user, orderId)
  if (!order.expiresAt || order.expiresAt <= deps.now()) {
    throw conflict('The time to pay for this order has run out. Please place it again.')
  }
  const provider = deps.payments.provider(order.paymentMethod)
  if (!provider) {
    throw conflict(
      `${order.paymentMethod} payments are not available now. Please cancel this order.`,
    )
  }
  const claim = await claimAttempt(
    deps.db,
    { id: orderId, provider: provider.name, amountPaise: order.totalPaise },
    deps.now(),
  )
  const orderNumber = formatOrderNumber(order.orderNumber)
  if (claim.kind === 'reuse') {
    return { success: true, orderId, orderNumber, paymentUrl: claim.paymentUrl }
  }
  return startCheckout(
    {
      db: deps.db,
      appUrl: deps.appUrl,
      metrics: deps.metrics,
      lifecycle: deps.lifecycle,
    },
    user,
    provider,
    {
      orderId,
      orderNumber,
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
  const order = await waitingOrder(deps, user, orderId)
  const cancelled = await deps.db
    .transaction((tx) =>
      moveOrder(tx, deps.lifecycle, {
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
    deps.metrics.paymentFailed(order.paymentMethod, 'cancelled')
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
