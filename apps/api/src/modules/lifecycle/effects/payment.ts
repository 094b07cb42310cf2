import { and, eq, inArray, isNull } from 'drizzle-orm'
import { orders, payments, subOrders } from '../../../db/schema'
import type { Effect } from '../context'
import { queueOrderConfirmation } from '../confirmation-mail'
import { endUnpaidPayment, returnToCart } from './goods-and-money'
import { releaseCoupon } from '../../offers'

/**
 * `pay` (the provider's word that an online order is paid):
 * - the order and its payment attempt read Paid, with the provider's references;
 * - the parts' ship-by days start counting (a COD part's did when it was placed);
 * - the shopper's order confirmation mail is queued.
 */
export const pay: Effect = async (tx, ctx, request, { parts }) => {
  await tx
    .update(orders)
    .set({
      paymentStatus: 'paid',
      expiresAt: null,
      paymentId: request.payment?.providerPaymentId ?? null,
      payerId: request.payment?.payerId ?? null,
    })
    .where(eq(orders.id, request.orderId))
  await tx
    .update(payments)
    .set({ status: 'paid', providerPaymentId: request.payment?.providerPaymentId ?? null })
    .where(and(eq(payments.orderId, request.orderId), eq(payments.status, 'pending')))
  await tx
    .update(subOrders)
    .set({ confirmedAt: ctx.now() })
    .where(and(inArray(subOrders.id, parts), isNull(subOrders.confirmedAt)))
  await queueOrderConfirmation(tx, request.orderId, ctx.shopName)
}

/**
 * `failPayment` and `expire` (an online order unpaid: the provider failed it, or its payment
 * window passed):
 * - its provider checkouts are closed (outbox) and its payment reads Failed;
 * - its units go back on sale and its lines back into the shopper's cart;
 * - its coupon use, if any, is given back.
 */
export const endUnpaid: Effect = async (tx, ctx, request, { userId, parts }) => {
  await endUnpaidPayment(tx, request.orderId)
  await returnToCart(tx, userId, parts, ctx.maxPerProduct)
  // Never paid: its coupon use is given back (decision 092).
  await releaseCoupon(tx, request.orderId, ctx.now())
}
