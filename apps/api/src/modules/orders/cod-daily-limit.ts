import {
  codDailyLimitMessage,
  ENDED_ORDER_STATUSES,
  IST_OFFSET_MINUTES,
  paiseToRupees,
} from '@techbazaar/shared'
import { and, eq, gte, inArray, lt, notInArray, sql, type SQLWrapper } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { orders, subOrders } from '../../db/schema'
import { badRequest } from '../../lib/errors'

const DAY_MS = 86_400_000
const IST_MS = IST_OFFSET_MINUTES * 60_000

/** The Indian calendar day around `at`, as UTC instants [start, end). */
export function istDayAround(at: Date): { start: Date; end: Date } {
  const start = Math.floor((at.getTime() + IST_MS) / DAY_MS) * DAY_MS - IST_MS
  return { start: new Date(start), end: new Date(start + DAY_MS) }
}

/**
 * The shopper's earlier cash-on-delivery parts that count towards one seller's ceiling on the
 * day of `now` (IST), as a condition on `sub_orders` joined to `orders`: placed that day, cash on
 * delivery, not ended undelivered (cancelled, rejected, returned to origin). One rule for the
 * quote's count and for placement's, which reads it beside the cart's lines.
 */
function codPartsOfDay(userId: string, now: Date) {
  const { start, end } = istDayAround(now)
  return and(
    eq(orders.userId, userId),
    eq(orders.paymentMethod, 'COD'),
    gte(orders.createdAt, start),
    lt(orders.createdAt, end),
    notInArray(subOrders.status, [...ENDED_ORDER_STATUSES]),
  )
}

/**
 * The paise of the shopper's earlier cash-on-delivery parts from the seller `sellerId` (a column
 * of the caller's query) on the day of `now`: a scalar subquery, for placement's one read.
 */
export function codEarlierPaiseSql(userId: string, sellerId: SQLWrapper, now: Date) {
  return sql<string>`(SELECT coalesce(sum(${subOrders.subtotalPaise}), 0)
    FROM ${subOrders} INNER JOIN ${orders} ON ${orders.id} = ${subOrders.orderId}
    WHERE ${codPartsOfDay(userId, now)} AND ${subOrders.sellerId} = ${sellerId})`
}

/**
 * Income-tax s.269ST bars receiving ₹2 lakh or more in cash "in aggregate from a person in a
 * day" (issue 30.4, decision 070): the cash a courier collects on delivery is the seller's, so a
 * cash-on-delivery order is refused (400) when, for any of its sellers, it and the shopper's other
 * COD parts from that seller placed the same day in India (those not ended undelivered:
 * cancelled, rejected, returned to origin) would pass `maxPaise`. Placement reads each line's
 * `codEarlierPaise` (codEarlierPaiseSql, its seller's earlier parts) under the cart lock, which
 * every placement of the account takes, so two placements count each other.
 */
export function assertCodDayAllowed(
  lines: { sellerId: string; pricePaise: number; quantity: number; codEarlierPaise: number }[],
  maxPaise: number,
): void {
  const earlier = new Map(lines.map((l) => [l.sellerId, l.codEarlierPaise]))
  if (codDayOver(lines, earlier, maxPaise)) {
    throw badRequest(codDailyLimitMessage(paiseToRupees(maxPaise)))
  }
}

/** Whether the lines, added to each seller's earlier paise, pass `maxPaise` for one of them. */
function codDayOver(
  lines: { sellerId: string; pricePaise: number; quantity: number }[],
  earlier: ReadonlyMap<string, number>,
  maxPaise: number,
): boolean {
  const bySeller = new Map<string, number>()
  for (const l of lines) {
    bySeller.set(l.sellerId, (bySeller.get(l.sellerId) ?? 0) + l.pricePaise * l.quantity)
  }
  return [...bySeller].some(([seller, paise]) => paise + (earlier.get(seller) ?? 0) > maxPaise)
}

/**
 * Whether these lines, paid in cash, would pass the daily ceiling for one of their sellers: the
 * refusal's own count, asked by the checkout's quote so the shopper is told before paying.
 */
export async function codDayExceeded(
  tx: Tx | Db,
  userId: string,
  lines: { sellerId: string; pricePaise: number; quantity: number }[],
  maxPaise: number,
  now: Date,
): Promise<boolean> {
  if (lines.length === 0) return false
  const sellerIds = [...new Set(lines.map((l) => l.sellerId))]
  const earlier = await tx
    .select({
      sellerId: subOrders.sellerId,
      paise: sql<string>`coalesce(sum(${subOrders.subtotalPaise}), 0)`,
    })
    .from(subOrders)
    .innerJoin(orders, eq(orders.id, subOrders.orderId))
    .where(and(codPartsOfDay(userId, now), inArray(subOrders.sellerId, sellerIds)))
    .groupBy(subOrders.sellerId)
  return codDayOver(lines, new Map(earlier.map((r) => [r.sellerId, Number(r.paise)])), maxPaise)
}
