import { GRIEVANCE_CATEGORIES, GRIEVANCE_SOURCES, GRIEVANCE_STATUSES } from '@techbazaar/shared'
import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from './columns'
import { orders, subOrders } from './orders'
import { users } from './users'

/**
 * A complaint (issue 30.7, decision 071): from the Contact Us form (a guest's too) or an order's
 * "Report a problem". `number` is the ticket number people quote (GRV-000123); `sellerId` is the
 * seller concerned (an order's part), who works it with the admins; the due dates are fixed when
 * it is received, from the shop's clock. Its life is GRIEVANCE_MACHINE (shared).
 */
export const grievanceTickets = pgTable(
  'grievance_tickets',
  {
    id: id(),
    number: integer('number').notNull().generatedAlwaysAsIdentity({ startWith: 1 }),
    source: text('source', { enum: GRIEVANCE_SOURCES }).notNull(),
    /** The signed-in complainant; null for a guest (who follows it by number and email). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    category: text('category', { enum: GRIEVANCE_CATEGORIES }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    subOrderId: uuid('sub_order_id').references(() => subOrders.id, { onDelete: 'set null' }),
    sellerId: uuid('seller_id').references(() => users.id, { onDelete: 'set null' }),
    /** The marketplace admin working it, when one took it. */
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: GRIEVANCE_STATUSES }).notNull().default('open'),
    acknowledgeBy: timestamp('acknowledge_by', { withTimezone: true }).notNull(),
    resolveBy: timestamp('resolve_by', { withTimezone: true }).notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('grievance_tickets_number_key').on(t.number),
    index('grievance_tickets_user_idx').on(t.userId),
    index('grievance_tickets_seller_idx').on(t.sellerId),
    index('grievance_tickets_order_idx').on(t.orderId),
    index('grievance_tickets_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} IN ('open', 'acknowledged', 'escalated')`),
  ],
)

/** A ticket's thread: its opening message, every reply and every step, by whom and when. */
export const grievanceEntries = pgTable(
  'grievance_entries',
  {
    id: id(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => grievanceTickets.id, { onDelete: 'cascade' }),
    event: text('event', {
      enum: ['open', 'reply', 'acknowledge', 'assign', 'escalate', 'resolve', 'appeal', 'close'],
    }).notNull(),
    author: text('author', { enum: ['complainant', 'seller', 'admin'] }).notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message'),
    createdAt: createdAt(),
  },
  (t) => [index('grievance_entries_ticket_idx').on(t.ticketId, t.createdAt)],
)

/** Each seller's own grievance officer (E-Commerce Rules r.6(5)(b)): shown on its tickets. */
export const sellerGrievanceOfficers = pgTable('seller_grievance_officers', {
  sellerId: uuid('seller_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  designation: text('designation').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  updatedAt: updatedAt(),
})
