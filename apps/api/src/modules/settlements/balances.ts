import {
  formatOrderNumber,
  OPEN_RETURN_STATUSES,
  paiseToRupees,
  type EarningsResponse,
  type SettlementEntryKind,
  type SettlementPartStatus,
} from '@techbazaar/shared'
import { desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orders, returns, settlementEntries, subOrders } from '../../db/schema'
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

function partsQuery(db: Db, policy: SettlementPolicy, sellerId: string, now: Date) {
  const holdDays = policy.returnWindowDays + policy.holdBufferDays
  const holdUntil = sql<Date>`(${subOrders.deliveredAt} + make_interval(days => ${holdDays}::int))`
  const openReturn: SQL = sql`exists (select 1 from ${returns} where ${returns.subOrderId} = ${subOrders.id} and ${inArray(returns.status, [...OPEN_RETURN_STATUSES])})`
  const status = sql<SettlementPartStatus>`case when not ${openReturn} and ${holdUntil} <= ${now.toISOString()}::timestamptz then 'payable' else 'onHold' end`
  return db
    .select({
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
    .innerJoin(subOrders, eq(subOrders.id, settlementEntries.subOrderId))
    .innerJoin(orders, eq(orders.id, subOrders.orderId))
    .where(eq(settlementEntries.sellerId, sellerId))
    .groupBy(subOrders.id, orders.id)
}

/** The totals in paise: on hold, payable (never below zero) and the negative carried. */
export async function sellerBalances(
  db: Db,
  policy: SettlementPolicy,
  sellerId: string,
  now: Date,
): Promise<{ onHoldPaise: number; payablePaise: number; carriedNegativePaise: number }> {
  const parts = partsQuery(db, policy, sellerId, now).as('parts')
  const [row] = await db
    .select({
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
  const onHold = row?.onHold ?? 0
  const payable = row?.payable ?? 0
  return {
    onHoldPaise: onHold,
    payablePaise: Math.max(payable, 0),
    carriedNegativePaise: Math.min(payable, 0),
  }
}

/** The seller's earnings page: totals and each delivered part, newest first, in rupees. */
export async function sellerEarnings(
  db: Db,
  policy: SettlementPolicy,
  sellerId: string,
  now: Date,
): Promise<EarningsResponse['data']> {
  const rows = await partsQuery(db, policy, sellerId, now).orderBy(
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
      carriedNegative: paiseToRupees(totals.carriedNegativePaise),
    },
    parts: rows.map((r) => ({
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
