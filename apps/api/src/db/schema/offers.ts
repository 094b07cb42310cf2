import { COUPON_KINDS, COUPON_SCOPES, DISCOUNT_FUNDERS } from '@techbazaar/shared'
import { sql } from 'drizzle-orm'
import {
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
import { createdAt, id, updatedAt } from './columns'
import { products } from './catalog'
import { orders } from './orders'
import { users } from './users'

/**
 * Coupons (decision 092). `code` is stored upper-case and unique on its lower-case form too, so
 * no two coupons differ by case. `used_count` is taken by one conditional update in the order's
 * transaction (`used_count < total_limit`), so concurrent orders cannot overrun the total.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind', { enum: COUPON_KINDS }).notNull(),
    /** Basis points for percent (1000 = 10%), paise for fixed. */
    value: integer('value').notNull(),
    minOrderPaise: integer('min_order_paise').notNull().default(0),
    maxDiscountPaise: integer('max_discount_paise'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    totalLimit: integer('total_limit'),
    perShopperLimit: integer('per_shopper_limit').notNull().default(1),
    usedCount: integer('used_count').notNull().default(0),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    scope: text('scope', { enum: COUPON_SCOPES }).notNull().default('all'),
    /** The category or brand of those scopes. */
    scopeValue: text('scope_value'),
    /** The seller of scope `seller`; a seller-funded coupon is always that seller's. */
    sellerId: uuid('seller_id').references(() => users.id),
    fundedBy: text('funded_by', { enum: DISCOUNT_FUNDERS }).notNull().default('marketplace'),
    active: boolean('active').notNull().default(true),
    /** Who made it: an admin, or the seller of a seller's coupon. */
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(sql`lower(${t.code})`),
    index('coupons_seller_idx').on(t.sellerId),
    check('coupons_value_check', sql`${t.value} > 0`),
    check(
      'coupons_used_check',
      sql`${t.usedCount} >= 0 AND (${t.totalLimit} IS NULL OR ${t.usedCount} <= ${t.totalLimit})`,
    ),
    check(
      'coupons_funder_check',
      sql`${t.fundedBy} = 'marketplace' OR (${t.scope} = 'seller' AND ${t.sellerId} IS NOT NULL)`,
    ),
  ],
)

/** One per order that used a coupon: the per-shopper limit counts these. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: id(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    discountPaise: integer('discount_paise').notNull(),
    /** Set when the order ended unpaid: the use is given back (not counted any more). */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_order_key').on(t.orderId),
    index('coupon_redemptions_user_idx').on(t.couponId, t.userId),
  ],
)

/**
 * An automatic offer: a product's sale price between two moments. A job writes it into the
 * product's `sale_price_paise` when it starts (keeping the price it replaced) and puts that back
 * when it ends, so the indexed effective price the listing sorts by stays right.
 */
export const scheduledSales = pgTable(
  'scheduled_sales',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    salePricePaise: integer('sale_price_paise').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The sale price the product had before this one was applied; null until applied. */
    previousSalePaise: integer('previous_sale_paise'),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /**
     * Set when a seller or an admin called the sale off (before its start, or ending it early);
     * `ended_at` is set with it, so the job never applies or ends it again.
     */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A sale cancelled before its start is ended unapplied: it leaves the job's due index.
    index('scheduled_sales_due_idx')
      .on(t.startsAt)
      .where(sql`${t.appliedAt} IS NULL AND ${t.endedAt} IS NULL`),
    // The back office's lists and the overlap check read a product's sales.
    index('scheduled_sales_product_idx').on(t.productId, t.startsAt),
    index('scheduled_sales_running_idx')
      .on(t.endsAt)
      .where(sql`${t.appliedAt} IS NOT NULL AND ${t.endedAt} IS NULL`),
    check('scheduled_sales_price_check', sql`${t.salePricePaise} > 0`),
    check('scheduled_sales_window_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
)
