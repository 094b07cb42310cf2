import {
  formatOrderNumber,
  paiseToRupees,
  PAYOUT_STATUS_LABELS,
  SETTLEMENT_ENTRY_KIND_LABELS,
  SETTLEMENT_ENTRY_KINDS,
  type SellerStatementResponse,
  type SettlementEntryKind,
} from '@techbazaar/shared'
import { and, eq, lt, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { orders, payouts, settlementEntries } from '../../../db/schema'
import { csvNumber, csvRupees, toCsv } from '../../../lib/csv'
import { istDay, monthPeriod, within } from './period'
import { sellerIdentity } from './seller'
import type { StatementSeller } from './statement-pdf'

/*
 * A seller's statement for an IST month: the balance it started with (every entry before the
 * month), each entry of the month by part and the payouts, and the balance it ended with. The
 * closing balance is the opening plus the month's entries, so consecutive statements chain to
 * the paisa and the last one's closing is the ledger's total.
 */

type Statement = SellerStatementResponse['data']
type Data = Awaited<ReturnType<typeof readMonth>>
const KIND_ORDER = new Map(SETTLEMENT_ENTRY_KINDS.map((k, i) => [k, i]))

async function readMonth(db: Db, sellerId: string, month: string) {
  const e = settlementEntries
  const period = monthPeriod(month)
  const mine = eq(e.sellerId, sellerId)
  const total = sql<number>`coalesce(sum(${e.amountPaise}), 0)`.mapWith(Number)
  const [seller, [opening], byKind, rows] = await Promise.all([
    sellerIdentity(db, sellerId),
    db
      .select({ paise: total })
      .from(e)
      .where(and(mine, lt(e.createdAt, period.from))),
    db
      .select({ kind: e.kind, paise: total })
      .from(e)
      .where(and(mine, within(e.createdAt, period)))
      .groupBy(e.kind),
    db
      .select({
        entry: e,
        orderNumber: orders.orderNumber,
        payoutAmountPaise: payouts.amountPaise,
        utr: payouts.utr,
        payoutStatus: payouts.status,
      })
      .from(e)
      .leftJoin(orders, eq(orders.id, e.orderId))
      .leftJoin(payouts, eq(payouts.id, e.payoutId))
      .where(and(mine, within(e.createdAt, period))),
  ])
  // In the order they were written; one event's entries by invoice line, then kind.
  rows.sort(
    (a, b) =>
      a.entry.createdAt.getTime() - b.entry.createdAt.getTime() ||
      (a.entry.invoiceLine ?? -1) - (b.entry.invoiceLine ?? -1) ||
      (KIND_ORDER.get(a.entry.kind) ?? 0) - (KIND_ORDER.get(b.entry.kind) ?? 0) ||
      a.entry.id.localeCompare(b.entry.id),
  )
  byKind.sort((a, b) => (KIND_ORDER.get(a.kind) ?? 0) - (KIND_ORDER.get(b.kind) ?? 0))
  return { seller, period, openingPaise: opening?.paise ?? 0, byKind, rows }
}

/** 'statement-2026-11-1a2b3c4d.csv': one name for a month's CSV and PDF, so they sort together. */
const statementFileName = (sellerId: string, month: string, ext: 'csv' | 'pdf') =>
  `statement-${month}-${sellerId.slice(0, 8)}.${ext}`

const label = (kind: SettlementEntryKind) => SETTLEMENT_ENTRY_KIND_LABELS[kind]

function entryOf(entry: typeof settlementEntries.$inferSelect) {
  return {
    id: entry.id,
    at: entry.createdAt.toISOString(),
    kind: entry.kind,
    label: label(entry.kind),
    amount: paiseToRupees(entry.amountPaise),
    quantity: entry.quantity,
    base: entry.basePaise === null ? null : paiseToRupees(entry.basePaise),
    rate: entry.rateBp === null ? null : entry.rateBp / 100,
    igst: paiseToRupees(entry.igstPaise),
    cgst: paiseToRupees(entry.cgstPaise),
    sgst: paiseToRupees(entry.sgstPaise),
    taxPeriod: entry.taxPeriod,
    returnId: entry.returnId,
  }
}

export async function sellerStatement(db: Db, sellerId: string, month: string): Promise<Statement> {
  return statementOf(await readMonth(db, sellerId, month), sellerId, month)
}

/**
 * What the statement's PDF prints: the statement the JSON route answers (so the two cannot
 * disagree) and the seller's address, GSTIN and PAN for its heading, from one read of the month.
 */
export async function sellerStatementForPdf(
  db: Db,
  sellerId: string,
  month: string,
): Promise<{ statement: Statement; seller: StatementSeller; name: string }> {
  const data = await readMonth(db, sellerId, month)
  const { address, gstin, pan } = data.seller
  return {
    statement: statementOf(data, sellerId, month),
    seller: { address, gstin, pan },
    name: statementFileName(sellerId, month, 'pdf'),
  }
}

function statementOf(data: Data, sellerId: string, month: string): Statement {
  const netPaise = data.byKind.reduce((s, k) => s + k.paise, 0)
  const parts = new Map<string, Statement['parts'][number] & { totalPaise: number }>()
  const paid: Statement['payouts'] = []
  for (const row of data.rows) {
    const { entry } = row
    if (entry.payoutId && row.payoutStatus && row.payoutAmountPaise !== null) {
      paid.push({
        ...entryOf(entry),
        payoutId: entry.payoutId,
        payoutAmount: paiseToRupees(row.payoutAmountPaise),
        utr: row.utr,
        status: row.payoutStatus,
      })
      continue
    }
    if (!entry.subOrderId || !entry.orderId || row.orderNumber === null) continue
    const part = parts.get(entry.subOrderId) ?? {
      subOrderId: entry.subOrderId,
      orderId: entry.orderId,
      orderNumber: formatOrderNumber(row.orderNumber),
      total: 0,
      totalPaise: 0,
      entries: [],
    }
    part.entries.push(entryOf(entry))
    part.totalPaise += entry.amountPaise
    parts.set(entry.subOrderId, part)
  }
  return {
    sellerId,
    sellerName: data.seller.displayName,
    month,
    from: data.period.from.toISOString(),
    to: data.period.to.toISOString(),
    openingBalance: paiseToRupees(data.openingPaise),
    closingBalance: paiseToRupees(data.openingPaise + netPaise),
    parts: [...parts.values()].map(({ totalPaise, ...part }) => ({
      ...part,
      total: paiseToRupees(totalPaise),
    })),
    payouts: paid,
    totals: {
      byKind: data.byKind.map((k) => ({
        kind: k.kind,
        label: label(k.kind),
        amount: paiseToRupees(k.paise),
      })),
      net: paiseToRupees(netPaise),
    },
  }
}

export const STATEMENT_CSV_COLUMNS = [
  'Date',
  'Order',
  'Entry',
  'Quantity',
  'Base',
  'Rate %',
  'IGST',
  'CGST',
  'SGST/UTGST',
  'Amount',
  'GSTR-8 month',
  'Payout UTR',
  'Payout status',
  'Entry ID',
] as const

/** One row per entry of the month, in the order written; amounts signed from the seller's view. */
export async function sellerStatementCsv(
  db: Db,
  sellerId: string,
  month: string,
): Promise<{ name: string; csv: string }> {
  const data: Data = await readMonth(db, sellerId, month)
  const money = (paise: number | null) => (paise === null ? null : csvRupees(paise))
  const csv = toCsv(
    STATEMENT_CSV_COLUMNS,
    data.rows.map(({ entry, orderNumber, utr, payoutStatus }) => [
      istDay(entry.createdAt),
      orderNumber === null ? null : formatOrderNumber(orderNumber),
      label(entry.kind),
      entry.quantity,
      money(entry.basePaise),
      entry.rateBp === null ? null : csvNumber(entry.rateBp / 100),
      money(entry.igstPaise),
      money(entry.cgstPaise),
      money(entry.sgstPaise),
      money(entry.amountPaise),
      entry.taxPeriod,
      utr,
      payoutStatus === null ? null : PAYOUT_STATUS_LABELS[payoutStatus],
      entry.id,
    ]),
  )
  return { name: statementFileName(sellerId, month, 'csv'), csv }
}
