import { formatOrderNumber, paiseToRupees, type TcsStatementResponse } from '@techbazaar/shared'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Config } from '../../../config'
import type { Db } from '../../../db/client'
import { creditNotes, invoices, orders, settlementEntries } from '../../../db/schema'
import { csvRupees, toCsv } from '../../../lib/csv'
import { istDay } from './period'
import { sellerIdentity } from './seller'

/*
 * A seller's TCS for a GSTR-8 month: what it checks against the TCS the marketplace's GSTR-8
 * puts in its GSTR-2X before claiming it into its cash ledger. Per invoice whose TCS falls in
 * the month (the invoice's month, decision 59) the taxable value and the TCS on it; per credit
 * note of the month the value returned and the TCS given back (both positive here). The totals
 * are the seller's GSTR-8 rows for the month, summed over recipients and places of supply.
 */

type Data = TcsStatementResponse['data']

interface Taxes {
  basePaise: number
  igstPaise: number
  cgstPaise: number
  sgstPaise: number
}

const sums = {
  basePaise: sql<number>`coalesce(sum(${settlementEntries.basePaise}), 0)`.mapWith(Number),
  igstPaise: sql<number>`coalesce(sum(${settlementEntries.igstPaise}), 0)`.mapWith(Number),
  cgstPaise: sql<number>`coalesce(sum(${settlementEntries.cgstPaise}), 0)`.mapWith(Number),
  sgstPaise: sql<number>`coalesce(sum(${settlementEntries.sgstPaise}), 0)`.mapWith(Number),
}
/** A reversal's base and taxes are negative (given back): shown as positive amounts returned. */
const negate = (t: Taxes): Taxes => ({
  basePaise: -t.basePaise,
  igstPaise: -t.igstPaise,
  cgstPaise: -t.cgstPaise,
  sgstPaise: -t.sgstPaise,
})

async function readMonth(db: Db, sellerId: string, month: string) {
  const e = settlementEntries
  const ofMonth = (kind: 'tcs' | 'tcsReversal') =>
    and(eq(e.sellerId, sellerId), eq(e.kind, kind), eq(e.taxPeriod, month))
  const gstin = sql<string>`(${invoices.document}->'supplier'->>'gstin')`
  const [seller, sold, returned] = await Promise.all([
    sellerIdentity(db, sellerId),
    db
      .select({
        invoiceNumber: invoices.number,
        invoiceDate: invoices.issuedAt,
        orderNumber: orders.orderNumber,
        supplierGstin: gstin,
        placeOfSupply: sql<string>`(${invoices.document}->'placeOfSupply'->>'code')`,
        ...sums,
      })
      .from(e)
      .innerJoin(invoices, eq(invoices.subOrderId, e.subOrderId))
      .innerJoin(orders, eq(orders.id, e.orderId))
      .where(ofMonth('tcs'))
      .groupBy(invoices.id, orders.id)
      .orderBy(asc(invoices.issuedAt), asc(invoices.number)),
    db
      .select({
        creditNoteNumber: creditNotes.number,
        creditNoteDate: creditNotes.issuedAt,
        invoiceNumber: invoices.number,
        orderNumber: orders.orderNumber,
        supplierGstin: gstin,
        ...sums,
      })
      .from(e)
      .innerJoin(invoices, eq(invoices.subOrderId, e.subOrderId))
      .innerJoin(orders, eq(orders.id, e.orderId))
      .leftJoin(creditNotes, eq(creditNotes.returnId, e.returnId))
      .where(ofMonth('tcsReversal'))
      .groupBy(creditNotes.id, invoices.id, orders.id)
      .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.number)),
  ])
  return { seller, sold, returned: returned.map((r) => ({ ...r, ...negate(r) })) }
}

