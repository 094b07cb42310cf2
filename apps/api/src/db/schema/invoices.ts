import { sql } from 'drizzle-orm'
import {
  check,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { id } from './columns'
import { subOrders } from './orders'

/**
 * One GST tax invoice per seller sub-order, issued on first download; re-downloads reuse the
 * number. `supplierKey` is the seller's user id, or 'marketplace' for the shop's own products.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    subOrderId: uuid('sub_order_id')
      .notNull()
      .references(() => subOrders.id, { onDelete: 'cascade' }),
    supplierKey: text('supplier_key').notNull(),
    /** Indian financial year as 'YYYY' of its April start, e.g. 2026 for April 2026 to March 2027. */
    fy: integer('fy').notNull(),
    seq: integer('seq').notNull(),
    number: text('number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('invoices_sub_order_key').on(t.subOrderId),
    uniqueIndex('invoices_supplier_fy_seq_key').on(t.supplierKey, t.fy, t.seq),
    check('invoices_number_length_check', sql`char_length(${t.number}) <= 16`),
  ],
)

/** The last serial issued per supplier and financial year; bumped with UPDATE … RETURNING. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    supplierKey: text('supplier_key').notNull(),
    fy: integer('fy').notNull(),
    lastSeq: integer('last_seq').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.supplierKey, t.fy] })],
)
