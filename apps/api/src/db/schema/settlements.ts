import { SETTLEMENT_ENTRY_KINDS } from '@techbazaar/shared'
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { id } from './columns'
import { orders, subOrders } from './orders'
import { payouts } from './payouts'
import { returns } from './returns'
import { users } from './users'

/**
 * The marketplace's commission schedule (docs/decisions/059-seller-settlement-ledger.md): one
 * row per category (null: any category without its own rows) and unit-price band, in force from
 * `effectiveFrom` until `effectiveTo`. A change is new rows and an end date on the old ones,
 * never an edit of a rate: a settled part keeps the rates frozen on its ledger entries anyway.
 */
export const commissionRules = pgTable(
  'commission_rules',
  {
    id: id(),
    category: text('category'),
    /** The band holds unit prices (GST included) from `minUnitPaise` up to, not including, max. */
    minUnitPaise: integer('min_unit_paise').notNull(),
    maxUnitPaise: integer('max_unit_paise'),
    /** Commission on the line's price, in basis points (600 = 6%). */
    percentBp: integer('percent_bp').notNull(),
    /** Fixed closing fee per unit sold. */
    closingFeePaise: integer('closing_fee_paise').notNull(),
    /** Whether the commission goes back to the seller when the goods are returned. */
    commissionReversedOnReturn: boolean('commission_reversed_on_return').notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    effectiveTo: timestamp('effective_to', { withTimezone: true }),
    /** The admin who scheduled the change and when; null on the default schedule (migration). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }),
  },
  (t) => [
    index('commission_rules_category_idx').on(t.category, t.effectiveFrom),
    check(
      'commission_rules_band_check',
      sql`${t.minUnitPaise} >= 0 AND (${t.maxUnitPaise} IS NULL OR ${t.maxUnitPaise} > ${t.minUnitPaise})`,
    ),
    check(
      'commission_rules_rates_check',
      sql`${t.percentBp} BETWEEN 0 AND 10000 AND ${t.closingFeePaise} >= 0`,
    ),
  ],
)

/**
 * The sellers' ledger: append-only (a trigger refuses UPDATE and DELETE, migration 0031). Every
 * amount is signed from the seller's point of view, per invoice line of a delivered part, with the
 * rate and base it was computed from frozen on it. `dedupeKey` is unique, so an event replayed
 * (a courier's second delivery webhook, a retried return pass) writes nothing twice.
 */
export const settlementEntries = pgTable(
  'settlement_entries',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    /** The order and part an earning belongs to; null on a payout's entries. */
    orderId: uuid('order_id').references(() => orders.id),
    subOrderId: uuid('sub_order_id').references(() => subOrders.id),
    /** The payout a `payout` or `payoutReturned` entry records (decision 060). */
    payoutId: uuid('payout_id').references((): AnyPgColumn => payouts.id),
    /** The return a reversal comes from. */
    returnId: uuid('return_id').references(() => returns.id),
    kind: text('kind', { enum: SETTLEMENT_ENTRY_KINDS }).notNull(),
    /** The invoice line (index in its frozen document) the entry belongs to; null: a payout's. */
    invoiceLine: integer('invoice_line'),
    /** Units of the line the entry covers (a reversal: the units returned); null: a payout's. */
    quantity: integer('quantity'),
    amountPaise: integer('amount_paise').notNull(),
    /** What the rate applied to (line price, taxable value, fee), and the rate, when one did. */
    basePaise: integer('base_paise'),
    rateBp: integer('rate_bp'),
    cgstPaise: integer('cgst_paise').notNull().default(0),
    /** SGST, or UTGST in a Union territory without a legislature. */
    sgstPaise: integer('sgst_paise').notNull().default(0),
    igstPaise: integer('igst_paise').notNull().default(0),
    /** The commission rule that priced a commission or closing fee entry. */
    ruleId: uuid('rule_id').references(() => commissionRules.id),
    /** Whether a return reverses (part of) this entry: frozen from the rule and the law. */
    reversible: boolean('reversible').notNull(),
    /** GSTR-8's month (IST, 'YYYY-MM') of a TCS entry: the invoice's or credit note's month. */
    taxPeriod: text('tax_period'),
    reverses: uuid('reverses').references((): AnyPgColumn => settlementEntries.id),
    dedupeKey: text('dedupe_key').notNull(),
    /** The shop's clock when the causing event committed (never the database's default). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('settlement_entries_dedupe_key').on(t.dedupeKey),
    index('settlement_entries_seller_idx').on(t.sellerId, t.subOrderId),
    index('settlement_entries_sub_order_idx').on(t.subOrderId),
    index('settlement_entries_reverses_idx').on(t.reverses),
    index('settlement_entries_payout_idx').on(t.sellerId, t.payoutId),
    check('settlement_entries_quantity_check', sql`${t.quantity} > 0`),
    // An entry is either a part's earning (order, part, line, units) or a payout's, never both.
    check(
      'settlement_entries_subject_check',
      sql`CASE WHEN ${t.kind} IN ('payout', 'payoutReturned') THEN ${t.payoutId} IS NOT NULL AND ${t.subOrderId} IS NULL AND ${t.orderId} IS NULL AND ${t.invoiceLine} IS NULL AND ${t.quantity} IS NULL ELSE ${t.payoutId} IS NULL AND ${t.subOrderId} IS NOT NULL AND ${t.orderId} IS NOT NULL AND ${t.invoiceLine} IS NOT NULL AND ${t.quantity} IS NOT NULL END`,
    ),
  ],
)
