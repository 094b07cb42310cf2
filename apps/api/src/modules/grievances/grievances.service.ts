import {
  GRIEVANCE_CATEGORY_LABELS,
  formatOrderNumber,
  parseTicketNumber,
  type ContactMessageInput,
  type CreateOrderGrievanceInput,
  type GrievanceTicket,
  type SessionUser,
  type TrackGrievanceInput,
} from '@techbazaar/shared'
import { and, desc, eq } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { grievanceEntries, grievanceTickets, orders, subOrders } from '../../db/schema'
import { badRequest, notFound } from '../../lib/errors'
import { queueGrievanceMails } from './grievance-mail'
import { dueDates, type GrievancePolicy } from './grievances.policy'
import { readTicket, recordsOf, toTicket, type TicketRecord } from './grievances.view'

export interface GrievanceDeps {
  db: Db
  policy: GrievancePolicy
}

type NewTicket = Omit<
  typeof grievanceTickets.$inferInsert,
  'id' | 'number' | 'acknowledgeBy' | 'resolveBy' | 'createdAt'
>

/**
 * Receives a complaint in `tx`: the ticket with its due dates from the shop's clock, its first
 * thread entry, and the mails (the complainant's receipt with the number, the team's notice).
 */
async function receive(
  tx: Tx,
  policy: GrievancePolicy,
  values: NewTicket,
  message: string,
  authorId: string | null,
): Promise<TicketRecord> {
  const now = policy.now()
  const [row] = await tx
    .insert(grievanceTickets)
    .values({ ...values, ...dueDates(now, policy), createdAt: now })
    .returning()
  if (!row) throw new Error('ticket not recorded')
  const [entry] = await tx
    .insert(grievanceEntries)
    .values({
      ticketId: row.id,
      event: 'open',
      author: 'complainant',
      authorId,
      message,
      createdAt: now,
    })
    .returning({ id: grievanceEntries.id })
  const record = await readTicket(tx, row.id)
  if (!record || !entry) throw new Error('ticket not recorded')
  await queueGrievanceMails(tx, 'open', record, entry.id, message, policy)
  return record
}

/**
 * The Contact Us form opens a ticket in the caller's transaction (a guest's too, followed by its number and email); a
 * signed-in sender's ticket is also theirs to follow in their account. Answers the ticket number.
 */
export async function openContactTicket(
  deps: { tx: Tx; policy: GrievancePolicy },
  input: ContactMessageInput & { email: string },
  sender: SessionUser | null,
): Promise<GrievanceTicket> {
  const record = await receive(
    deps.tx,
    deps.policy,
    {
      source: 'contact',
      userId: sender?.id ?? null,
      name: input.name,
      email: input.email,
      subject: input.subject,
    },
    input.message,
    sender?.id ?? null,
  )
  return toTicket(record, deps.policy.now(), deps.policy.shopName)
}

/**
 * "Report a problem" on an order: only the order's own shopper (404 otherwise, as if it did not
 * exist). The seller concerned is the part named, or the order's only seller; an order of
 * several sellers reported as a whole goes to the marketplace's admins alone.
 */
export async function openOrderTicket(
  deps: GrievanceDeps,
  shopper: SessionUser,
  orderId: string,
  input: CreateOrderGrievanceInput,
): Promise<GrievanceTicket> {
  const record = await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, userId: orders.userId, number: orders.orderNumber })
      .from(orders)
      .where(eq(orders.id, orderId))
    if (!order || order.userId !== shopper.id) throw notFound('Order not found')
    const parts = await tx
      .select({ id: subOrders.id, sellerId: subOrders.sellerId })
      .from(subOrders)
      .where(eq(subOrders.orderId, order.id))
    const part = input.subOrderId
      ? parts.find((p) => p.id === input.subOrderId)
      : parts.length === 1
        ? parts[0]
        : undefined
    if (input.subOrderId && !part) {
      throw badRequest('This order has no such part', [
        { path: 'subOrderId', message: 'Not a part of this order' },
      ])
    }
    return receive(
      tx,
      deps.policy,
      {
        source: 'order',
        userId: shopper.id,
        name: shopper.userName,
        email: shopper.email,
        subject: `${GRIEVANCE_CATEGORY_LABELS[input.category]} (order ${formatOrderNumber(order.number)})`,
        category: input.category,
        orderId: order.id,
        subOrderId: part?.id ?? null,
        sellerId: part?.sellerId ?? null,
      },
      input.message,
      shopper.id,
    )
  })
  return toTicket(record, deps.policy.now(), deps.policy.shopName)
}

/** The caller's own tickets, newest first (contact-form ones sent signed in included). */
export async function listOwnTickets(
  deps: GrievanceDeps,
  user: SessionUser,
): Promise<GrievanceTicket[]> {
  const rows = await deps.db
    .select()
    .from(grievanceTickets)
    .where(eq(grievanceTickets.userId, user.id))
    .orderBy(desc(grievanceTickets.createdAt), desc(grievanceTickets.number))
    .limit(100)
  const now = deps.policy.now()
  return (await recordsOf(deps.db, rows)).map((r) => toTicket(r, now, deps.policy.shopName))
}

/** A ticket of the caller's own, or 404 (someone else's reads as missing). */
export async function readOwnTicket(
  db: Db | Tx,
  user: SessionUser,
  ticketId: string,
): Promise<TicketRecord> {
  const record = await readTicket(db, ticketId)
  if (!record || record.row.userId !== user.id) throw notFound('Ticket not found')
  return record
}

/**
 * A guest follows a ticket by its number and the email it was sent from; both must match, and
 * a miss says nothing of which did not (404).
 */
export async function trackTicket(
  deps: GrievanceDeps,
  input: TrackGrievanceInput,
): Promise<GrievanceTicket> {
  const number = parseTicketNumber(input.number)
  const rows =
    number === null
      ? []
      : await deps.db
          .select()
          .from(grievanceTickets)
          .where(
            and(
              eq(grievanceTickets.number, number),
              eq(grievanceTickets.email, input.email.toLowerCase()),
            ),
          )
  const [record] = await recordsOf(deps.db, rows)
  if (!record) throw notFound('No ticket has this number and email')
  return toTicket(record, deps.policy.now(), deps.policy.shopName)
}
