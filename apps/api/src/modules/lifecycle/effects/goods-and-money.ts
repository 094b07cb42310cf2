import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import type { Tx } from '../../../db/client'
import { orderLines, orders, payments, products, shipments, subOrders } from '../../../db/schema'
import { lockCartOf, mergeIntoCart } from '../../cart'
import { closeCheckouts } from '../../checkouts'
import { queueFamilyLeadCheck, type StockMove } from '../../kernel'
import { oweRefund } from '../../refunds'
import { refundPolicy, type LifecycleContext } from '../context'

/*
 * What several events do to goods and money: stock back on sale, lines back in the cart, money
 * owed back through the refund ledger, an unpaid checkout closed.
 */

/** Why a part with a courier booking cannot be cancelled (also the cancel route's pre-check). */
export const HANDED_TO_COURIER =
  'This order has been handed to the courier and can no longer be cancelled. You can return it once it is delivered.'

/** Why an admin cannot reject a part with a courier booking (issue 26.5). */
export const STOP_THROUGH_COURIER =
  'A parcel of this order has been handed to the courier, so it cannot be rejected: stop the parcel through the courier instead (its booking is cancelled, or it comes back to the seller).'

/**
 * Whether any of the parts has a courier booking that still stands (being made, booked, on its
 * way or ended at the courier); a booking the courier cancelled does not count.
 */
export async function withCourier(tx: Tx, parts: string[]): Promise<boolean> {
  const [booked] = await tx
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(inArray(shipments.subOrderId, parts), ne(shipments.status, 'cancelled')))
    .limit(1)
  return booked !== undefined
}

/**
 * An unpaid online order ends: its provider checkout is closed (no payment should land on it any
 * more; providers without such a call ignore it) and its payment is failed.
 */
export async function endUnpaidPayment(tx: Tx, orderId: string): Promise<void> {
  const open = await tx
    .select({ provider: payments.provider, providerOrderId: payments.providerOrderId })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')))
  await closeCheckouts(tx, open)
  await tx
    .update(payments)
    .set({ status: 'failed' })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')))
  await tx
    .update(orders)
    .set({ paymentStatus: 'failed', expiresAt: null })
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'pending')))
}

/**
 * Money taken for parts that will not be delivered goes back: one refund per part, of its
 * subtotal, recorded in the ledger (which caps it at what was captured; COD took nothing yet).
 */
export async function refundParts(
  tx: Tx,
  ctx: LifecycleContext,
  orderId: string,
  parts: string[],
  cause: 'cancellation' | 'rejection' | 'undelivered',
): Promise<void> {
  const [order] = await tx
    .select({ method: orders.paymentMethod })
    .from(orders)
    .where(eq(orders.id, orderId))
  if (!order || order.method === 'COD') return
  const rows = await tx
    .select({ id: subOrders.id, subtotalPaise: subOrders.subtotalPaise })
    .from(subOrders)
    .where(inArray(subOrders.id, parts))
    .orderBy(subOrders.id)
  const key = { cancellation: 'cancel', rejection: 'reject', undelivered: 'rto' }[cause]
  for (const part of rows) {
    await oweRefund(tx, refundPolicy(ctx), {
      orderId,
      subOrderId: part.id,
      cause,
      sourceKey: `${key}:${part.id}`,
      amountPaise: part.subtotalPaise,
    })
  }
}

/**
 * The parts' units go back on sale and their lines back into the shopper's cart (capped at stock
 * and the limit per order). The cart row first, then the products: checkout locks them in that
 * order, so the two never deadlock.
 */
export async function returnToCart(
  tx: Tx,
  userId: string,
  parts: string[],
  maxPerProduct: number,
): Promise<void> {
  await lockCartOf(tx, userId)
  const lines = await restock(tx, parts)
  await mergeIntoCart(tx, userId, lines, maxPerProduct)
}

/** Gives the parts' units back to the catalog; answers the lines it returned. */
export async function restock(tx: Tx, parts: string[]) {
  const lines = await tx
    .select({ productId: orderLines.productId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(inArray(orderLines.subOrderId, parts))
    .orderBy(orderLines.productId)
  const moves: StockMove[] = []
  for (const line of lines) {
    const [row] = await tx
      .update(products)
      .set({ totalStock: sql`${products.totalStock} + ${line.quantity}` })
      .where(eq(products.id, line.productId))
      .returning({ familyId: products.familyId, stock: products.totalStock })
    if (row)
      moves.push({ familyId: row.familyId, before: row.stock - line.quantity, after: row.stock })
  }
  await queueFamilyLeadCheck(tx, moves)
  return lines
}
