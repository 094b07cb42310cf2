import {
  GRIEVANCE_MACHINE,
  canHappen,
  isMarketplaceAdmin,
  isSuspendedSeller,
  seesBuyers,
  type GrievanceActor,
  type GrievanceEvent,
  type SessionUser,
  type UpdateGrievanceInput,
} from '@techbazaar/shared'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { grievanceEntries, grievanceTickets, users } from '../../db/schema'
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors'
import { queueGrievanceMails, type GrievanceMailStep } from './grievance-mail'
import type { GrievanceDeps } from './grievances.service'
import { readOwnTicket } from './grievances.service'
import { readTicket, type TicketRecord } from './grievances.view'

/*
 * Every change of a ticket after it is received: a move of GRIEVANCE_MACHINE (a conditional
 * UPDATE on the statuses it may leave, 409 when another step got there first), or a reply or an
 * assignment that moves nothing; each writes a thread entry and queues its mails in one
 * transaction.
 */

type Entry = (typeof grievanceEntries.$inferInsert)['event']

/** The moments each move stamps. */
function stamps(event: GrievanceEvent, now: Date) {
  switch (event) {
    case 'acknowledge':
      return { acknowledgedAt: now }
    case 'escalate':
    case 'appeal':
      // Escalating is a response too: an unacknowledged ticket is acknowledged by it.
      return {
        escalatedAt: now,
        acknowledgedAt: sql`coalesce(${grievanceTickets.acknowledgedAt}, ${now.toISOString()}::timestamptz)`,
      }
    case 'resolve':
    case 'close':
      return {
        resolvedAt: now,
        acknowledgedAt: sql`coalesce(${grievanceTickets.acknowledgedAt}, ${now.toISOString()}::timestamptz)`,
      }
  }
}

/** Moves the ticket by `event` for `actor`, or 409 when its status does not allow it. */
async function move(
  tx: Tx,
  ticket: TicketRecord,
  event: GrievanceEvent,
  actor: GrievanceActor,
  now: Date,
) {
  const t = GRIEVANCE_MACHINE.transitions[event]
  if (!canHappen(GRIEVANCE_MACHINE, event, ticket.row.status, actor)) {
    throw conflict(`A ticket that is ${ticket.row.status} cannot be moved this way (${event})`)
  }
  const moved = await tx
    .update(grievanceTickets)
    .set({ status: t.to, ...stamps(event, now), updatedAt: now })
    .where(
      and(eq(grievanceTickets.id, ticket.row.id), inArray(grievanceTickets.status, [...t.from])),
    )
    .returning({ id: grievanceTickets.id })
  if (moved.length === 0) throw conflict('The ticket changed meanwhile: reload it and try again')
}

async function record(
  tx: Tx,
  deps: GrievanceDeps,
  ticketId: string,
  entry: { event: Entry; author: GrievanceActor; authorId: string; message: string | null },
  step: GrievanceMailStep,
) {
  const now = deps.policy.now()
  const [row] = await tx
    .insert(grievanceEntries)
    .values({ ticketId, ...entry, createdAt: now })
    .returning({ id: grievanceEntries.id })
  const after = await readTicket(tx, ticketId)
  if (!row || !after) throw new Error('ticket entry not recorded')
  await queueGrievanceMails(tx, step, after, row.id, entry.message, deps.policy)
}

/** The ticket if `viewer` works it (an admin any, a seller its own orders'), else 404. */
export async function readStaffTicket(
  tx: Tx | GrievanceDeps['db'],
  viewer: SessionUser,
  ticketId: string,
): Promise<TicketRecord> {
  const ticket = await readTicket(tx, ticketId)
  if (!ticket) throw notFound('Ticket not found')
  if (!isMarketplaceAdmin(viewer) && ticket.row.sellerId !== viewer.id) {
    throw notFound('Ticket not found')
  }
  return ticket
}

/**
 * A seller or an admin works a ticket: acknowledge, reply (an open ticket's first reply
 * acknowledges it), assign to a marketplace admin (admins only), escalate to the grievance
 * officer, resolve, or close an escalated one (admins only: the officer works those). A seller
 * whose account is not approved acts on nothing (403).
 */
export async function actOnTicket(
  deps: GrievanceDeps,
  viewer: SessionUser,
  ticketId: string,
  input: UpdateGrievanceInput,
): Promise<string> {
  const admin = isMarketplaceAdmin(viewer)
  const actor: GrievanceActor = admin ? 'admin' : 'seller'
  if (!admin && (!seesBuyers(viewer) || isSuspendedSeller(viewer))) {
    throw forbidden('Your seller account is not approved: the marketplace team works your tickets')
  }
  const message = input.message || null
  await deps.db.transaction(async (tx) => {
    // Lock the ticket: two people working it at once take their turns.
    await tx.execute(sql`SELECT 1 FROM grievance_tickets WHERE id = ${ticketId} FOR UPDATE`)
    const ticket = await readStaffTicket(tx, viewer, ticketId)
    const now = deps.policy.now()
    const entry = { author: actor, authorId: viewer.id, message }
    switch (input.action) {
      case 'reply':
        if (ticket.row.status === 'closed') throw conflict('This ticket is closed')
        if (ticket.row.status === 'open') await move(tx, ticket, 'acknowledge', actor, now)
        return record(tx, deps, ticketId, { ...entry, event: 'reply' }, 'reply')
      case 'assign': {
        if (!admin) throw forbidden('Only the marketplace team assigns tickets')
        if (ticket.row.status === 'closed') throw conflict('This ticket is closed')
        const [assignee] = await tx
          .select({ id: users.id, type: users.type })
          .from(users)
          .where(eq(users.id, input.assigneeId!))
        if (!assignee || assignee.type !== 'admin') {
          throw badRequest('Assign tickets to a marketplace admin', [
            { path: 'assigneeId', message: 'Not a marketplace admin' },
          ])
        }
        await tx
          .update(grievanceTickets)
          .set({ assigneeId: assignee.id, updatedAt: now })
          .where(eq(grievanceTickets.id, ticketId))
        return record(tx, deps, ticketId, { ...entry, event: 'assign' }, 'assign')
      }
      default: {
        const event: GrievanceEvent = input.action
        await move(tx, ticket, event, actor, now)
        return record(tx, deps, ticketId, { ...entry, event }, event)
      }
    }
  })
  return {
    acknowledge: 'Ticket acknowledged: the complainant is told',
    reply: 'Reply sent to the complainant',
    assign: 'Ticket assigned',
    escalate: 'Ticket escalated to the grievance officer',
    resolve: 'Ticket resolved: the complainant is told',
    close: 'Ticket closed with the grievance officer’s resolution',
  }[input.action]
}

/**
 * The complainant writes on their own ticket (404 otherwise): a reply, or an appeal of its
 * resolution to the grievance officer (409 unless it is resolved).
 */
export async function complainantWrites(
  deps: GrievanceDeps,
  user: SessionUser,
  ticketId: string,
  kind: 'reply' | 'appeal',
  message: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM grievance_tickets WHERE id = ${ticketId} FOR UPDATE`)
    const ticket = await readOwnTicket(tx, user, ticketId)
    const entry = { author: 'complainant' as const, authorId: user.id, message }
    if (kind === 'appeal') {
      await move(tx, ticket, 'appeal', 'complainant', deps.policy.now())
      return record(tx, deps, ticketId, { ...entry, event: 'appeal' }, 'appeal')
    }
    if (ticket.row.status === 'closed') throw conflict('This ticket is closed')
    return record(tx, deps, ticketId, { ...entry, event: 'reply' }, 'complainantReply')
  })
}