export async function tcsStatement(
  db: Db,
  marketplace: Config['marketplace'],
  sellerId: string,
  month: string,
): Promise<Data> {
  const { seller, sold, returned } = await readMonth(db, sellerId, month)
  const add = (rows: Taxes[], pick: (t: Taxes) => number) => rows.reduce((s, r) => s + pick(r), 0)
  const net = (pick: (t: Taxes) => number) => add(sold, pick) - add(returned, pick)
  const rupees = paiseToRupees
  const taxes = (t: Taxes) => ({
    igst: rupees(t.igstPaise),
    cgst: rupees(t.cgstPaise),
    sgst: rupees(t.sgstPaise),
  })
  const tcs = net((t) => t.igstPaise) + net((t) => t.cgstPaise) + net((t) => t.sgstPaise)
  return {
    sellerId,
    month,
    operator: { gstin: marketplace.gstin, legalName: marketplace.legalName },
    seller: { name: seller.displayName, gstin: seller.gstin },
    invoices: sold.map((r) => ({
      invoiceNumber: r.invoiceNumber,
      invoiceDate: r.invoiceDate.toISOString(),
      orderNumber: formatOrderNumber(r.orderNumber),
      supplierGstin: r.supplierGstin,
      placeOfSupply: r.placeOfSupply,
      taxableValue: rupees(r.basePaise),
      ...taxes(r),
    })),
    returns: returned.map((r) => ({
      creditNoteNumber: r.creditNoteNumber,
      creditNoteDate: r.creditNoteDate?.toISOString() ?? null,
      invoiceNumber: r.invoiceNumber,
      orderNumber: formatOrderNumber(r.orderNumber),
      supplierGstin: r.supplierGstin,
      returnedValue: rupees(r.basePaise),
      ...taxes(r),
    })),
    totals: {
      grossValue: rupees(add(sold, (t) => t.basePaise)),
      returnedValue: rupees(add(returned, (t) => t.basePaise)),
      netValue: rupees(net((t) => t.basePaise)),
      igst: rupees(net((t) => t.igstPaise)),
      cgst: rupees(net((t) => t.cgstPaise)),
      sgst: rupees(net((t) => t.sgstPaise)),
      tcs: rupees(tcs),
    },
  }
}

export const TCS_STATEMENT_CSV_COLUMNS = [
  'Type',
  'Document number',
  'Document date',
  'Invoice number',
  'Order',
  'GSTIN of supplier',
  'GSTIN of e-commerce operator',
  'Taxable value',
  'IGST TCS',
  'CGST TCS',
  'SGST/UTGST TCS',
] as const

/** Invoices, then credit notes (their values negative, as they reduce the month's TCS). */
export async function tcsStatementCsv(
  db: Db,
  marketplace: Config['marketplace'],
  sellerId: string,
  month: string,
): Promise<{ name: string; csv: string }> {
  const { sold, returned } = await readMonth(db, sellerId, month)
  const money = (t: Taxes, sign: 1 | -1) => [
    csvRupees(sign * t.basePaise),
    csvRupees(sign * t.igstPaise),
    csvRupees(sign * t.cgstPaise),
    csvRupees(sign * t.sgstPaise),
  ]
  const csv = toCsv(TCS_STATEMENT_CSV_COLUMNS, [
    ...sold.map((r) => [
      'Invoice',
      r.invoiceNumber,
      istDay(r.invoiceDate),
      r.invoiceNumber,
      formatOrderNumber(r.orderNumber),
      r.supplierGstin,
      marketplace.gstin,
      ...money(r, 1),
    ]),
    ...returned.map((r) => [
      'Credit note',
      r.creditNoteNumber,
      r.creditNoteDate ? istDay(r.creditNoteDate) : null,
      r.invoiceNumber,
      formatOrderNumber(r.orderNumber),
      r.supplierGstin,
      marketplace.gstin,
      ...money(r, -1),
    ]),
  ])
  return { name: `tcs-statement-${month}-${sellerId.slice(0, 8)}.csv`, csv }
}
