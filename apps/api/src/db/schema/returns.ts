import {
  REFUND_CAUSES,
  REFUND_METHODS,
  REFUND_STATUSES,
  RETURN_REASONS,
  RETURN_STATUSES,
  COURIERS,
  type PayoutAccount,
} from '@techbazaar/shared'
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
import { createdAt, id, updatedAt } from './columns'
import { orderLines, orders, payments, subOrders } from './orders'
import { products } from './catalog'

/**
 * A shopper's return of delivered items of one seller's part (issue 18). Its life is
 * RETURN_TRANSITIONS (shared); each step's moment is kept, and the reverse pickup booked on
 * approval. `payout` is where a cash-on-delivery order's refund is paid.
 */
export const returns = pgTable(
  'returns',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    subOrderId: uuid('sub_order_id')
      .notNull()
      .references(() => subOrders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
    reason: text('reason', { enum: RETURN_REASONS }).notNull(),
    note: text('note'),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    payout: jsonb('payout').$type<PayoutAccount>(),
    decisionNote: text('decision_note'),
    /** The seller is to approve or reject it by then. */
    decideBy: timestamp('decide_by', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** The reverse pickup booked on approval (the courier collects from the shopper). */
    pickupCourier: text('pickup_courier'),
    pickupAwb: text('pickup_awb'),
    pickupLabelUrl: text('pickup_label_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('returns_order_idx').on(t.orderId),
    index('returns_sub_order_idx').on(t.subOrderId),
    index('returns_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} IN ('requested', 'approved', 'received')`),
  ],
)

/**
 * A reverse pickup being booked (issue 26.10): written before the courier is asked, one per return
 * (a second attempt finds it and is refused), given the courier's AWB as soon as it answers, and
 * deleted in the transaction that records the pickup on the return. A row left by a process that
 * died in between is stale after CLAIM_STALE_MS: the sweep cancels what it booked and deletes it.
 */
export const returnPickupClaims = pgTable('return_pickup_claims', {
  returnId: uuid('return_id')
    .primaryKey()
    .references(() => returns.id, { onDelete: 'cascade' }),
  courier: text('courier', { enum: COURIERS }).notNull(),
  /** How to undo the booking: the courier's AWB and own ids, once it answered. */
  awb: text('awb'),
  providerRef: text('provider_ref'),
  createdAt: createdAt(),
})

/** The units of each order line a return sends back. */
export const returnLines = pgTable(
  'return_lines',
  {
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderLineId: uuid('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    uniqueIndex('return_lines_key').on(t.returnId, t.orderLineId),
    index('return_lines_order_line_idx').on(t.orderLineId),
    check('return_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
)

/**
 * Money going back to a shopper. `sourceKey` names what owes it (`cancel:<subOrderId>`,
 * `return:<returnId>`, ...) and is unique: one cause makes one refund however often it is asked.
 * Every refund is created by `refunds/ledger.ts` with the order's payment locked, so the refunds
 * of an order never exceed what was captured for it.
 * - `providerRefundId`: the id the provider holds it under (ours, with the attempt: a retry after
 *   a failure is a new refund at the provider).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    subOrderId: uuid('sub_order_id').references(() => subOrders.id, { onDelete: 'cascade' }),
    returnId: uuid('return_id').references(() => returns.id, { onDelete: 'set null' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    sourceKey: text('source_key').notNull(),
    cause: text('cause', { enum: REFUND_CAUSES }).notNull(),
    method: text('method', { enum: REFUND_METHODS }).notNull(),
    provider: text('provider'),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    attempt: integer('attempt').notNull().default(1),
    providerRefundId: text('provider_refund_id'),
    reference: text('reference'),
    payout: jsonb('payout').$type<PayoutAccount>(),
    failure: text('failure'),
    expectedBy: timestamp('expected_by', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('refunds_source_key').on(t.sourceKey),
    uniqueIndex('refunds_provider_refund_key').on(t.providerRefundId),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} <> 'completed'`),
    check('refunds_amount_check', sql`${t.amountPaise} > 0`),
  ],
)
