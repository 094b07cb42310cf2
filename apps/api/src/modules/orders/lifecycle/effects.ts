import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import type { Tx } from '../../../db/client'
import { orderLines, orders, payments, products, shipments, subOrders } from '../../../db/schema'
import { conflict } from '../../../lib/errors'
import { oweRefund, type RefundPolicy } from '../../refunds/ledger'
import { lockCartOf, mergeIntoCart } from '../../cart/cart.service'
import { closeCheckouts } from '../../payments/attempts'
import { issueCreditNote, issueInvoice, type MarketplaceIdentity } from '../../invoices/issue'
import { queueCancellationMail } from './cancellation-mail'
import { queueOrderConfirmation } from './confirmation-mail'
import { queueParcelMail } from './parcel-mail'
import type { MoveRequest } from './move'

/** What the side effects need from the shop's configuration. */
export interface LifecycleContext {
  /** The limit per order, for the lines an unpaid order's end puts back in the cart. */
  maxPerProduct: number
  shopName: string
  /** The supplier of admins' products and operator on every invoice issued at dispatch. */
  marketplace: MarketplaceIdentity
  /** The shop's clock (tests move it); the invoice and credit-note dates come from it. */
  now?: () => Date
  /** Days a refund is promised within (REFUND_DAYS). */
  refundDays: number
}

/** The context every mover builds the same way from the shop's configuration. */
export function lifecycleContext(
  config: {
    orderLimits: { maxQtyPerProduct: number }
    shopName: string
    marketplace: MarketplaceIdentity
    returns: { refundDays: number }
  },
  now?: () => Date,
): LifecycleContext {
  return {
    maxPerProduct: config.orderLimits.maxQtyPerProduct,
    shopName: config.shopName,
    marketplace: config.marketplace,
    now,
    refundDays: config.returns.refundDays,
  }
}

/** The refund ledger's view of the context. */
export function refundPolicy(ctx: LifecycleContext): RefundPolicy {
  return { refundDays: ctx.refundDays, shopName: ctx.shopName, now: ctx.now ?? (() => new Date()) }
}

/**
 * What follows each move, in the move's transaction: payment fields, stock, the cart, and the
 * outbox items (mail, provider calls) that the worker carries out after commit. `parts` are the
 * sub-orders that moved, `userId` the order's shopper.
 */
export async function applyEffects(
  tx: Tx,
  ctx: LifecycleContext,
  request: MoveRequest,
  { userId, parts }: { userId: string; parts: string[] },
): Promise<void> {
  switch (request.event) {
    case 'pay':
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
      // The sellers' ship-by days count from here (a COD part is confirmed when placed).
      await tx
        .update(subOrders)
        .set({ confirmedAt: new Date() })
        .where(and(inArray(subOrders.id, parts), isNull(subOrders.confirmedAt)))
      await queueOrderConfirmation(tx, request.orderId, ctx.shopName)
      return
    case 'failPayment':
    case 'expire':
      await endUnpaidPayment(tx, request.orderId)
      await returnToCart(tx, userId, parts, ctx.maxPerProduct)
      return
    case 'cancel':
      await cancelParts(tx, ctx, request, userId, parts)
      return
    case 'reject':
      // Only goods still at the seller: a parcel with the courier is stopped through it.
      if (await withCourier(tx, parts)) throw conflict(STOP_THROUGH_COURIER)
      await endUnpaidPayment(tx, request.orderId)
      await refundParts(tx, ctx, request.orderId, parts, 'rejection')
      await restock(tx, parts)
      // A booking the courier cancelled had issued the invoice: its supply did not happen.
      for (const part of parts) {
        await issueCreditNote(
          tx,
          part,
          ctx.now?.() ?? new Date(),
          'Order rejected before the courier collected it',
        )
      }
      return
    case 'returnToOrigin':
      // Back at the seller: on sale again; money taken online goes back (COD took none), and the
      // invoice issued at dispatch is reversed by a credit note (the supply did not happen).
      await refundParts(tx, ctx, request.orderId, parts, 'undelivered')
      await restock(tx, parts)
      for (const part of parts) {
        await issueCreditNote(
          tx,
          part,
          ctx.now?.() ?? new Date(),
          'Parcel returned to the seller undelivered',
        )
      }
      return
    case 'ship':
      // The goods leave: the invoice is issued now if the courier booking did not already (a
      // parcel an admin marks shipped outside the shop, e.g. a COD parcel sent by hand).
      for (const part of parts) {
        await issueInvoice(tx, ctx.marketplace, part, ctx.now?.() ?? new Date())
        await queueParcelMail(tx, ctx.shopName, part, 'ship')
      }
      return
    case 'deliver':
      // The return window counts from here.
      await tx
        .update(subOrders)
        .set({ deliveredAt: deliveredMoment(ctx, request) })
        .where(and(inArray(subOrders.id, parts), isNull(subOrders.deliveredAt)))
      for (const part of parts) await queueParcelMail(tx, ctx.shopName, part, 'deliver')
      return
    case 'process':
      return
  }
}

