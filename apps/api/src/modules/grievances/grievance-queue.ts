import {
  isMarketplaceAdmin,
  OPEN_GRIEVANCE_STATUSES,
  type AdminGrievanceFilter,
  type AdminGrievanceListResponse,
  type GrievanceOfficer,
  type SellerGrievanceOfficerInput,
  type SessionUser,
} from '@techbazaar/shared'
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { grievanceTickets, sellerGrievanceOfficers } from '../../db/schema'
import { grievanceCounts, overdueGrievance } from './grievances.policy'
import type { GrievanceDeps } from './grievances.service'
import { recordsOf, toAdminTicket } from './grievances.view'

export const GRIEVANCES_PAGE_SIZE = 20

function filterWhere(filter: AdminGrievanceFilter, now: Date): SQL | undefined {
  switch (filter) {
    case 'open':
      return inArray(grievanceTickets.status, [...OPEN_GRIEVANCE_STATUSES])
    case 'overdue':
      return overdueGrievance(now)
    case 'closed':
      return inArray(grievanceTickets.status, ['resolved', 'closed'])
    case 'all':
      return undefined
  }
}

/**
 * The back office's grievance queue, oldest due first, 20 a page: a seller's own orders'
 * tickets, or every ticket for a marketplace admin; each with what the caller may do and whether
 * it is overdue (the dashboard's predicate, so the two agree).
 */
export async function listQueue(
  deps: GrievanceDeps,
  viewer: SessionUser,
  query: { filter: AdminGrievanceFilter; page: number },
): Promise<Omit<AdminGrievanceListResponse, 'success'>> {
  const now = deps.policy.now()
  const where = and(
    isMarketplaceAdmin(viewer) ? undefined : eq(grievanceTickets.sellerId, viewer.id),
    filterWhere(query.filter, now),
  )
  const [rows, [counted]] = await Promise.all([
    deps.db
      .select()
      .from(grievanceTickets)
      .where(where)
      .orderBy(desc(grievanceTickets.createdAt), desc(grievanceTickets.number))
      .limit(GRIEVANCES_PAGE_SIZE)
      .offset((query.page - 1) * GRIEVANCES_PAGE_SIZE),
    deps.db.select({ total: count() }).from(grievanceTickets).where(where),
  ])
  const total = counted?.total ?? 0
  const records = await recordsOf(deps.db, rows)
  return {
    data: records.map((r) => toAdminTicket(r, viewer, now, deps.policy.shopName)),
    total,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / GRIEVANCES_PAGE_SIZE)),
  }
}

/** The admin dashboard's figures at `now`: tickets waiting on the shop and those overdue. */
export async function countGrievances(
  db: Db,
  now: Date,
): Promise<{ open: number; overdue: number }> {
  const [row] = await db.select(grievanceCounts(now)).from(grievanceTickets)
  return { open: row?.open ?? 0, overdue: row?.overdue ?? 0 }
}

/** A seller's own grievance officer, or null until it names one. */
export async function sellerOfficer(db: Db, sellerId: string): Promise<GrievanceOfficer | null> {
  const [row] = await db
    .select()
    .from(sellerGrievanceOfficers)
    .where(eq(sellerGrievanceOfficers.sellerId, sellerId))
  return row
    ? { name: row.name, designation: row.designation, email: row.email, phone: row.phone }
    : null
}

/** A seller names (or renames) its grievance officer. */
export async function saveSellerOfficer(
  db: Db,
  sellerId: string,
  input: SellerGrievanceOfficerInput,
): Promise<GrievanceOfficer> {
  await db
    .insert(sellerGrievanceOfficers)
    .values({ sellerId, ...input })
    .onConflictDoUpdate({ target: sellerGrievanceOfficers.sellerId, set: { ...input } })
  return input
}
