import {
  formatOrderNumber,
  LIVE_PAYOUT_STATUSES,
  OPEN_RETURN_STATUSES,
  paiseToRupees,
  type EarningsResponse,
  type SettlementEntryKind,
  type SettlementPartStatus,
} from '@techbazaar/shared'
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orders, payouts, returns, settlementEntries, subOrders } from '../../db/schema'
import { payoutBlockOf } from './payout-block'
import type { SettlementPolicy } from './ledger'

/**
 * What a seller is owed, read from the ledger alone: every figure a sum of entries, in SQL. A
 * part is on hold until its return window and the buffer after it have passed with no return
 * open (a return asked for late still finds the money), then payable. Payable parts whose sum is
 * negative (fees kept on goods that came back) leave a negative carried against later earnings.
 */

const sumOf = (kinds: readonly SettlementEntryKind[]) =>
  sql<number>`coalesce(sum(${settlementEntries.amountPaise}) filter (where ${inArray(settlementEntries.kind, [...kinds])}), 0)`.mapWith(
    Number,
  )

/** The parts' rows of the ledger, one per delivered part, with their hold state at `now`. */
function partsQuery(db: Db, policy: SettlementPolicy, sellers: SQL, now: Date) {
  const holdDays = policy.returnWindowDays + policy.holdBufferDays
  const holdUntil = sql<Date>`(${subOrders.deliveredAt} + make_interval(days => ${holdDays}::int))`
  const openReturn: SQL = sql`exists (select 1 from ${returns} where ${returns.subOrderId} = ${subOrders.id} and ${inArray(returns.status, [...OPEN_RETURN_STATUSES])})`
  const status = sql<SettlementPartStatus>`case when not ${openReturn} and ${holdUntil} <= ${now.toISOString()}::timestamptz then 'payable' else 'onHold' end`
  return (
    db
      .select({
        sellerId: sql<string>`${settlementEntries.sellerId}`.as('seller_id'),
        subOrderId: subOrders.id,
        orderId: orders.id,
        orderNumber: orders.orderNumber,
        deliveredAt: subOrders.deliveredAt,
        holdUntil: holdUntil.mapWith(subOrders.deliveredAt).as('hold_until'),
        status: status.as('status'),
        returnOpen: sql<boolean>`${openReturn}`.mapWith(Boolean).as('return_open'),
        sale: sumOf(['sale', 'saleReversal']).as('sale'),
        commission: sumOf(['commission', 'commissionReversal']).as('commission'),
        closingFee: sumOf(['closingFee']).as('closing_fee'),
        feeGst: sumOf(['feeGst', 'feeGstReversal']).as('fee_gst'),
        tcs: sumOf(['tcs', 'tcsReversal']).as('tcs'),
        tds: sumOf(['tds', 'tdsReversal']).as('tds'),
        net: sql<number>`coalesce(sum(${settlementEntries.amountPaise}), 0)`
          .mapWith(Number)
          .as('net'),
      })
      .from(settlementEntries)
      // Joined on the seller too, so a plan for a few sellers reads only their parts.
      .innerJoin(
        subOrders,
        and(
          eq(subOrders.id, settlementEntries.subOrderId),
          eq(subOrders.sellerId, settlementEntries.sellerId),
        ),
      )
      .innerJoin(orders, eq(orders.id, subOrders.orderId))
      .where(sellers)
      .groupBy(settlementEntries.sellerId, subOrders.id, orders.id)
  )
}

/**
 * A seller's balances in paise. The payable parts' sum less what payouts took out of it
 * (`payout` entries, given back by `payoutReturned` when one fails) is what a payout may take
 * now (`payablePaise`, never below zero) or the negative carried against later earnings.
 * `inPayoutPaise` and `paidPaise` split what payouts took by where they stand.
 */
export interface SellerBalances {
  onHoldPaise: number
  payablePaise: number
  carriedNegativePaise: number
  inPayoutPaise: number
  paidPaise: number
}

