import {
  deriveOrderStatus,
  ENDED_ORDER_STATUSES,
  orderStanding,
  paiseToRupees,
  type LineStanding,
  type OrderStanding,
  type OrderStatus,
  type PaymentStatus,
} from '@techbazaar/shared'
import {
  and,
  asc,
  eq,
  getTableColumns,
  inArray,
  not,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import {
  orderLines,
  orders,
  products,
  refunds,
  returnLines,
  returns,
  subOrders,
} from '../../db/schema'

/** An order line as stored, with its product's page id (the product as it is now). */
type LineRow = typeof orderLines.$inferSelect & { productShortId: string }

/** Orders whose rows one round of queries loads. */
const BATCH = 1000

/** What `standingsOf` needs of each order row. */
export interface StandingOrder {
  id: string
  paymentMethod: string
  paymentStatus: PaymentStatus
  orderStatus: OrderStatus
  totalPaise: number
}

/** An order's standing with its lines (as stored) beside their states, in title order. */
export interface LoadedStanding {
  standing: OrderStanding
  lines: { row: LineRow; standing: LineStanding }[]
}

/**
 * Loads what `orderStanding` (shared, issue 26.8) decides from, for many orders in four
 * queries, and applies it: each order's parts, lines, units returned through their quality check
 * and refunds. With `sellerId`, a seller's view: its own parts only, their refunds only, the
 * status derived from them. `lines: false` skips the lines and returns when only money is
 * wanted (the dashboard).
 */
export async function standingsOf(
  db: Db | Tx,
  orders: readonly StandingOrder[],
  opts: { sellerId?: string; lines?: boolean } = {},
): Promise<Map<string, LoadedStanding>> {
  if (orders.length > BATCH) {
    // A month of sales (the dashboard) in slices: PostgreSQL takes at most 65,535 parameters.
    const result = new Map<string, LoadedStanding>()
    for (let i = 0; i < orders.length; i += BATCH) {
      const slice = await standingsOf(db, orders.slice(i, i + BATCH), opts)
      for (const [id, loaded] of slice) result.set(id, loaded)
    }
    return result
  }
  const result = new Map<string, LoadedStanding>()
  if (orders.length === 0) return result
  const orderIds = orders.map((o) => o.id)
  const parts = await db
    .select({
      id: subOrders.id,
      orderId: subOrders.orderId,
      status: subOrders.status,
      subtotalPaise: subOrders.subtotalPaise,
    })
    .from(subOrders)
    .where(
      and(
        inArray(subOrders.orderId, orderIds),
        opts.sellerId ? eq(subOrders.sellerId, opts.sellerId) : undefined,
      ),
    )
    .orderBy(asc(subOrders.createdAt), asc(subOrders.id))
  const partIds = parts.map((p) => p.id)
  const withLines = (opts.lines ?? true) && partIds.length > 0
  const [lines, back, refunded] = await Promise.all([
    withLines
      ? db
          .select({ ...getTableColumns(orderLines), productShortId: products.shortId })
          .from(orderLines)
          .innerJoin(products, eq(products.id, orderLines.productId))
          .where(inArray(orderLines.subOrderId, partIds))
          .orderBy(asc(orderLines.title), asc(orderLines.id))
      : [],
    withLines
      ? db
          .select({ orderLineId: returnLines.orderLineId, quantity: returnLines.quantity })
          .from(returnLines)
          .innerJoin(returns, eq(returns.id, returnLines.returnId))
          .where(and(inArray(returns.subOrderId, partIds), eq(returns.status, 'qc_passed')))
      : [],
    db
      .select({
        orderId: refunds.orderId,
        subOrderId: refunds.subOrderId,
        amountPaise: refunds.amountPaise,
        status: refunds.status,
      })
      .from(refunds)
      .where(inArray(refunds.orderId, orderIds)),
  ])
  for (const order of orders) {
    const own = parts.filter((p) => p.orderId === order.id)
    const ownIds = new Set(own.map((p) => p.id))
    const ownLines = lines.filter((l) => ownIds.has(l.subOrderId))
    const standing = orderStanding({
      paymentMethod: order.paymentMethod,
      paymentStatus: order.paymentStatus,
      // A seller reads its own parts' status (the order's may be held back by another seller's).
      orderStatus: opts.sellerId ? deriveOrderStatus(own.map((p) => p.status)) : order.orderStatus,
      totalPaise: opts.sellerId
        ? own.reduce((sum, p) => sum + p.subtotalPaise, 0)
        : order.totalPaise,
      parts: own,
      lines: ownLines,
      returned: back,
      // A seller sees its own parts' refunds only; a late payment's (no part) is the order's.
      refunds: refunded.filter(
        (r) =>
          r.orderId === order.id &&
          (!opts.sellerId || (r.subOrderId !== null && ownIds.has(r.subOrderId))),
      ),
    })
    result.set(order.id, {
      standing,
      lines: ownLines.map((row, i) => ({ row, standing: standing.lines[i]! })),
    })
  }
  return result
}

/** A line as the order views send it (`orderLine`, shared). */
export function toOrderLine({ row, standing }: LoadedStanding['lines'][number]) {
  return {
    productId: row.productId,
    shortId: row.productShortId,
    subOrderId: row.subOrderId,
    title: row.title,
    image: row.image,
    price: paiseToRupees(row.unitPricePaise),
    quantity: row.quantity,
    ...(row.mrpPaise === null ? {} : { mrp: paiseToRupees(row.mrpPaise) }),
    discount: paiseToRupees(row.discountPaise),
    state: standing.state,
    cancelledQuantity: standing.cancelledQuantity,
    returnedQuantity: standing.returnedQuantity,
  }
}

/** The standing `standingsOf` loaded for one of the orders it was given. */
export function standingOf(standings: Map<string, LoadedStanding>, orderId: string) {
  const found = standings.get(orderId)
  if (!found) throw new Error(`order ${orderId} was not loaded`)
  return found
}

/** Units of the line in scope (`order_lines` row) that returns brought back through their QC. */
const unitsBack = sql`(
  select coalesce(sum(${returnLines.quantity}), 0) from ${returnLines}
  inner join ${returns} on ${returns.id} = ${returnLines.returnId}
  where ${returnLines.orderLineId} = ${orderLines.id} and ${returns.status} = 'qc_passed'
)`

/** Lines of the `orders` row in scope whose part has not ended (still to deliver, or delivered). */
const liveLines = (more?: SQL) => sql`(
  select 1 from ${orderLines}
  inner join ${subOrders} on ${subOrders.id} = ${orderLines.subOrderId}
  where ${orderLines.orderId} = ${orders.id}
    and ${notInArray(subOrders.status, [...ENDED_ORDER_STATUSES])}
    ${more ? sql`and ${more}` : sql``}
)`

/**
 * `orderStanding`'s "every unit came back" (issue 26.8) in SQL, for the `orders` row in scope:
 * a line of a part still live, and every such line's units brought back by returns that passed
 * their quality check. Lines of ended parts (cancelled, rejected, back undelivered) never left
 * or came back without the shopper. Kept beside `standingsOf`: the two must say the same, and
 * `standing.test.ts`/the list filter's test check both on the same orders.
 */
const everyUnitBack = sql`(exists ${liveLines()} and not exists ${liveLines(
  sql`${orderLines.quantity} > ${unitsBack}`,
)})`

/**
 * The whole order's shown status (`displayStatus` of the admin's list and details) is `status`,
 * as a filter the database applies (issue 26.8): an order whose every unit came back reads
 * Returned, not the Delivered it stores. Written as the stored status and the one exception, so
 * a filter on any other status still narrows on `orders.order_status` first.
 */
export function displayStatusIs(status: OrderStatus): SQL {
  return status === 'returned'
    ? or(eq(orders.orderStatus, 'returned'), everyUnitBack)!
    : and(eq(orders.orderStatus, status), not(everyUnitBack))!
}
