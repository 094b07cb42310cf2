import {
  formatOrderNumber,
  paiseToRupees,
  parseOrderNumber,
  type AdminOrderDetails,
  type AdminOrderList,
  type AdminOrdersQuery,
  type SessionUser,
  type UpdateOrderStatusInput,
  type VendorSubOrder,
  type VendorUpdateInput,
} from '@techbazaar/shared'
import { and, asc, count, desc, eq, ilike, inArray, notInArray, or, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orderLines, orders, payments, subOrders, users } from '../../db/schema'
import { conflict, forbidden, notFound } from '../../lib/errors'
import { restockOrder } from '../orders/order-state'
import { getOrderDetails } from '../orders/orders.service'

const LIST_LIMIT = 500
/** Once an order has left the warehouse its units are not back on the shelf. */
const SHIPPED = ['inShipping', 'delivered'] as const

/** `text` matched literally inside a LIKE pattern: its %, _ and \\ are not wildcards. */
const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`

/**
 * What the admin orders search box matches, in one place: part of the customer's name or
 * email, ignoring case, or the order whose number the text reads as (TB-10234, 10234, #10234).
 */
export function adminOrderSearch(q: string): SQL {
  const pattern = likeContaining(q)
  const sequence = parseOrderNumber(q)
  return or(
    ilike(users.userName, pattern),
    ilike(users.email, pattern),
    sequence === null ? undefined : eq(orders.orderNumber, sequence),
  )!
}

/** One page of every order, newest first (admin), with the total matching the filters. */
export async function listAllOrders(
  db: Db,
  query: AdminOrdersQuery,
): Promise<Omit<AdminOrderList, 'success'>> {
  const where = and(
    query.status ? eq(orders.orderStatus, query.status) : undefined,
    query.q ? adminOrderSearch(query.q) : undefined,
    query.orderNumber === undefined ? undefined : eq(orders.orderNumber, query.orderNumber),
  )
  const [rows, [counted]] = await Promise.all([
    db
      .select({ order: orders, userName: users.userName, email: users.email })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ total: count() })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where),
  ])
  return {
    data: rows.map(({ order, userName, email }) => ({
      _id: order.id,
      orderNumber: formatOrderNumber(order.orderNumber),
      orderDate: order.createdAt.toISOString(),
      orderStatus: order.orderStatus,
      totalAmount: paiseToRupees(order.totalPaise),
      paymentMethod: order.paymentMethod,
      paymentStatus: order.paymentStatus,
      userName,
      email,
    })),
    total: counted?.total ?? 0,
    page: query.page,
    limit: query.limit,
  }
}

/** A seller's sub-orders, newest first, each with only its own lines and subtotal. */
export async function listSellerSubOrders(db: Db, sellerId: string): Promise<VendorSubOrder[]> {
  const rows = await db
    .select({ sub: subOrders, order: orders, userName: users.userName, email: users.email })
    .from(subOrders)
    .innerJoin(orders, eq(orders.id, subOrders.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(subOrders.sellerId, sellerId))
    .orderBy(desc(subOrders.createdAt), desc(subOrders.id))
    .limit(LIST_LIMIT)
  if (rows.length === 0) return []
  const lines = await db
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.subOrderId,
        rows.map((r) => r.sub.id),
      ),
    )
    .orderBy(asc(orderLines.title))
  return rows.map(({ sub, order, userName, email }) => ({
    _id: sub.id,
    orderId: order.id,
    orderNumber: formatOrderNumber(order.orderNumber),
    orderDate: order.createdAt.toISOString(),
    orderStatus: sub.status,
    totalAmount: paiseToRupees(sub.subtotalPaise),
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    userName,
    email,
    cartItems: lines
      .filter((l) => l.subOrderId === sub.id)
      .map((l) => ({
        productId: l.productId,
        title: l.title,
        image: l.image,
        price: paiseToRupees(l.unitPricePaise),
        quantity: l.quantity,
      })),
  }))
}

/**
 * The details dialog. Access rules are the shop's (admin: all; seller: its part of an order it
 * has a sub-order in; else 404), plus the buyer's name and the payment.
 */
export async function getAdminOrderDetails(
  db: Db,
  user: SessionUser,
  orderId: string,
): Promise<AdminOrderDetails> {
  const order = await getOrderDetails(db, user, orderId)
  const [buyer] = await db
    .select({ userName: users.userName })
    .from(users)
    .where(eq(users.id, order.userId))
  const [payment] = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(desc(payments.createdAt))
    .limit(1)
  return {
    ...order,
    userName: buyer?.userName ?? '',
    payment: payment
      ? {
          provider: payment.provider,
          status: payment.status,
          amount: paiseToRupees(payment.amountPaise),
        }
      : null,
  }
}

/**
 * Sets an order's status (admin); its sub-orders follow. Rejecting an order that has not
 * shipped returns its stock and fails a pending payment, once: the conditional update finds an
 * already rejected order unchanged, so a second reject is a no-op. A rejected order stays
 * rejected (its stock is already back on sale).
 */
export async function updateOrderStatus(
  db: Db,
  orderId: string,
  { orderStatus }: UpdateOrderStatusInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: orders.orderStatus })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update')
    if (!row) throw notFound('Order not found')
    if (row.status === 'rejected') {
      if (orderStatus === 'rejected') return
      throw conflict('This order was rejected and its stock returned; it cannot be reopened.')
    }
    if (orderStatus === 'rejected') {
      const restock = !(SHIPPED as readonly string[]).includes(row.status)
      const updated = await tx
        .update(orders)
        .set({ orderStatus: 'rejected', expiresAt: null })
        .where(and(eq(orders.id, orderId), notInArray(orders.orderStatus, ['rejected'])))
        .returning({ id: orders.id })
      if (updated.length === 0) return
      if (restock) await restockOrder(tx, orderId)
      await tx
        .update(orders)
        .set({ paymentStatus: 'failed' })
        .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'pending')))
      await tx
        .update(payments)
        .set({ status: 'failed' })
        .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')))
    } else {
      await tx.update(orders).set({ orderStatus }).where(eq(orders.id, orderId))
    }
    await tx.update(subOrders).set({ status: orderStatus }).where(eq(subOrders.orderId, orderId))
  })
}

/** A seller moves its own sub-order along: someone else's is 403, an unknown one 404. */
export async function updateSellerSubOrder(
  db: Db,
  sellerId: string,
  { _id, status }: VendorUpdateInput,
) {
  const [sub] = await db
    .select({ sellerId: subOrders.sellerId, orderStatus: orders.orderStatus })
    .from(subOrders)
    .innerJoin(orders, eq(orders.id, subOrders.orderId))
    .where(eq(subOrders.id, _id))
  if (!sub) throw notFound('Order not found')
  if (sub.sellerId !== sellerId) throw forbidden('You can only update your own orders')
  if (sub.orderStatus === 'rejected') throw conflict('This order was rejected.')
  const [updated] = await db
    .update(subOrders)
    .set({ status })
    .where(eq(subOrders.id, _id))
    .returning({ _id: subOrders.id, orderId: subOrders.orderId, status: subOrders.status })
  if (!updated) throw notFound('Order not found')
  return updated
}
