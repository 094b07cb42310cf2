import {
  formatOrderNumber,
  ORDER_EVENTS,
  ORDER_TRANSITIONS,
  orderEventFor,
  paiseToRupees,
  standingFields,
  type OrderEvent,
  type OrderStatus,
  type AdminOrderDetails,
  type AdminOrderList,
  type AdminOrdersQuery,
  type SessionUser,
  type UpdateOrderStatusInput,
  type VendorSubOrder,
  type VendorUpdateInput,
  seesBuyers,
} from '@techbazaar/shared'
import { count, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orders, payments, shipments, subOrders, users } from '../../db/schema'
import { conflict, forbidden, notFound } from '../../lib/errors'
import { type LifecycleContext, moveOrder, refusedMove } from '../lifecycle'
import { BUYER_HIDDEN, withLabelFor, standingOf, standingsOf, toOrderLine } from '../kernel'
import { getOrderDetails } from '../orders'
import {
  shipByDay,
  bookingOf,
  toShip,
  type ShipByRule,
  releaseStaleClaims,
  type ClaimSweepDeps,
} from '../shipping'
import { adminOrdersWhere } from './admin-orders.filter'

const LIST_LIMIT = 500

/** One page of every order, newest first (admin), with the total matching the filters. */
export async function listAllOrders(
  db: Db,
  query: AdminOrdersQuery,
): Promise<Omit<AdminOrderList, 'success'>> {
  const where = adminOrdersWhere(query)
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
  const standings = await standingsOf(
    db,
    rows.map((r) => r.order),
  )
  return {
    data: rows.map(({ order, userName, email }) => ({
      _id: order.id,
      orderNumber: formatOrderNumber(order.orderNumber),
      orderDate: order.createdAt.toISOString(),
      orderStatus: order.orderStatus,
      totalAmount: paiseToRupees(order.totalPaise),
      paymentMethod: order.paymentMethod,
      paymentStatus: order.paymentStatus,
      ...standingFields(standingOf(standings, order.id).standing),
      userName,
      email,
    })),
    total: counted?.total ?? 0,
    page: query.page,
    limit: query.limit,
  }
}

/**
 * A seller's sub-orders, each with only its own lines and subtotal: first the parts to ship
 * (confirmed or in process, no parcel booked), oldest confirmation first, each with its ship-by
 * day; then the rest, newest first, with their parcel once booked.
 */
export async function listSellerSubOrders(
  db: Db,
  seller: SessionUser,
  rule: ShipByRule,
): Promise<VendorSubOrder[]> {
  const sellerId = seller.id
  const buyers = seesBuyers(seller)
  const rows = await db
    .select({
      sub: subOrders,
      order: orders,
      userName: users.userName,
      email: users.email,
      shipment: shipments,
      awaitsShipping: sql<boolean>`${toShip}`,
    })
    .from(subOrders)
    .innerJoin(orders, eq(orders.id, subOrders.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(shipments, eq(shipments.subOrderId, subOrders.id))
    .where(eq(subOrders.sellerId, sellerId))
    .orderBy(
      sql`case when ${toShip} then 0 else 1 end`,
      sql`case when ${toShip} then coalesce(${subOrders.confirmedAt}, ${subOrders.createdAt}) end`,
      desc(subOrders.createdAt),
      desc(subOrders.id),
    )
    .limit(LIST_LIMIT)
  if (rows.length === 0) return []
  // Each sub-order is the seller's only part of its order: its standing is the order's, seen by it.
  const standings = await standingsOf(
    db,
    rows.map((r) => r.order),
    { sellerId },
  )
  return rows.map(({ sub, order, userName, email, shipment, awaitsShipping }) => {
    const { standing, lines } = standingOf(standings, order.id)
    return {
      _id: sub.id,
      orderId: order.id,
      orderNumber: formatOrderNumber(order.orderNumber),
      orderDate: order.createdAt.toISOString(),
      orderStatus: sub.status,
      totalAmount: paiseToRupees(sub.subtotalPaise),
      paymentMethod: order.paymentMethod,
      paymentStatus: order.paymentStatus,
      ...standingFields(standing),
      userName: buyers ? userName : BUYER_HIDDEN,
      email: buyers ? email : '',
      cartItems: lines.map(toOrderLine),
      shipBy: awaitsShipping
        ? shipByDay(sub.confirmedAt ?? sub.createdAt, rule.shipByWorkingDays)
        : null,
      shipment: withLabelFor(seller, bookingOf(shipment)),
    }
  })
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
    userName: seesBuyers(user) ? (buyer?.userName ?? '') : BUYER_HIDDEN,
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
 * An admin moves a whole order to `orderStatus` (every live part that is not already past it),
 * through the lifecycle's table: a move it refuses is a 409, asking for the status the order
 * already has changes nothing. A courier claim a crashed process left on a part is released
 * first (issue 26.10), so a part never booked is not refused as "handed to the courier".
 */
export async function updateOrderStatus(
  deps: ClaimSweepDeps,
  ctx: LifecycleContext,
  admin: SessionUser,
  orderId: string,
  { orderStatus }: UpdateOrderStatusInput,
): Promise<void> {
  const { db } = deps
  const parts = await db
    .select({ id: subOrders.id })
    .from(subOrders)
    .where(eq(subOrders.orderId, orderId))
  await releaseStaleClaims(deps, { parts: parts.map((p) => p.id) })
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: orders.orderStatus })
      .from(orders)
      .where(eq(orders.id, orderId))
    if (!row) throw notFound('Order not found')
    if (row.status === orderStatus) return
    const event = eventTo(orderStatus)
    if (!event) throw refusedMove(row.status, orderStatus)
    await moveOrder(tx, ctx, { orderId, event, actor: { kind: 'admin', id: admin.id } })
  })
}

/** The event that leads to `status`; the lifecycle's table then judges it for the order's parts. */
function eventTo(status: OrderStatus): OrderEvent | null {
  return ORDER_EVENTS.find((e) => ORDER_TRANSITIONS[e].to === status) ?? null
}

/** Why a seller cannot mark its part Shipped or Delivered by hand (issue 16). */
export const COURIER_MARKS =
  'Book the courier with Ship: its tracking marks the parcel Shipped and then Delivered.'

/**
 * A seller moves its own sub-order along, through the lifecycle's table (an unpaid order cannot
 * be processed, nothing moves backwards): someone else's is 403, an unknown one 404.
 */
export async function updateSellerSubOrder(
  db: Db,
  ctx: LifecycleContext,
  seller: SessionUser,
  { _id, status }: VendorUpdateInput,
) {
  return db.transaction(async (tx) => {
    const [sub] = await tx
      .select({
        sellerId: subOrders.sellerId,
        orderId: subOrders.orderId,
        status: subOrders.status,
      })
      .from(subOrders)
      .where(eq(subOrders.id, _id))
    if (!sub) throw notFound('Order not found')
    if (sub.sellerId !== seller.id) throw forbidden('You can only update your own orders')
    if (sub.status !== status) {
      const event = orderEventFor(sub.status, status, 'seller')
      if (!event && orderEventFor(sub.status, status, 'courier')) throw conflict(COURIER_MARKS)
      if (!event) throw refusedMove(sub.status, status)
      await moveOrder(tx, ctx, {
        orderId: sub.orderId,
        subOrderId: _id,
        event,
        actor: { kind: 'seller', id: seller.id },
      })
    }
    return { _id, orderId: sub.orderId, status }
  })
}
