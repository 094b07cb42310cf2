import {
  DISCOUNT_FUNDERS,
  ORDER_ACTORS,
  ORDER_HISTORY_EVENTS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
} from '@techbazaar/shared'
import { sql } from 'drizzle-orm'
import {
  check,
  date,
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
import { createdAt, id, updatedAt } from './columns'
import { products } from './catalog'
import { users } from './users'

/** The first order number (`TB-10001`): five digits from the start, no "order #1". */
export const ORDER_NUMBER_START = 10001

const orderStatus = ORDER_STATUSES
const paymentStatus = PAYMENT_STATUSES

/** A business buyer's billing address as ordered (issue 30.1). */
export interface BuyerBillingAddress {
  addressLine: string
  city: string
  stateCode: string
  pincode: string
}

/** The delivery address as it was when the order was placed (later edits do not change orders). */
export interface AddressSnapshot {
  addressId: string
  /** The person to deliver to (issue 31.7); absent on orders placed before it was asked. */
  recipientName?: string
  address: string
  /** Empty or absent when none was given. */
  landmark?: string
  city: string
  pincode: string
  phone: string
  notes: string
  /** The GST state the shopper chose; absent on orders placed before states were asked. */
  stateCode?: string
}

export const orders = pgTable(
  'orders',
  {
    id: id(),
    /**
     * The short number people read (`TB-10234`, decision 42), taken from the identity's sequence
     * in the order's insert. ALWAYS: nothing may choose or change a number once printed.
     */
    orderNumber: integer('order_number')
      .notNull()
      .generatedAlwaysAsIdentity({ startWith: ORDER_NUMBER_START }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    addressInfo: jsonb('address_info').$type<AddressSnapshot>().notNull(),
    /** A business buyer's GSTIN and legal name, printed as the invoices' recipient. */
    buyerGstin: text('buyer_gstin'),
    buyerLegalName: text('buyer_legal_name'),
    /** Its billing address ("Billed to", rule 46(1)(e)); null on orders placed before it was asked. */
    buyerAddress: jsonb('buyer_address').$type<BuyerBillingAddress>(),
    orderStatus: text('order_status', { enum: orderStatus }).notNull().default('pending'),
    paymentMethod: text('payment_method', {
      enum: ['PAYU', 'GATEPAY', 'CASHFREE', 'PHONEPAY', 'COD'],
    }).notNull(),
    paymentStatus: text('payment_status', { enum: paymentStatus }).notNull().default('pending'),
    totalPaise: integer('total_paise').notNull(),
    /** The coupon used (upper-case) and what it took off in all; null/0 without one. */
    couponCode: text('coupon_code'),
    couponDiscountPaise: integer('coupon_discount_paise').notNull().default(0),
    paymentId: text('payment_id'),
    payerId: text('payer_id'),
    /** An unpaid online order gives its stock back after this moment. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * The delivery day checkout promised (IST), the last parcel's; shown until a courier gives
     * its own. Null when no courier could be asked, and on orders placed before it was kept.
     */
    expectedDelivery: date('expected_delivery', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_order_number_key').on(t.orderNumber),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.paymentStatus} = 'pending' AND ${t.expiresAt} IS NOT NULL`),
    check('orders_total_check', sql`${t.totalPaise} >= 0`),
  ],
)

/** One per seller in an order: what that seller sees and fulfils. */
export const subOrders = pgTable(
  'sub_orders',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: orderStatus }).notNull().default('pending'),
    subtotalPaise: integer('subtotal_paise').notNull(),
    /**
     * When the part became confirmed (placed as cash on delivery, or paid): its ship-by day
     * counts from here. Null while it awaits payment, or if it ended before.
     */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** When the part was delivered: its return window counts from here (issue 18). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sub_orders_order_seller_key').on(t.orderId, t.sellerId),
    index('sub_orders_seller_idx').on(t.sellerId, t.createdAt),
    // The admin's shipments, newest confirmation first, and the parts past their ship-by day.
    index('sub_orders_confirmed_idx').on(t.confirmedAt),
  ],
)

export const orderLines = pgTable(
  'order_lines',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    subOrderId: uuid('sub_order_id')
      .notNull()
      .references(() => subOrders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    title: text('title').notNull(),
    image: text('image').notNull(),
    unitPricePaise: integer('unit_price_paise').notNull(),
    quantity: integer('quantity').notNull(),
    /**
     * The product's list price (MRP) per unit as ordered, for "discount on MRP"; null on lines
     * ordered before it was kept.
     */
    mrpPaise: integer('mrp_paise'),
    /**
     * The coupon's share of this line (decision 092): the line's value less this is what was
     * paid for it, its invoice's taxable value before tax, and what a refund of it gives back.
     */
    discountPaise: integer('discount_paise').notNull().default(0),
    /** Who bears `discountPaise`; null when there is none. */
    discountFundedBy: text('discount_funded_by', { enum: DISCOUNT_FUNDERS }),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    check('order_lines_quantity_check', sql`${t.quantity} > 0`),
    check(
      'order_lines_discount_check',
      sql`${t.discountPaise} >= 0 AND ${t.discountPaise} <= ${t.unitPricePaise} * ${t.quantity}`,
    ),
  ],
)

/**
 * One row per provider checkout of an order (its attempts, issue 26.3): the newest `pending` one
 * is live; older ones are `failed` (superseded) until a payment lands on them. A row without
 * `providerOrderId` is a checkout being asked for (modules/checkouts/attempts.ts).
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id'),
    providerPaymentId: text('provider_payment_id'),
    /** The checkout handle the browser carries (`/deposit?payment_session_id=`). */
    sessionId: text('session_id'),
    /** Where this checkout sends the browser (Pay now hands a fresh one back, issue 26.3). */
    checkoutUrl: text('checkout_url'),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status', { enum: paymentStatus }).notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_provider_order_key').on(t.provider, t.providerOrderId),
    uniqueIndex('payments_session_key').on(t.sessionId),
  ],
)

/** Every webhook or return the providers send; the unique key makes replays harmless. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_key').on(t.provider, t.eventId)],
)

/** First response to an Idempotency-Key, replayed for repeats with the same body. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    /** The order the key placed, set in the order's own transaction (a retry can resume it). */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** When the attempt now answering this key began; a retry may take over once it is stale. */
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
)

/**
 * Every move of an order or one of its sub-orders, written in the move's own transaction (the
 * order's timeline). `subOrderId` is set when one seller's part moved alone. `actorId` is the
 * person who moved it (none for providers, couriers and the shop's jobs); no foreign key, so the
 * record outlives an account.
 */
export const orderHistory = pgTable(
  'order_history',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    subOrderId: uuid('sub_order_id').references(() => subOrders.id, { onDelete: 'cascade' }),
    event: text('event', { enum: ORDER_HISTORY_EVENTS }).notNull(),
    fromStatus: text('from_status', { enum: orderStatus }),
    toStatus: text('to_status', { enum: orderStatus }),
    actor: text('actor', { enum: ORDER_ACTORS }).notNull(),
    actorId: uuid('actor_id'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('order_history_order_idx').on(t.orderId, t.createdAt)],
)
