import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { InvoiceDocument, InvoiceDocumentLine } from './invoice-document'
import { bytea, createdAt, id } from './columns'
import { orders, subOrders } from './orders'
import { returns } from './returns'
import { users } from './users'

/**
 * One GST tax invoice per seller sub-order, issued when its goods are dispatched and never
 * changed after: `document` holds every printed field as issued, and downloads render it.
 * `supplierKey` is the seller's user id, or 'marketplace' for the shop's own products.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    subOrderId: uuid('sub_order_id')
      .notNull()
      .references(() => subOrders.id, { onDelete: 'restrict' }),
    supplierKey: text('supplier_key').notNull(),
    /** Indian financial year as 'YYYY' of its April start, e.g. 2026 for April 2026 to March 2027. */
    fy: integer('fy').notNull(),
    seq: integer('seq').notNull(),
    number: text('number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    document: jsonb('document').$type<InvoiceDocument>().notNull(),
  },
  (t) => [
    uniqueIndex('invoices_sub_order_key').on(t.subOrderId),
    uniqueIndex('invoices_supplier_fy_seq_key').on(t.supplierKey, t.fy, t.seq),
    check('invoices_number_length_check', sql`char_length(${t.number}) <= 16`),
  ],
)

/**
 * An invoice serial taken from the counter ahead of its invoice, so the IRP can be asked outside
 * the transaction that issues it (decision 78): held by the sub-order being dispatched, or free
 * (`subOrderId` null) after a dispatch that failed before any portal saw the number, when the
 * supplier's next invoice takes it, so the series stays without gaps.
 */
export const invoiceReservations = pgTable(
  'invoice_reservations',
  {
    id: id(),
    supplierKey: text('supplier_key').notNull(),
    fy: integer('fy').notNull(),
    seq: integer('seq').notNull(),
    subOrderId: uuid('sub_order_id').references(() => subOrders.id, { onDelete: 'set null' }),
    reservedAt: timestamp('reserved_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('invoice_reservations_supplier_fy_seq_key').on(t.supplierKey, t.fy, t.seq),
    uniqueIndex('invoice_reservations_sub_order_key').on(t.subOrderId),
  ],
)

/**
 * A credit note reverses an issued invoice whose supply did not happen (the parcel came back,
 * later a cancellation or return, CGST Act s.34). Numbered in its own series per supplier and
 * financial year; `document` is frozen like an invoice's.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: id(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    supplierKey: text('supplier_key').notNull(),
    fy: integer('fy').notNull(),
    seq: integer('seq').notNull(),
    number: text('number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull(),
    /** The return it credits (part of the invoice); null when it reverses the whole invoice. */
    returnId: uuid('return_id').references(() => returns.id, { onDelete: 'restrict' }),
    document: jsonb('document').$type<InvoiceDocument>().notNull(),
    /**
     * Its registration with the IRP (CRN, decision 78): null when none is needed (its invoice
     * has no IRN); `pending` until the IRP answered, then `registered` (the IRN is frozen into
     * `document`) or `refused` (`irnError` says why; an admin must act).
     */
    irnStatus: text('irn_status', { enum: ['pending', 'registered', 'refused'] }),
    irnError: text('irn_error'),
    /** A worker asking the IRP holds it until then, so two never register the same note. */
    irnClaimedUntil: timestamp('irn_claimed_until', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('credit_notes_return_key').on(t.returnId),
    index('credit_notes_irn_pending_idx')
      .on(t.issuedAt)
      .where(sql`${t.irnStatus} = 'pending'`),
    check(
      'credit_notes_irn_status_check',
      sql`${t.irnStatus} is null or ${t.irnStatus} in ('pending', 'registered', 'refused')`,
    ),
    uniqueIndex('credit_notes_supplier_fy_seq_key').on(t.supplierKey, t.fy, t.seq),
    check('credit_notes_number_length_check', sql`char_length(${t.number}) <= 16`),
  ],
)

/**
 * A credit the shop owed but could not issue as a GST credit note: CGST s.34(2) lets a note
 * reduce tax only by 30 November after the end of the supply's financial year (issue 30.5,
 * decision 070). The shopper is refunded all the same; this records what the note would have
 * credited, and when the time limit ended, for the seller's and the admins' accounts.
 */
export const lateCredits = pgTable(
  'late_credits',
  {
    id: id(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    /** The return it would have credited; null for the whole invoice (a parcel back to origin). */
    returnId: uuid('return_id').references(() => returns.id, { onDelete: 'restrict' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    /** The end of the last day a note could have been issued on. */
    lastDay: timestamp('last_day', { withTimezone: true }).notNull(),
    reason: text('reason').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    /** The lines the note would have had (the seller's ledger reverses the sale by them). */
    lines: jsonb('lines').$type<InvoiceDocumentLine[]>().notNull(),
  },
  (t) => [
    uniqueIndex('late_credits_return_key').on(t.returnId),
    index('late_credits_invoice_idx').on(t.invoiceId),
  ],
)

/** The last serial issued per supplier, series ('invoice' or 'credit') and financial year. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    supplierKey: text('supplier_key').notNull(),
    series: text('series', { enum: ['invoice', 'credit'] })
      .notNull()
      .default('invoice'),
    fy: integer('fy').notNull(),
    lastSeq: integer('last_seq').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.supplierKey, t.series, t.fy] })],
)

/**
 * A seller's document-signing certificate (PKCS#12), for PAdES signatures on its invoices. The
 * file and its passphrase are stored encrypted (AES-256-GCM) under the server's key.
 */
export const sellerSigningKeys = pgTable('seller_signing_keys', {
  sellerId: uuid('seller_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Encrypted PKCS#12 file and passphrase (see invoices/signing-keys.ts). */
  sealed: text('sealed').notNull(),
  /** The certificate's subject common name and expiry, shown to admins. */
  subject: text('subject').notNull(),
  validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
})

/**
 * Rendered PDFs of issued documents, kept so a download never renders twice (issue 26.7): one row
 * per file a download sends, named by what makes its bytes (invoice-files.ts: the documents, the
 * signing certificate, whether the buyer's details are hidden). Issued documents never change,
 * so a row is written once and never updated; several API processes share it.
 */
export const invoicePdfs = pgTable(
  'invoice_pdfs',
  {
    /** SHA-256 (hex) of what the file holds. */
    key: text('key').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    pdf: bytea('pdf').notNull(),
    /**
     * When a download last sent these bytes, to the day (invoice-files.ts updates it at most once
     * a day per file): files nobody asked for in a while are purged and rendered again if asked.
     */
    servedAt: timestamp('served_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('invoice_pdfs_served_at_idx').on(t.servedAt)],
)