const ZERO: SellerBalances = {
  onHoldPaise: 0,
  payablePaise: 0,
  carriedNegativePaise: 0,
  inPayoutPaise: 0,
  paidPaise: 0,
}

/**
 * The balances of the given sellers (or every seller with entries), each a sum of entries, in
 * three grouped queries however many sellers: a payout run reads a thousand at once.
 */
export async function balancesBySeller(
  db: Db,
  policy: SettlementPolicy,
  now: Date,
  sellerIds?: readonly string[],
): Promise<Map<string, SellerBalances>> {
  if (sellerIds?.length === 0) return new Map()
  const entriesOf = sellerIds ? inArray(settlementEntries.sellerId, [...sellerIds]) : sql`true`
  const parts = partsQuery(db, policy, entriesOf, now).as('parts')
  // One after another: `db` may be a transaction (one connection, one query at a time).
  const earned = await db
    .select({
      sellerId: parts.sellerId,
      onHold:
        sql<number>`coalesce(sum(${parts.net}) filter (where ${parts.status} = 'onHold'), 0)`.mapWith(
          Number,
        ),
      payable:
        sql<number>`coalesce(sum(${parts.net}) filter (where ${parts.status} = 'payable'), 0)`.mapWith(
          Number,
        ),
    })
    .from(parts)
    .groupBy(parts.sellerId)
  const takenOut = await db
    .select({
      sellerId: settlementEntries.sellerId,
      amount: sql<number>`coalesce(sum(${settlementEntries.amountPaise}), 0)`.mapWith(Number),
    })
    .from(settlementEntries)
    .where(and(entriesOf, inArray(settlementEntries.kind, ['payout', 'payoutReturned'])))
    .groupBy(settlementEntries.sellerId)
  const byStatus = await db
    .select({
      sellerId: payouts.sellerId,
      paid: sql<number>`coalesce(sum(${payouts.amountPaise}) filter (where ${payouts.status} = 'paid'), 0)`.mapWith(
        Number,
      ),
      live: sql<number>`coalesce(sum(${payouts.amountPaise}) filter (where ${inArray(payouts.status, [...LIVE_PAYOUT_STATUSES])}), 0)`.mapWith(
        Number,
      ),
    })
    .from(payouts)
    .where(sellerIds ? inArray(payouts.sellerId, [...sellerIds]) : sql`true`)
    .groupBy(payouts.sellerId)
  const result = new Map<string, SellerBalances>()
  const of = (id: string) => result.get(id) ?? { ...ZERO }
  for (const row of earned) {
    result.set(row.sellerId, {
      ...of(row.sellerId),
      onHoldPaise: row.onHold,
      payablePaise: row.payable,
    })
  }
  for (const row of takenOut) {
    const b = of(row.sellerId)
    result.set(row.sellerId, { ...b, payablePaise: b.payablePaise + row.amount })
  }
  for (const row of byStatus) {
    result.set(row.sellerId, { ...of(row.sellerId), paidPaise: row.paid, inPayoutPaise: row.live })
  }
  for (const [id, b] of result) {
    const available = b.payablePaise
    result.set(id, {
      ...b,
      payablePaise: Math.max(available, 0),
      carriedNegativePaise: Math.min(available, 0),
    })
  }
  return result
}

/** One seller's balances (zero for a seller without entries). */
export async function sellerBalances(
  db: Db,
  policy: SettlementPolicy,
  sellerId: string,
  now: Date,
): Promise<SellerBalances> {
  return (await balancesBySeller(db, policy, now, [sellerId])).get(sellerId) ?? { ...ZERO }
}

/**
 * What a payout may take from each seller now, in paise, in one grouped query: its payable
 * parts' entries plus its payout entries (the sum `balancesBySeller` makes, for the one figure a
 * payout needs, read under the sellers' locks). Negative when a negative is carried. The parts
 * are joined on their seller too, so the plan reads only these sellers' parts.
 */
