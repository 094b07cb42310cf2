import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
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
    address: text('address').notNull(),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
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
