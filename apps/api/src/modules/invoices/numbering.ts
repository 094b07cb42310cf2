import { and, eq, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { invoiceCounters } from '../../db/schema'

/**
 * Numbering of GST documents (decision 54): each supplier has an invoice series and a credit
 * series per Indian financial year, gap-free and unique.
 */

/** The supplier key of the marketplace's own goods (a seller's is its user id). */
export const MARKETPLACE_SUPPLIER_KEY = 'marketplace'

/** Indian financial year (April to March, IST) as the year it starts in. */
export function financialYear(at: Date): number {
  const ist = new Date(at.getTime() + 330 * 60_000)
  return ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1
}

/** `TB/2627/000123` (invoices) or `CN/2627/000007` (credit notes): 14 characters, Rule 46's ≤ 16. */
export function documentNumber(series: 'invoice' | 'credit', fy: number, seq: number): string {
  const years = `${fy % 100}`.padStart(2, '0') + `${(fy + 1) % 100}`.padStart(2, '0')
  return `${series === 'invoice' ? 'TB' : 'CN'}/${years}/${String(seq).padStart(6, '0')}`
}

/**
 * The next serial of a supplier's series: the counter row's UPDATE … RETURNING hands out
 * gap-free, unique serials per financial year even under concurrency (the row lock holds until
 * the caller's transaction ends, so a rolled-back dispatch leaves no gap).
 */
export async function nextSerial(
  tx: Tx,
  supplierKey: string,
  series: 'invoice' | 'credit',
  fy: number,
): Promise<number> {
  await tx
    .insert(invoiceCounters)
    .values({ supplierKey, series, fy, lastSeq: 0 })
    .onConflictDoNothing()
  const [counter] = await tx
    .update(invoiceCounters)
    .set({ lastSeq: sql`${invoiceCounters.lastSeq} + 1` })
    .where(
      and(
        eq(invoiceCounters.supplierKey, supplierKey),
        eq(invoiceCounters.series, series),
        eq(invoiceCounters.fy, fy),
      ),
    )
    .returning({ seq: invoiceCounters.lastSeq })
  if (!counter) throw new Error('invoice counter missing')
  return counter.seq
}
