import { ADDRESS_KINDS } from '@techbazaar/shared'
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
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

export const carts = pgTable('carts', {
  id: id(),
  userId: uuid('user_id')
    .notNull()
    .unique('carts_user_key')
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const cartLines = pgTable(
  'cart_lines',
  {
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.productId] }),
    check('cart_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
)

/** At most 3 per user (enforced in the service, inside a transaction). */
export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The person to deliver to (issue 31.7); addresses saved before it have the account's name. */
    recipientName: text('recipient_name').notNull(),
    address: text('address').notNull(),
    /** Optional, empty when not given. */
    landmark: text('landmark').notNull().default(''),
    kind: text('kind', { enum: ADDRESS_KINDS }).notNull().default('home'),
    city: text('city').notNull(),
    pincode: text('pincode').notNull(),
    phone: text('phone').notNull(),
    notes: text('notes').notNull(),
    /**
     * Two-digit GST state code the shopper chose (prefilled from the PIN): the place of supply on
     * invoices. Null on addresses saved before states were asked; such an address must be edited
     * before an order can use it.
     */
    stateCode: text('state_code'),
    /**
     * Checkout's preselected address (decision 086). At most one per user (the index below);
     * the addresses module keeps exactly one while the user has any.
     */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    uniqueIndex('addresses_one_default_key')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    check('addresses_kind_check', sql`${t.kind} IN ('home', 'work')`),
  ],
)

export const contactMessages = pgTable('contact_messages', {
  id: id(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  readAt: timestamp('read_at', { withTimezone: true }),
  createdAt: createdAt(),
})
