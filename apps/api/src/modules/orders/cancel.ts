import {
  type CancelOrderInput,
  type CancelOrderResponse,
  ENDED_ORDER_STATUSES,
  formatPaise,
  type SessionUser,
  stillCancellable,
} from '@techbazaar/shared'
import { and, eq, inArray, ne } from 'drizzle-orm'
import { orders, refunds, shipments, subOrders } from '../../db/schema'
import { conflict, notFound } from '../../lib/errors'
import { cancelPendingOrder, type PendingPaymentDeps } from './pending-payment'
import { HANDED_TO_COURIER, moveOrder } from '../lifecycle'
import type { Couriers } from '../../couriers'
import { releaseStaleClaims } from '../shipping'

export interface CancelDeps extends PendingPaymentDeps {
  couriers: Couriers
}

const UNPAID_CANCELLED = 'Your order was cancelled. Its items are back in your cart.'

/**
 * The shopper cancels an order, or one seller's part of it, before it ships. An unpaid online
 * order ends as an abandoned checkout does (its provider checkout closed, its lines back in the
 * cart). A placed one moves through the lifecycle: stock back, a paid part refunded in full with
 * no charge (effects.ts), the reason on the timeline.
 */
export async function cancelOrder(
  deps: CancelDeps,
  user: SessionUser,
  orderId: string,
  input: CancelOrderInput,
): Promise<CancelOrderResponse> {
  const order = await ownOrder(deps, user, orderId)
  if (order.paymentMethod !== 'COD' && order.paymentStatus === 'pending') {
    // One payment covers every part: an unpaid order is cancelled whole or not at all.
    if (input.subOrderId) {
      const [other] = await deps.db
        .select({ id: subOrders.id })
        .from(subOrders)
        .where(and(eq(subOrders.orderId, orderId), ne(subOrders.id, input.subOrderId)))
        .limit(1)
      if (other) throw conflict('This order is not paid yet: cancel the whole order instead.')
    }
    try {
      await cancelPendingOrder(deps, user, orderId, input.reason)
      return { success: true, message: UNPAID_CANCELLED, orderStatus: 'cancelled' }
    } catch (err) {
      // Paid in the meantime (the provider's word arrived first): cancel it as a paid order.
      const now = await ownOrder(deps, user, orderId)
      if (now.paymentStatus !== 'paid') throw err
    }
  }
  const parts = await deps.db
    .select({ id: subOrders.id, status: subOrders.status })
    .from(subOrders)
    .where(eq(subOrders.orderId, orderId))
  const targets = input.subOrderId
    ? parts.filter((p) => p.id === input.subOrderId)
    : parts.filter((p) => !ENDED_ORDER_STATUSES.has(p.status))
  if (input.subOrderId && targets.length === 0) throw notFound('Order not found')
  // Every part has ended (a second click, a retried request): nothing is left to cancel.
  if (targets.length === 0) {
    throw conflict(
      order.orderStatus === 'cancelled'
        ? 'This order is already cancelled.'
        : 'This order has ended; there is nothing left to cancel.',
    )
  }
  // A courier claim a crashed process left is undone and released now, not at the minute's
  // sweep: until then it would read as a parcel handed to the courier.
  await releaseStaleClaims(deps, { parts: targets.map((p) => p.id) })
  const shipped = await deps.db
    .select({ subOrderId: shipments.subOrderId })
    .from(shipments)
    .where(
      inArray(
        shipments.subOrderId,
        parts.map((p) => p.id),
      ),
    )
  const booked = new Set(shipped.map((s) => s.subOrderId))
  // "Cancel order" with a parcel already on its way cancels what has not shipped; an ended part
  // asked for again goes on to the lifecycle, which answers it as done or refuses it.
  const cancelling = targets.filter(
    (p) => ENDED_ORDER_STATUSES.has(p.status) || stillCancellable(p.status, booked.has(p.id)),
  )
  if (cancelling.length === 0) throw conflict(HANDED_TO_COURIER)
  const moved = await deps.db.transaction(async (tx) => {
    const one = (subOrderId?: string) =>
      moveOrder(tx, deps.lifecycle, {
        orderId,
        event: 'cancel',
        actor: { kind: 'shopper', id: user.id },
        subOrderId,
        note: input.reason,
      })
    if (input.subOrderId || cancelling.length === targets.length) return one(input.subOrderId)
    let last = await one(cancelling[0]!.id)
    for (const part of cancelling.slice(1)) last = await one(part.id)
    return last
  })
  const refunded = await deps.db
    .select({ amountPaise: refunds.amountPaise })
    .from(refunds)
    .where(
      and(
        eq(refunds.orderId, orderId),
        inArray(
          refunds.sourceKey,
          cancelling.map((p) => `cancel:${p.id}`),
        ),
      ),
    )
  const total = refunded.reduce((sum, r) => sum + r.amountPaise, 0)
  // One seller's part of a larger order, what was left of an order partly shipped, or all of it.
  const what =
    input.subOrderId && parts.length > 1
      ? 'These items are'
      : cancelling.length < targets.length
        ? 'The items that had not shipped are'
        : 'Your order is'
  return {
    success: true,
    message:
      total > 0
        ? `${what} cancelled. A refund of ${formatPaise(total)} is on its way to your original payment method.`
        : `${what} cancelled.`,
    orderStatus: moved.orderStatus,
  }
}

async function ownOrder(deps: CancelDeps, user: SessionUser, orderId: string) {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId))
  if (!order || order.userId !== user.id) throw notFound('Order not found')
  return order
}
