import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { id } from './columns'
import type { FeeInvoiceDocument } from './fee-invoice-document'
import { users } from './users'

/**
 * The marketplace's GST documents to its sellers for its own services (decision 063): once an
 * IST month has ended, a tax invoice for the commission and closing fees it charged the seller
 * that month (less what returns gave back of that month's own charges), and a credit note for
 * what returns that month gave back of earlier months' charges. Numbered in the marketplace's
 * fee series per financial year (`MF/2627/000001`, `MFC/2627/000001`), separate from the goods
 * it sells itself; `document` is frozen as issued and every download renders it.
 */
export const feeInvoices = pgTable(
  'fee_invoices',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The IST month billed, 'YYYY-MM'. */
    month: text('month').notNull(),
    kind: text('kind', { enum: ['invoice', 'credit'] }).notNull(),
    fy: integer('fy').notNull(),
    seq: integer('seq').notNull(),
    number: text('number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** Totals as issued (also in `document`), for the GSTR-1 list without reading documents. */
    taxablePaise: integer('taxable_paise').notNull(),
    cgstPaise: integer('cgst_paise').notNull(),
    sgstPaise: integer('sgst_paise').notNull(),
    igstPaise: integer('igst_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
    document: jsonb('document').$type<FeeInvoiceDocument>().notNull(),
  },
  (t) => [
    uniqueIndex('fee_invoices_seller_month_kind_key').on(t.sellerId, t.month, t.kind),
    uniqueIndex('fee_invoices_kind_fy_seq_key').on(t.kind, t.fy, t.seq),
    index('fee_invoices_month_idx').on(t.month),
    check('fee_invoices_number_length_check', sql`char_length(${t.number}) <= 16`),
    check('fee_invoices_total_check', sql`${t.totalPaise} > 0`),
  ],
)
