import { eq } from 'drizzle-orm'
import { orders } from '../../../db/schema'
import { conflict } from '../../../lib/errors'
import { queueCancellationMail } from '../cancellation-mail'
import type { Effect } from '../context'
import {
  endUnpaidPayment,
  HANDED_TO_COURIER,
  refundParts,
  restock,
  returnToCart,
  withCourier,
} from './goods-and-money'

/**
 * `cancel` (the shopper, before the goods ship; issue 18):
 * - refused (409) for a part with a courier booking: it is past cancelling;
 * - an unpaid online order ends as an abandoned checkout does: its checkouts closed, its payment
 *   failed, its lines back in the cart;
 * - otherwise the parts' units go back on sale, what was paid for them is owed back in full with
 *   no charge (refund ledger), and the shopper's cancellation mail is queued.
 */
export const cancel: Effect = async (tx, ctx, request, { userId, parts }) => {
  if (await withCourier(tx, parts)) throw conflict(HANDED_TO_COURIER)
  const [order] = await tx
    .select({ method: orders.paymentMethod, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, request.orderId))
  // Cash on delivery reads "pending" until the courier collects; only an online order can be unpaid.
  if (order?.method !== 'COD' && order?.paymentStatus === 'pending') {
    await endUnpaidPayment(tx, request.orderId)
    await returnToCart(tx, userId, parts, ctx.maxPerProduct)
    return
  }
  await restock(tx, parts)
  await refundParts(tx, ctx, request.orderId, parts, 'cancellation')
  await queueCancellationMail(tx, request.orderId, parts, request.note ?? null, ctx.shopName)
}
