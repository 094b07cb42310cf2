import { paidForUnits } from '../offers'
import {
  formatOrderNumber,
  isMarketplaceAdmin,
  nextReturnStatuses,
  paiseToRupees,
  type AdminReturn,
  type OrderReturn,
  type SessionUser,
  isSuspendedSeller,
  seesBuyers,
  type VendorStatus,
} from '@techbazaar/shared'
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../../db/client'
import {
  orderLines,
  orders,
  returnLines,
  returns,
  subOrders,
  users,
  vendorProfiles,
} from '../../db/schema'
import {
  overdueReturn,
  type ReturnDecisionRule,
  sellerName,
  BUYER_HIDDEN,
  shopperWordsFor,
  withLabelFor,
} from '../kernel'

const DAY_MS = 86_400_000

export type ReturnRow = typeof returns.$inferSelect

/** One returned order line, with what it was charged. */
export interface ReturnedLine {
  orderLineId: string
  productId: string
  title: string
  image: string
  unitPricePaise: number
  quantity: number
  /** The order line's units and its coupon share: the refund is what was paid (decision 092). */
  orderedQuantity: number
  discountPaise: number
}

/** A return with what every view of it (queue, order details, mails) needs. */
export interface ReturnRecord {
  row: ReturnRow
  orderNumber: number
  paymentMethod: string
  sellerId: string
  /** The seller's business name (its account name until it has one). */
  seller: string
  sellerEmail: string
  /** The seller account's standing now: whether its mails may carry the buyer's words. */
  sellerStatus: VendorStatus
  customerName: string
  customerEmail: string
  /** Past its promised day (computed only when the reader asks, see `readReturns`). */
  overdue: boolean
  lines: ReturnedLine[]
}

/**
 * What was paid for the returned items (their price less their share of a coupon): what the
 * refund owes (shipping is never refunded).
 */
export const returnedPaise = (lines: readonly ReturnedLine[]) =>
  lines.reduce(
    (sum, l) =>
      sum +
      paidForUnits(
        {
          unitPricePaise: l.unitPricePaise,
          quantity: l.orderedQuantity,
          discountPaise: l.discountPaise,
        },
        l.quantity,
      ),
    0,
  )

const customers = alias(users, 'customer')

/**
 * The returns matching `where` with their order, people and lines, in `order` of request.
 * With `overdueAt`, each says whether it is past its promised day by the dashboard's predicate.
 */
export async function readReturns(
  db: Db | Tx,
  where: SQL | undefined,
  opts: {
    order?: 'oldest' | 'newest'
    limit?: number
    offset?: number
    overdueAt?: { now: Date; rule: ReturnDecisionRule }
  } = {},
): Promise<ReturnRecord[]> {
  const overdue = opts.overdueAt
    ? sql<boolean>`coalesce(${overdueReturn(opts.overdueAt.now, opts.overdueAt.rule)}, false)`
    : sql<boolean>`false`
  const sort =
    opts.order === 'newest'
      ? [desc(returns.createdAt), desc(returns.id)]
      : [asc(returns.createdAt), asc(returns.id)]
  let query = db
    .select({
      row: returns,
      orderNumber: orders.orderNumber,
      paymentMethod: orders.paymentMethod,
      sellerId: subOrders.sellerId,
      seller: sellerName,
      sellerEmail: users.email,
      // A seller without a profile row reads as Pending, as its session does (auth/sessions.ts).
      sellerStatus: sql<VendorStatus>`coalesce(${vendorProfiles.status}, 'Pending')`,
      customerName: customers.userName,
      customerEmail: customers.email,
      overdue,
    })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .innerJoin(subOrders, eq(subOrders.id, returns.subOrderId))
    .innerJoin(users, eq(users.id, subOrders.sellerId))
    .leftJoin(vendorProfiles, eq(vendorProfiles.userId, subOrders.sellerId))
    .innerJoin(customers, eq(customers.id, orders.userId))
    .where(where)
    .orderBy(...sort)
    .$dynamic()
  if (opts.limit !== undefined) query = query.limit(opts.limit)
  if (opts.offset !== undefined) query = query.offset(opts.offset)
  const rows = await query
  if (rows.length === 0) return []
  const lines = await db
    .select({
      returnId: returnLines.returnId,
      orderLineId: returnLines.orderLineId,
      productId: returnLines.productId,
      title: orderLines.title,
      image: orderLines.image,
      unitPricePaise: orderLines.unitPricePaise,
      quantity: returnLines.quantity,
      orderedQuantity: orderLines.quantity,
      discountPaise: orderLines.discountPaise,
    })
    .from(returnLines)
    .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
    .where(
      inArray(
        returnLines.returnId,
        rows.map((r) => r.row.id),
      ),
    )
    .orderBy(asc(orderLines.title), asc(returnLines.orderLineId))
  return rows.map((r) => ({
    ...r,
    overdue: Boolean(r.overdue),
    lines: lines
      .filter((l) => l.returnId === r.row.id)
      .map(({ returnId: _returnId, ...line }) => line),
  }))
}