/**
 * When the goods reached the shopper: the courier's delivery scan, since its webhook may arrive
 * hours later or be retried and the return window must not grow with the delay; a scan stamped
 * after our clock is taken as now. A seller or admin marking a part delivered by hand delivers it
 * now (issue 26.15).
 */
function deliveredMoment(ctx: LifecycleContext, request: MoveRequest): Date {
  const now = ctx.now?.() ?? new Date()
  if (request.actor.kind !== 'courier' || !request.at) return now
  return request.at < now ? request.at : now
}

/**
 * An unpaid online order ends: its provider checkout is closed (no payment should land on it any
 * more; providers without such a call ignore it) and its payment is failed.
 */
async function endUnpaidPayment(tx: Tx, orderId: string): Promise<void> {
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
async function withCourier(tx: Tx, parts: string[]): Promise<boolean> {
  const [booked] = await tx
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(inArray(shipments.subOrderId, parts), ne(shipments.status, 'cancelled')))
    .limit(1)
  return booked !== undefined
}

/**
 * The shopper cancels before the goods ship. An unpaid online order ends as an abandoned checkout
 * does (its lines back in the cart); otherwise the parts' units go back on sale and what was paid
 * for them is refunded in full, with no charge. A part handed to a courier is past cancelling.
 */
async function cancelParts(
  tx: Tx,
  ctx: LifecycleContext,
  request: MoveRequest,
  userId: string,
  parts: string[],
): Promise<void> {
  if (await withCourier(tx, parts)) throw conflict(HANDED_TO_COURIER)
  const [order] = await tx
    .select({ method: orders.paymentMethod, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, request.orderId))
  // Cash on delivery reads "pending" until the courier collects; only an online order can be unpaid.
  const unpaid = order?.method !== 'COD' && order?.paymentStatus === 'pending'
  if (unpaid) {
    await endUnpaidPayment(tx, request.orderId)
    await returnToCart(tx, userId, parts, ctx.maxPerProduct)
    return
  }
  await restock(tx, parts)
  await refundParts(tx, ctx, request.orderId, parts, 'cancellation')
  await queueCancellationMail(tx, request.orderId, parts, request.note ?? null, ctx.shopName)
}

/**
 * Money taken for parts that will not be delivered goes back: one refund per part, of its
 * subtotal, recorded in the ledger (which caps it at what was captured; COD took nothing yet).
 */
async function refundParts(
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
async function returnToCart(
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
async function restock(tx: Tx, parts: string[]) {
  const lines = await tx
    .select({ productId: orderLines.productId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(inArray(orderLines.subOrderId, parts))
    .orderBy(orderLines.productId)
  for (const line of lines) {
    await tx
      .update(products)
      .set({ totalStock: sql`${products.totalStock} + ${line.quantity}` })
      .where(eq(products.id, line.productId))
  }
  return lines
}