export async function availableBySeller(
  db: Db,
  policy: SettlementPolicy,
  sellerIds: readonly string[],
  now: Date,
): Promise<Map<string, number>> {
  if (sellerIds.length === 0) return new Map()
  const holdDays = policy.returnWindowDays + policy.holdBufferDays
  const rows = await db
    .select({
      sellerId: settlementEntries.sellerId,
      available: sql<number>`coalesce(sum(${settlementEntries.amountPaise}) filter (where
        ${settlementEntries.payoutId} is not null
        or (${subOrders.deliveredAt} + make_interval(days => ${holdDays}::int) <= ${now.toISOString()}::timestamptz
            and not exists (select 1 from ${returns} where ${returns.subOrderId} = ${subOrders.id}
                            and ${inArray(returns.status, [...OPEN_RETURN_STATUSES])}))), 0)`.mapWith(
        Number,
      ),
    })
    .from(settlementEntries)
    .leftJoin(
      subOrders,
      and(
        eq(subOrders.id, settlementEntries.subOrderId),
        eq(subOrders.sellerId, settlementEntries.sellerId),
      ),
    )
    .where(inArray(settlementEntries.sellerId, [...sellerIds]))
    .groupBy(settlementEntries.sellerId)
  return new Map(rows.map((r) => [r.sellerId, r.available]))
}

/**
 * Which payable parts the payouts so far have taken, oldest first (the order their holds ended):
 * a part whose net falls within what was paid is paid, within what is in payout is in payout.
 * Payouts pay a balance, not parts; this only tells the seller which parts that money covered.
 */
function attributePayouts<
  R extends { status: SettlementPartStatus; holdUntil: Date; subOrderId: string; net: number },
>(rows: R[], totals: SellerBalances): (R & { status: SettlementPartStatus })[] {
  const payable = rows
    .filter((r) => r.status === 'payable')
    .sort(
      (a, b) =>
        a.holdUntil.getTime() - b.holdUntil.getTime() || a.subOrderId.localeCompare(b.subOrderId),
    )
  const statusOf = new Map<string, SettlementPartStatus>()
  let covered = 0
  for (const part of payable) {
    covered += part.net
    statusOf.set(
      part.subOrderId,
      covered <= totals.paidPaise
        ? 'paid'
        : covered <= totals.paidPaise + totals.inPayoutPaise
          ? 'inPayout'
          : 'payable',
    )
  }
  return rows.map((r) => ({ ...r, status: statusOf.get(r.subOrderId) ?? r.status }))
}

/** The seller's earnings page: totals and each delivered part, newest first, in rupees. */
export async function sellerEarnings(
  db: Db,
  policy: SettlementPolicy,
  sellerId: string,
  now: Date,
): Promise<EarningsResponse['data']> {
  const rows = await partsQuery(db, policy, eq(settlementEntries.sellerId, sellerId), now).orderBy(
    desc(subOrders.deliveredAt),
    desc(subOrders.id),
  )
  const totals = await sellerBalances(db, policy, sellerId, now)
  // Deductions read as positive amounts the marketplace keeps.
  const kept = (paise: number) => paiseToRupees(-paise)
  return {
    sellerId,
    totals: {
      onHold: paiseToRupees(totals.onHoldPaise),
      payable: paiseToRupees(totals.payablePaise),
      inPayout: paiseToRupees(totals.inPayoutPaise),
      paid: paiseToRupees(totals.paidPaise),
      carriedNegative: paiseToRupees(totals.carriedNegativePaise),
    },
    payoutBlock: await payoutBlockOf(db, sellerId),
    parts: attributePayouts(rows, totals).map((r) => ({
      subOrderId: r.subOrderId,
      orderId: r.orderId,
      orderNumber: formatOrderNumber(r.orderNumber),
      deliveredAt: (r.deliveredAt ?? r.holdUntil).toISOString(),
      holdUntil: r.holdUntil.toISOString(),
      status: r.status,
      returnOpen: r.returnOpen,
      sale: paiseToRupees(r.sale),
      commission: kept(r.commission),
      closingFee: kept(r.closingFee),
      feeGst: kept(r.feeGst),
      tcs: kept(r.tcs),
      tds: kept(r.tds),
      net: paiseToRupees(r.net),
    })),
  }
}
