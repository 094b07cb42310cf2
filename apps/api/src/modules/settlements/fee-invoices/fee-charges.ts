import { and, eq, inArray, sql } from 'drizzle-orm'
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../../../db/client'
import { settlementEntries } from '../../../db/schema'
import { istMonthSql, monthPeriod, within } from '../reports/period'

/*
 * What the marketplace charged its sellers for its services in an IST month, read from the
 * ledger's GST entries on its fees (decision 063). Each commission or closing fee entry has a
 * `feeGst` entry whose base is the fee and whose CGST/SGST/IGST are its tax, and a return's
 * `feeGstReversal` gives back a share of both; so those entries alone give each service's
 * taxable value and tax, per rate, to the paisa of the ledger.
 *
 * A reversal of a charge made in the same month nets on that month's invoice (the charge was
 * reduced before it was invoiced); a reversal of an earlier month's charge goes on the month's
 * credit note, against the invoices of the months it reverses (CGST Act s.34).
 */

export type FeeService = 'commission' | 'closingFee'

export interface FeeAmounts {
  taxablePaise: number
  cgstPaise: number
  sgstPaise: number
  igstPaise: number
}

export interface FeeChargeLine extends FeeAmounts {
  service: FeeService
  rateBp: number
}

/** One seller's charges of a month: what its invoice bills, and what its credit note gives back. */
export interface SellerFeeCharges {
  sellerId: string
  invoice: FeeChargeLine[]
  credit: FeeChargeLine[]
  /** The earlier months whose charges the credit note gives back. */
  creditMonths: string[]
}

const ZERO: FeeAmounts = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 }

export const totalOf = (a: FeeAmounts) => a.taxablePaise + a.cgstPaise + a.sgstPaise + a.igstPaise

/** The charges of `month`, per seller (only those given, when `sellerIds` is). */
export async function feeChargesOf(
  db: Db,
  month: string,
  sellerIds?: readonly string[],
): Promise<SellerFeeCharges[]> {
  const e = settlementEntries
  const reversed = alias(settlementEntries, 'reversed')
  const period = monthPeriod(month)
  const sum = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number)
  // A reversal's own key names the return; the entry it reverses names the fee it taxed.
  const service = sql<FeeService>`case when coalesce(${reversed.dedupeKey}, ${e.dedupeKey}) like '%:feeGst:closingFee' then 'closingFee' else 'commission' end`
  const earlierMonth = sql<
    string | null
  >`case when ${reversed.createdAt} < ${period.from.toISOString()}::timestamptz then ${istMonthSql(reversed.createdAt)} end`
  const rows = await db
    .select({
      sellerId: e.sellerId,
      service,
      rateBp: sql<number>`coalesce(${e.rateBp}, 0)`.mapWith(Number),
      earlierMonth,
      base: sum(e.basePaise),
      cgst: sum(e.cgstPaise),
      sgst: sum(e.sgstPaise),
      igst: sum(e.igstPaise),
    })
    .from(e)
    .leftJoin(reversed, eq(reversed.id, e.reverses))
    .where(
      and(
        inArray(e.kind, ['feeGst', 'feeGstReversal']),
        within(e.createdAt, period),
        sellerIds ? inArray(e.sellerId, [...sellerIds]) : undefined,
      ),
    )
    // By position: the month expression carries a parameter, which GROUP BY cannot match.
    .groupBy(sql`1, 2, 3, 4`)

  const bySeller = new Map<string, SellerFeeCharges>()
  const lineIn = (lines: FeeChargeLine[], service: FeeService, rateBp: number) => {
    let line = lines.find((l) => l.service === service && l.rateBp === rateBp)
    if (!line) {
      line = { service, rateBp, ...ZERO }
      lines.push(line)
    }
    return line
  }
  for (const row of rows) {
    let seller = bySeller.get(row.sellerId)
    if (!seller) {
      seller = { sellerId: row.sellerId, invoice: [], credit: [], creditMonths: [] }
      bySeller.set(row.sellerId, seller)
    }
    // Charges and their same-month reversals add up as signed; an earlier month's reversals
    // (negative bases and taxes) are what the credit note gives back, so their signs turn.
    const sign = row.earlierMonth ? -1 : 1
    const line = lineIn(row.earlierMonth ? seller.credit : seller.invoice, row.service, row.rateBp)
    line.taxablePaise += sign * row.base
    line.cgstPaise += sign * row.cgst
    line.sgstPaise += sign * row.sgst
    line.igstPaise += sign * row.igst
    if (row.earlierMonth && !seller.creditMonths.includes(row.earlierMonth)) {
      seller.creditMonths.push(row.earlierMonth)
    }
  }
  // Commission first, then closing fees, as the invoice reads.
  const rank = (l: FeeChargeLine) => (l.service === 'commission' ? 0 : 1)
  const order = (a: FeeChargeLine, b: FeeChargeLine) => rank(a) - rank(b) || a.rateBp - b.rateBp
  return [...bySeller.values()].map((seller) => ({
    ...seller,
    invoice: seller.invoice.filter((l) => totalOf(l) !== 0).sort(order),
    credit: seller.credit.filter((l) => totalOf(l) !== 0).sort(order),
    creditMonths: seller.creditMonths.sort(),
  }))
}
