import { boolean, index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core'
import { updatedAt } from './columns'
import { products } from './catalog'
import { users } from './users'

/**
 * A signed-in shopper's saved products (decision 088): at most WISHLIST_MAX_ITEMS per user,
 * enforced in the service under a lock on the user's preferences row.
 */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    /** The effective price when saved: a price-drop mail needs the price to fall below it. */
    savedPricePaise: integer('saved_price_paise').notNull(),
    /**
     * The lowest price a price-drop mail already told of (null: none yet), so each mail is for a
     * new low and the same drop is never mailed twice.
     */
    alertedPricePaise: integer('alerted_price_paise'),
    /**
     * True once the product was seen sold out (when saved, or by the alerts job): the next time
     * it is in stock the shopper is told once, and the flag is cleared.
     */
    awaitingStock: boolean('awaiting_stock').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index('wishlist_items_product_idx').on(t.productId),
  ],
)

/** A shopper's wishlist settings; the row also serialises one user's wishlist changes. */
export const wishlistPreferences = pgTable('wishlist_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Mail on a price drop or a restock of a saved product: opt-in, off by default. */
  notify: boolean('notify').notNull().default(false),
  updatedAt: updatedAt(),
})
