import { formatPaise, formatShopDate } from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import type { invoices, lateCredits } from '../../db/schema'
import { users } from '../../db/schema'
import { enqueue } from '../../jobs/outbox'

/**
 * Tells the seller (the invoice's supplier) and every admin, in the transaction that records it,
 * that a credit was owed past the CGST s.34(2) time limit, so no credit note was issued: the
 * shopper is refunded, and the seller's GST on the supply stays as declared (decision 070).
 * The marketplace's own goods (supplier 'marketplace') go to the admins only.
 */
export async function queueLateCreditMails(
  tx: Tx,
  invoice: typeof invoices.$inferSelect,
  late: typeof lateCredits.$inferSelect,
): Promise<void> {
  const admins = await tx.select({ email: users.email }).from(users).where(eq(users.type, 'admin'))
  const sellers =
    invoice.supplierKey === 'marketplace'
      ? []
      : await tx.select({ email: users.email }).from(users).where(eq(users.id, invoice.supplierKey))
  const lastDay = formatShopDate(new Date(late.lastDay.getTime() - 1))
  const subject = `No GST credit note for invoice ${invoice.number}: past the section 34(2) time limit`
  const text = [
    `A credit of ${formatPaise(late.amountPaise)} against tax invoice ${invoice.number} (${late.reason}) was owed on ${formatShopDate(late.recordedAt)}.`,
    '',
    `Section 34(2) of the CGST Act lets a credit note reduce tax only when it is declared by ${lastDay}, the 30 November after the end of the financial year of the supply. That day has passed, so no credit note was issued: one could not reduce the tax on this supply.`,
    '',
    'The shopper is refunded as usual. The GST declared on the invoice stays payable by the supplier; the credit is recorded with the order for your accounts.',
  ].join('\n')
  const emails = [...new Set([...sellers, ...admins].map((u) => u.email))]
  for (const to of emails) {
    await enqueue(
      tx,
      'mail',
      { mail: { to, subject, text } },
      { dedupeKey: `late-credit:${late.id}:${to}` },
    )
  }
}
