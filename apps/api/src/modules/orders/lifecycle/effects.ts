import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Tx } from '../../../db/client'
import { orderLines, orders, payments, products, subOrders } from '../../../db/schema'
import { enqueue } from '../../../jobs/outbox'
import { lockCartOf, mergeIntoCart } from '../../cart/cart.service'
import { issueCreditNote, issueInvoice, type MarketplaceIdentity } from '../../invoices/issue'
import { queueOrderConfirmation } from './confirmation-mail'
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
}

/** The context every mover builds the same way from the shop's configuration. */
export function lifecycleContext(
  config: {
    orderLimits: { maxQtyPerProduct: number }
    shopName: string
    marketplace: MarketplaceIdentity
  },
  now?: () => Date,
): LifecycleContext {
  return {
    maxPerProduct: config.orderLimits.maxQtyPerProduct,
    shopName: config.shopName,
    marketplace: config.marketplace,
    now,
  }
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
    case 'cancel':
      await endUnpaidPayment(tx, request.orderId)
      await returnToCart(tx, userId, parts, ctx.maxPerProduct)
      return
    case 'reject':
      await endUnpaidPayment(tx, request.orderId)
      await queueRefundOfPaid(tx, request.orderId, parts)
      await restock(tx, parts)
      return
    case 'returnToOrigin':
      // Back at the seller: on sale again; money taken online goes back (COD took none), and the
      // invoice issued at dispatch is reversed by a credit note (the supply did not happen).
      await queueRefundOfPaid(tx, request.orderId, parts)
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
      for (const part of parts)
        await issueInvoice(tx, ctx.marketplace, part, ctx.now?.() ?? new Date())
      return
    case 'process':
    case 'deliver':
      return
  }
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
  for (const { provider, providerOrderId } of open) {
    if (!providerOrderId) continue
    await enqueue(
      tx,
      'payment.terminate',
      { provider, providerOrderId },
      { dedupeKey: `terminate:${provider}:${providerOrderId}` },
    )
  }
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
 * Money taken for parts that will not be delivered goes back: a refund of their subtotal is
 * queued against the payment that took it (the worker asks the provider).
 */
async function queueRefundOfPaid(tx: Tx, orderId: string, parts: string[]): Promise<void> {
  const [paid] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'paid')))
  if (!paid?.providerOrderId) return
  const [sum] = await tx
    .select({
      paise: sql<number>`coalesce(sum(${orderLines.unitPricePaise} * ${orderLines.quantity}), 0)::int`,
    })
    .from(orderLines)
    .where(inArray(orderLines.subOrderId, parts))
  await queueRefund(tx, paid, Math.min(sum?.paise ?? 0, paid.amountPaise))
}

/** Queues the refund of `amountPaise` of a payment, once per payment. */
export async function queueRefund(
  tx: Tx,
  payment: typeof payments.$inferSelect,
  amountPaise: number,
): Promise<void> {
  if (!payment.providerOrderId || amountPaise <= 0) return
  await enqueue(
    tx,
    'payment.refund',
    {
      paymentId: payment.id,
      orderId: payment.orderId,
      provider: payment.provider,
      providerOrderId: payment.providerOrderId,
      amountPaise,
      refundId: `r-${payment.id}`,
    },
    { dedupeKey: `refund:${payment.id}` },
  )
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