/** One return by id, or undefined. */
export async function readReturn(db: Db | Tx, returnId: string): Promise<ReturnRecord | undefined> {
  const [found] = await readReturns(db, eq(returns.id, returnId))
  return found
}

/** A return as the shopper's order details show it. */
export function toOrderReturn(r: ReturnRecord): OrderReturn {
  const { row } = r
  const iso = (d: Date | null) => (d ? d.toISOString() : null)
  return {
    _id: row.id,
    orderId: row.orderId,
    subOrderId: row.subOrderId,
    seller: r.seller,
    status: row.status,
    reason: row.reason,
    note: row.note,
    photos: row.photos,
    items: r.lines.map((l) => ({
      productId: l.productId,
      title: l.title,
      image: l.image,
      price: paiseToRupees(l.unitPricePaise),
      quantity: l.quantity,
    })),
    amount: paiseToRupees(returnedPaise(r.lines)),
    decisionNote: row.decisionNote,
    pickup:
      row.pickupCourier && row.pickupAwb
        ? { courier: row.pickupCourier, awb: row.pickupAwb, labelUrl: row.pickupLabelUrl }
        : null,
    requestedAt: row.createdAt.toISOString(),
    decideBy: row.decideBy.toISOString(),
    decidedAt: iso(row.decidedAt),
    receivedAt: iso(row.receivedAt),
    checkedAt: iso(row.checkedAt),
  }
}

/** Who moves a return: a marketplace admin, or the seller whose part it is. */
export const returnActorOf = (user: SessionUser) => (isMarketplaceAdmin(user) ? 'admin' : 'seller')

/**
 * A return in the back office's queue, as `viewer` sees it: the buttons it may press (none for a
 * seller whose account was rejected), and the buyer's name, note and photos only while the seller
 * may see buyers.
 */
export function toAdminReturn(r: ReturnRecord, viewer: SessionUser): AdminReturn {
  const seen = shopperWordsFor(viewer, toOrderReturn(r))
  return {
    ...seen,
    pickup: withLabelFor(viewer, seen.pickup),
    orderNumber: formatOrderNumber(r.orderNumber),
    customerName: seesBuyers(viewer) ? r.customerName : BUYER_HIDDEN,
    overdue: r.overdue,
    next: isSuspendedSeller(viewer) ? [] : nextReturnStatuses(r.row.status, returnActorOf(viewer)),
  }
}

/**
 * An order's returns for its details page, oldest first: all of them, or (a seller's view) those
 * of `subOrderIds` only.
 */
export async function returnsOf(
  db: Db,
  orderId: string,
  subOrderIds?: string[],
): Promise<OrderReturn[]> {
  if (subOrderIds && subOrderIds.length === 0) return []
  const records = await readReturns(
    db,
    and(
      eq(returns.orderId, orderId),
      subOrderIds ? inArray(returns.subOrderId, subOrderIds) : undefined,
    ),
  )
  return records.map(toOrderReturn)
}

/** The moment a part's return window closes: `windowDays` after its delivery. */
export function returnWindowCloses(deliveredAt: Date, windowDays: number): Date {
  return new Date(deliveredAt.getTime() + windowDays * DAY_MS)
}
