import {
  codDailyLimitMessage,
  ENDED_ORDER_STATUSES,
  IST_OFFSET_MINUTES,
  paiseToRupees,
} from '@techbazaar/shared'
import { and, eq, gte, inArray, lt, notInArray, sql } from 'drizzle-orm'
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
 * Income-tax s.269ST bars receiving ₹2 lakh or more in cash "in aggregate from a person in a
 * day" (issue 30.4, decision 070): the cash a courier collects on delivery is the seller's, so a
 * cash-on-delivery order is refused (400) when, for any of its sellers, it and the shopper's other
 * COD parts from that seller placed the same day in India (those not ended undelivered:
 * cancelled, rejected, returned to origin) would pass `maxPaise`. Called under the cart lock,
 * which every placement of the account takes, so two placements count each other.
 */
export async function assertCodDayAllowed(
  tx: Tx,
  userId: string,
  lines: { sellerId: string; pricePaise: number; quantity: number }[],
  maxPaise: number,
  now: Date,
): Promise<void> {
  if (await codDayExceeded(tx, userId, lines, maxPaise, now)) {
    throw badRequest(codDailyLimitMessage(paiseToRupees(maxPaise)))
  }
}

/**
 * Whether these lines, paid in cash, would pass the daily ceiling for one of their sellers: the
 * refusal's own count, also asked by the checkout's quote so the shopper is told before paying.
 */
export async function codDayExceeded(
  tx: Tx | Db,
  userId: string,
  lines: { sellerId: string; pricePaise: number; quantity: number }[],
  maxPaise: number,
  now: Date,
): Promise<boolean> {
  if (lines.length === 0) return false
  const bySeller = new Map<string, number>()
  for (const l of lines) {
    bySeller.set(l.sellerId, (bySeller.get(l.sellerId) ?? 0) + l.pricePaise * l.quantity)
  }
  const { start, end } = istDayAround(now)
  const earlier = await tx
    .select({
      sellerId: subOrders.sellerId,
      paise: sql<string>`coalesce(sum(${subOrders.subtotalPaise}), 0)`,
    })
    .from(subOrders)
    .innerJoin(orders, eq(orders.id, subOrders.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.paymentMethod, 'COD'),
        gte(orders.createdAt, start),
        lt(orders.createdAt, end),
        inArray(subOrders.sellerId, [...bySeller.keys()]),
        notInArray(subOrders.status, [...ENDED_ORDER_STATUSES]),
      ),
    )
    .groupBy(subOrders.sellerId)
  for (const row of earlier) {
    bySeller.set(row.sellerId, (bySeller.get(row.sellerId) ?? 0) + Number(row.paise))
  }
  return [...bySeller.values()].some((paise) => paise > maxPaise)
}
