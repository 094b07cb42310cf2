import {
  formatOrderNumber,
  formatTicketNumber,
  grievanceActionsFor,
  isMarketplaceAdmin,
  seesBuyers,
  type AdminGrievanceTicket,
  type GrievanceOfficer,
  type GrievanceTicket,
  type SessionUser,
} from '@techbazaar/shared'
import { asc, eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import {
  grievanceEntries,
  grievanceTickets,
  orders,
  sellerGrievanceOfficers,
  users,
  vendorProfiles,
} from '../../db/schema'
import { BUYER_HIDDEN, sellerName } from '../kernel'
import { isOverdue } from './grievances.policy'

export type TicketRow = typeof grievanceTickets.$inferSelect
type EntryRow = typeof grievanceEntries.$inferSelect

/** A ticket with what its views name: the order's number, the seller, its officer, the thread. */
export interface TicketRecord {
  row: TicketRow
  orderNumber: number | null
  /** The seller concerned; `seesBuyers`: whether its account may read buyers' words (approved). */
  seller: { name: string; email: string; seesBuyers: boolean } | null
  sellerOfficer: GrievanceOfficer | null
  assignee: { _id: string; name: string; email: string } | null
  entries: EntryRow[]
}

const unique = (ids: (string | null)[]) => [...new Set(ids.filter((i): i is string => !!i))]

/** Reads `rows`' related data in one query per kind (a queue page is 20 tickets). */
export async function recordsOf(db: Db | Tx, rows: TicketRow[]): Promise<TicketRecord[]> {
  if (rows.length === 0) return []
  const orderIds = unique(rows.map((r) => r.orderId))
  const sellerIds = unique(rows.map((r) => r.sellerId))
  const assigneeIds = unique(rows.map((r) => r.assigneeId))
  const [orderRows, sellers, officers, assignees, entries] = await Promise.all([
    orderIds.length
      ? db
          .select({ id: orders.id, number: orders.orderNumber })
          .from(orders)
          .where(inArray(orders.id, orderIds))
      : [],
    sellerIds.length
      ? db
          .select({
            id: users.id,
            name: sellerName,
            email: users.email,
            status: vendorProfiles.status,
          })
          .from(users)
          .leftJoin(vendorProfiles, eq(vendorProfiles.userId, users.id))
          .where(inArray(users.id, sellerIds))
      : [],
    sellerIds.length
      ? db
          .select()
          .from(sellerGrievanceOfficers)
          .where(inArray(sellerGrievanceOfficers.sellerId, sellerIds))
      : [],
    assigneeIds.length
      ? db
          .select({ id: users.id, name: users.userName, email: users.email })
          .from(users)
          .where(inArray(users.id, assigneeIds))
      : [],
    db
      .select()
      .from(grievanceEntries)
      .where(
        inArray(
          grievanceEntries.ticketId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(grievanceEntries.createdAt), asc(grievanceEntries.id)),
  ])
  return rows.map((row) => {
    const seller = sellers.find((s) => s.id === row.sellerId)
    const officer = officers.find((o) => o.sellerId === row.sellerId)
    const assignee = assignees.find((a) => a.id === row.assigneeId)
    return {
      row,
      orderNumber: orderRows.find((o) => o.id === row.orderId)?.number ?? null,
      seller: seller
        ? {
            name: seller.name,
            email: seller.email,
            seesBuyers: seesBuyers({ type: 'vendor', vendorStatus: seller.status }),
          }
        : null,
      sellerOfficer: officer
        ? {
            name: officer.name,
            designation: officer.designation,
            email: officer.email,
            phone: officer.phone,
          }
        : null,
      assignee: assignee ? { _id: assignee.id, name: assignee.name, email: assignee.email } : null,
      entries: entries.filter((e) => e.ticketId === row.id),
    }
  })
}

/** One ticket with its related data, or null. */
export async function readTicket(db: Db | Tx, id: string): Promise<TicketRecord | null> {
  const rows = await db.select().from(grievanceTickets).where(eq(grievanceTickets.id, id))
  const [record] = await recordsOf(db, rows)
  return record ?? null
}

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** The ticket as its complainant reads it (staff speak as the shop or as the seller). */
export function toTicket(r: TicketRecord, now: Date, shopName: string): GrievanceTicket {
  const { row } = r
  return {
    _id: row.id,
    number: formatTicketNumber(row.number),
    source: row.source,
    status: row.status,
    subject: row.subject,
    category: row.category,
    orderId: row.orderId,
    orderNumber: r.orderNumber === null ? null : formatOrderNumber(r.orderNumber),
    seller: r.seller?.name ?? null,
    sellerGrievanceOfficer: r.sellerOfficer,
    createdAt: row.createdAt.toISOString(),
    acknowledgeBy: row.acknowledgeBy.toISOString(),
    resolveBy: row.resolveBy.toISOString(),
    acknowledgedAt: iso(row.acknowledgedAt),
    escalatedAt: iso(row.escalatedAt),
    resolvedAt: iso(row.resolvedAt),
    overdue: isOverdue(row, now),
    canAppeal: row.status === 'resolved',
    thread: r.entries.map((e) => ({
      event: e.event,
      author: e.author,
      authorName:
        e.author === 'complainant'
          ? row.name
          : e.author === 'seller'
            ? (r.seller?.name ?? shopName)
            : shopName,
      message: e.message,
      at: e.createdAt.toISOString(),
    })),
  }
}

/**
 * The ticket as the back office reads it, with what `viewer` may do. A seller whose account is
 * not approved reads no buyer's contact and acts on nothing (`seesBuyers`, as for returns).
 */
export function toAdminTicket(
  r: TicketRecord,
  viewer: SessionUser,
  now: Date,
  shopName: string,
): AdminGrievanceTicket {
  const admin = isMarketplaceAdmin(viewer)
  const sees = seesBuyers(viewer)
  const ticket = toTicket(r, now, shopName)
  return {
    ...ticket,
    thread: sees
      ? ticket.thread
      : ticket.thread.map((e) =>
          e.author === 'complainant' ? { ...e, authorName: BUYER_HIDDEN, message: null } : e,
        ),
    name: sees ? r.row.name : BUYER_HIDDEN,
    email: sees ? r.row.email : BUYER_HIDDEN,
    assignee: r.assignee ? { _id: r.assignee._id, name: r.assignee.name } : null,
    actions: sees ? grievanceActionsFor(r.row.status, admin ? 'admin' : 'seller') : [],
  }
}
