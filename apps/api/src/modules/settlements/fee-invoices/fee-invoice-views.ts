import { paiseToRupees, type FeeInvoice } from '@techbazaar/shared'
import { desc, eq, type SQL } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { feeInvoices } from '../../../db/schema'
import { csvRupees, toCsv } from '../../../lib/csv'
import { istDay } from '../reports/period'

type Row = typeof feeInvoices.$inferSelect

/** A stored document as the API shows it: the recipient and totals as issued, in rupees. */
function toFeeInvoice(row: Row): FeeInvoice {
  const doc = row.document
  return {
    _id: row.id,
    kind: row.kind,
    number: row.number,
    month: row.month,
    issuedAt: row.issuedAt.toISOString(),
    sellerId: row.sellerId,
    sellerName: doc.recipient.name,
    gstin: doc.recipient.gstin ?? '',
    placeOfSupply: `${doc.placeOfSupply.code}-${doc.placeOfSupply.name}`,
    taxable: paiseToRupees(row.taxablePaise),
    cgst: paiseToRupees(row.cgstPaise),
    sgst: paiseToRupees(row.sgstPaise),
    igst: paiseToRupees(row.igstPaise),
    total: paiseToRupees(row.totalPaise),
    against: (doc.against ?? []).map((a) => a.number),
  }
}

async function listWhere(db: Db, where: SQL | undefined) {
  const rows = await db
    .select()
    .from(feeInvoices)
    .where(where)
    .orderBy(desc(feeInvoices.month), feeInvoices.kind, feeInvoices.number)
  return rows.map(toFeeInvoice)
}

/** A seller's fee invoices and credit notes, newest month first. */
export const sellerFeeInvoices = (db: Db, sellerId: string) =>
  listWhere(db, eq(feeInvoices.sellerId, sellerId))

/** Every seller's documents of a month: the marketplace's B2B supplies for its GSTR-1. */
export const monthFeeInvoices = (db: Db, month: string) =>
  listWhere(db, eq(feeInvoices.month, month))

/** One stored document (with its frozen content), or undefined. */
export async function feeInvoiceById(db: Db, id: string): Promise<Row | undefined> {
  const [row] = await db.select().from(feeInvoices).where(eq(feeInvoices.id, id))
  return row
}

/**
 * The month's documents as GSTR-1 reads them: B2B invoices (table 4A) and credit notes (table
 * 9B, registered), one row each with the recipient's GSTIN, place of supply and the tax.
 */
export async function monthFeeInvoicesCsv(db: Db, month: string) {
  const rows = await db
    .select()
    .from(feeInvoices)
    .where(eq(feeInvoices.month, month))
    .orderBy(feeInvoices.kind, feeInvoices.number)
  const csv = toCsv(
    [
      'Document type',
      'Number',
      'Date',
      'Recipient GSTIN',
      'Recipient name',
      'Place of supply',
      'Reverse charge',
      'Against invoices',
      'Rate (%)',
      'Taxable value',
      'IGST',
      'CGST',
      'SGST/UTGST',
      'Total',
    ],
    rows.flatMap((row) =>
      // GSTR-1 wants a row per rate: one per line rate, each with its own tax.
      [...new Set(row.document.lines.map((l) => l.rateBp))].map((rateBp) => {
        const lines = row.document.lines.filter((l) => l.rateBp === rateBp)
        const sum = (pick: (l: (typeof lines)[number]) => number) =>
          csvRupees(lines.reduce((s, l) => s + pick(l), 0))
        return [
          row.kind === 'invoice' ? 'Tax invoice' : 'Credit note',
          row.number,
          istDay(row.issuedAt),
          row.document.recipient.gstin ?? '',
          row.document.recipient.name,
          `${row.document.placeOfSupply.code}-${row.document.placeOfSupply.name}`,
          'N',
          (row.document.against ?? []).map((a) => a.number).join(' '),
          rateBp / 100,
          sum((l) => l.taxablePaise),
          sum((l) => l.igstPaise),
          sum((l) => l.cgstPaise),
          sum((l) => l.sgstPaise),
          sum((l) => l.totalPaise),
        ]
      }),
    ),
  )
  return { name: `fee-invoices-${month}.csv`, csv }
}
