import {
  IST_OFFSET_MINUTES,
  paiseToRupees,
  type SettlementEntryKind,
  type SettlementsOverview,
} from '@techbazaar/shared'
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { payouts, settlementEntries } from '../../db/schema'
import { balancesBySeller } from './balances'
import type { SettlementPolicy } from './ledger'

/**
 * The marketplace's side of the sellers' ledger, for the admins' dashboard (issue 28): what
 * sellers are owed (on hold, payable, in payout), paid out this month, what the marketplace
 * earned in commission and fees this month, and the TCS and TDS it holds for sellers with the
 * days they must be paid over. Every figure a sum of ledger entries or payouts.
 */

const OFFSET_MS = IST_OFFSET_MINUTES * 60_000

/** The UTC instant an Indian calendar month starts, `back` months before `now`'s. */
function monthStart(now: Date, back = 0): Date {
  const local = new Date(now.getTime() + OFFSET_MS)
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - back, 1) - OFFSET_MS)
}

const monthKey = (start: Date) => new Date(start.getTime() + OFFSET_MS).toISOString().slice(0, 7)

/** `day` of the month after `month` ('YYYY-MM'), as YYYY-MM-DD; TDS for March is due 30 April. */
function dueOn(month: string, day: number, marchDay?: number): string {
  const [year, mon] = month.split('-').map(Number) as [number, number]
  const next = new Date(Date.UTC(year, mon, marchDay !== undefined && mon === 3 ? marchDay : day))
  return next.toISOString().slice(0, 10)
}

const sumOf = (kinds: SettlementEntryKind[]) =>
  sql<number>`coalesce(-sum(${settlementEntries.amountPaise}) filter (where ${inArray(settlementEntries.kind, kinds)}), 0)`.mapWith(
    Number,
  )

export async function marketplaceFigures(
  db: Db,
  policy: SettlementPolicy & { tcsDueDay: number; tdsDueDay: number },
  now: Date,
): Promise<SettlementsOverview> {
  const thisMonth = monthStart(now)
  const lastMonth = monthStart(now, 1)
  const balances = await balancesBySeller(db, policy, now)
  let onHold = 0
  let payable = 0
  let inPayout = 0
  for (const b of balances.values()) {
    onHold += b.onHoldPaise
    payable += b.payablePaise
    inPayout += b.inPayoutPaise
  }
  const [paid] = await db
    .select({ paise: sql<number>`coalesce(sum(${payouts.amountPaise}), 0)`.mapWith(Number) })
    .from(payouts)
    .where(and(eq(payouts.status, 'paid'), gte(payouts.settledAt, thisMonth)))
  const [earned] = await db
    .select({
      commission: sumOf(['commission', 'commissionReversal', 'closingFee']),
    })
    .from(settlementEntries)
    .where(gte(settlementEntries.createdAt, thisMonth))
  const months = [monthKey(lastMonth), monthKey(thisMonth)]
  const tcsRows = await db
    .select({ month: settlementEntries.taxPeriod, paise: sumOf(['tcs', 'tcsReversal']) })
    .from(settlementEntries)
    .where(inArray(settlementEntries.taxPeriod, months))
    .groupBy(settlementEntries.taxPeriod)
  // TDS is deposited by the month it was deducted (credited): the entries' own month.
  const tdsMonth = sql<string>`to_char(${settlementEntries.createdAt} + interval '330 minutes', 'YYYY-MM')`
  const tdsRows = await db
    .select({ month: tdsMonth, paise: sumOf(['tds', 'tdsReversal']) })
    .from(settlementEntries)
    .where(and(gte(settlementEntries.createdAt, lastMonth), lt(settlementEntries.createdAt, now)))
    .groupBy(tdsMonth)
  const amountIn = (rows: { month: string | null; paise: number }[], month: string) =>
    paiseToRupees(rows.find((r) => r.month === month)?.paise ?? 0)
  const due = (month: string) => ({
    month,
    tcs: amountIn(tcsRows, month),
    tcsDueOn: dueOn(month, policy.tcsDueDay),
    tds: amountIn(tdsRows, month),
    tdsDueOn: dueOn(month, policy.tdsDueDay, 30),
  })
  return {
    onHold: paiseToRupees(onHold),
    payable: paiseToRupees(payable),
    inPayout: paiseToRupees(inPayout),
    paidThisMonth: paiseToRupees(paid?.paise ?? 0),
    commissionThisMonth: paiseToRupees(earned?.commission ?? 0),
    taxes: months.map(due),
  }
}
