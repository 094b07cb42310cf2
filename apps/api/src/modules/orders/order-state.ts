import {
  formatOrderNumber,
  formatRupees,
  ORDER_STATUS_LABELS,
  paiseToRupees,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
} from '@techbazaar/shared'
import { and, eq, isNotNull, lt, sql } from 'drizzle-orm'
import type { Config } from '../../config'
import type { Db, Tx } from '../../db/client'
import { orderLines, orders, payments, products, subOrders, users } from '../../db/schema'
import { enqueue } from '../../jobs/outbox'
import type { ShopMetrics } from '../../lib/metrics'
import { lockCartOf, mergeIntoCart } from '../cart/cart.service'

/**
 * Marks a pending order paid and confirmed. The conditional update makes it happen once: a
 * replayed webhook or capture finds the order no longer pending and changes nothing.
 * Answers true when this call confirmed it.
 */
export async function markOrderPaid(
  tx: Tx,
  orderId: string,
  payment: { providerPaymentId?: string; payerId?: string },
): Promise<boolean> {
  const updated = await tx
    .update(orders)
    .set({
      paymentStatus: 'paid',
      orderStatus: 'confirmed',
      expiresAt: null,
      paymentId: payment.providerPaymentId ?? null,
      payerId: payment.payerId ?? null,
    })
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'pending')))
    .returning({ id: orders.id })
  if (updated.length === 0) return false
  await tx.update(subOrders).set({ status: 'confirmed' }).where(eq(subOrders.orderId, orderId))
  await tx
    .update(payments)
    .set({ status: 'paid', providerPaymentId: payment.providerPaymentId ?? null })
    .where(eq(payments.orderId, orderId))
  return true
}

/**
 * Fails a still-pending online order, gives its stock back and puts its lines back in the
 * shopper's cart (capped at stock and the limit per order `maxPerProduct`), once: the
 * conditional update guards against a failure webhook, a cancel and the expiry running
 * together. Answers true when it did.
 */
export async function failPendingOrder(
  tx: Tx,
  orderId: string,
  maxPerProduct: number,
): Promise<boolean> {
  const [failed] = await tx
    .update(orders)
    .set({ paymentStatus: 'failed', orderStatus: 'rejected', expiresAt: null })
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'pending')))
    .returning({ userId: orders.userId })
  if (!failed) return false
  await tx.update(subOrders).set({ status: 'rejected' }).where(eq(subOrders.orderId, orderId))
  await terminateCheckout(tx, orderId)
  await tx.update(payments).set({ status: 'failed' }).where(eq(payments.orderId, orderId))
  const lines = await tx
    .select({ productId: orderLines.productId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
  // The cart row first, then the products: checkout locks them in that order (no deadlock).
  await lockCartOf(tx, failed.userId)
  await restockOrder(tx, orderId)
  await mergeIntoCart(tx, failed.userId, lines, maxPerProduct)
  return true
}

/**
 * Queues the closing of the order's provider checkout, in the transaction that ends the order:
 * no payment should land on it any more (providers without such a call ignore it).
 */
export async function terminateCheckout(tx: Tx, orderId: string): Promise<void> {
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
}

/**
 * Gives an order's units back to the catalog. Callers must make it run once per order (each
 * guards it with a conditional status update in the same transaction).
 */
export async function restockOrder(tx: Tx, orderId: string): Promise<void> {
  const lines = await tx
    .select({ productId: orderLines.productId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.productId)
  for (const line of lines) {
    await tx
      .update(products)
      .set({ totalStock: sql`${products.totalStock} + ${line.quantity}` })
      .where(eq(products.id, line.productId))
  }
}

/**
 * Releases unpaid online orders whose payment window has passed: each is failed and its stock
 * returned. Safe to run often and from several processes (each order is released once).
 */
export async function expireUnpaidOrders(deps: {
  db: Db
  now: () => Date
  metrics: Pick<ShopMetrics, 'paymentFailed'>
  config: { orderLimits: Pick<Config['orderLimits'], 'maxQtyPerProduct'> }
}): Promise<number> {
  const due = await deps.db
    .select({ id: orders.id, method: orders.paymentMethod })
    .from(orders)
    .where(
      and(
        eq(orders.paymentStatus, 'pending'),
        isNotNull(orders.expiresAt),
        lt(orders.expiresAt, deps.now()),
      ),
    )
    .limit(500)
  let released = 0
  for (const order of due) {
    if (
      await deps.db.transaction((tx) =>
        failPendingOrder(tx, order.id, deps.config.orderLimits.maxQtyPerProduct),
      )
    ) {
      released++
      deps.metrics.paymentFailed(order.method, 'expired')
    }
  }
  return released
}

/**
 * Queues the confirmation mail (number, status, lines and total, in the words the shop shows) in
 * the transaction that confirmed the order: the mail goes out exactly when the order exists, and
 * a mail server that is down delays it, never loses it (the outbox retries). Once per order.
 */
export async function queueOrderConfirmation(
  tx: Tx,
  orderId: string,
  shopName: string,
): Promise<void> {
  const [order] = await tx
    .select({
      number: orders.orderNumber,
      status: orders.orderStatus,
      paymentStatus: orders.paymentStatus,
      total: orders.totalPaise,
      method: orders.paymentMethod,
      email: users.email,
      name: users.userName,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
  if (!order) throw new Error(`order ${orderId} not found for its confirmation`)
  const lines = await tx
    .select({
      title: orderLines.title,
      quantity: orderLines.quantity,
      price: orderLines.unitPricePaise,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.title)
  const rows = lines.map(
    (l) => `  ${l.quantity} × ${l.title} — ${formatRupees(paiseToRupees(l.price * l.quantity))}`,
  )
  const number = formatOrderNumber(order.number)
  const mail = {
    to: order.email,
    subject: `Your ${shopName} order ${number} is confirmed`,
    text: [
      `Hi ${order.name},`,
      '',
      `Thank you for your order ${number}. It is confirmed.`,
      '',
      ...rows,
      '',
      `Total: ${formatRupees(paiseToRupees(order.total))}`,
      `Payment: ${PAYMENT_METHOD_LABELS[order.method]}, ${PAYMENT_STATUS_LABELS[order.paymentStatus]}`,
      `Status: ${ORDER_STATUS_LABELS[order.status]}`,
      '',
      `— ${shopName}`,
    ].join('\n'),
  }
  await enqueue(tx, 'mail', { mail }, { dedupeKey: `order-confirmation:${orderId}` })
}
