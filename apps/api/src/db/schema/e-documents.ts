import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { id, updatedAt } from './columns'
import { invoices } from './invoices'
import { users } from './users'

/**
 * Whether a seller must e-invoice (issue 30.8, decision 072): an admin sets it, by hand or from
 * the aggregate turnover the seller declared (above the threshold in any year since 2017-18).
 * No row: it does not apply.
 */
export const sellerEInvoicing = pgTable('seller_einvoicing', {
  sellerId: uuid('seller_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  applies: boolean('applies').notNull(),
  /** The highest aggregate turnover the seller declared, when the admin entered it. */
  aggregateTurnoverPaise: bigint('aggregate_turnover_paise', { mode: 'number' }),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
})

/**
 * The GST portals' numbers on an issued invoice (issue 30.8 and 30.9): its IRN (`irn`) and the
 * e-way bill of its consignment (`ewb`). What is printed is also frozen in the invoice's
 * document; this row says whether it still stands (`cancelledAt`) and where it came from.
 */
export const eDocuments = pgTable(
  'e_documents',
  {
    id: id(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['irn', 'ewb'] }).notNull(),
    /** The IRN (64 hex) or the e-way bill number (12 digits). */
    number: text('number').notNull(),
    /** `portal`: NIC; `sandbox`: the demo's stand-in; `seller`: an e-way bill the seller made. */
    source: text('source', { enum: ['portal', 'sandbox', 'seller'] }).notNull(),
    /** The IRP's acknowledgement (the 24-hour cancellation window runs from it). */
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('e_documents_invoice_kind_key').on(t.invoiceId, t.kind),
    check('e_documents_kind_check', sql`${t.kind} in ('irn', 'ewb')`),
    check('e_documents_source_check', sql`${t.source} in ('portal', 'sandbox', 'seller')`),
  ],
)
