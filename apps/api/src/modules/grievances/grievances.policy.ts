import type { GrievanceOfficer } from '@techbazaar/shared'
import { and, inArray, lt, or, sql, eq, type SQL } from 'drizzle-orm'
import { grievanceTickets } from '../../db/schema'

const HOUR_MS = 3_600_000

/** The grievances policy (config.grievances) and the shop's name, inbox and clock. */
export interface GrievancePolicy {
  ackHours: number
  resolveDays: number
  officer: GrievanceOfficer
  shopName: string
  /** The marketplace's customer-care inbox: every new ticket is mailed there for the admins. */
  careEmail: string
  now: () => Date
}

/** When a ticket received at `at` is to be acknowledged and resolved by. */
export function dueDates(at: Date, policy: Pick<GrievancePolicy, 'ackHours' | 'resolveDays'>) {
  return {
    acknowledgeBy: new Date(at.getTime() + policy.ackHours * HOUR_MS),
    resolveBy: new Date(at.getTime() + policy.resolveDays * 24 * HOUR_MS),
  }
}

/**
 * The one rule for an overdue ticket (the queue's flag and filter, the dashboard's count): not
 * acknowledged past its acknowledge-by moment, or not resolved past its resolve-by moment.
 */
export function overdueGrievance(now: Date): SQL {
  const t = grievanceTickets
  return or(
    and(eq(t.status, 'open'), lt(t.acknowledgeBy, now)),
    and(inArray(t.status, ['open', 'acknowledged', 'escalated']), lt(t.resolveBy, now)),
  )!
}

/** The same rule on a row already read. */
export function isOverdue(
  row: { status: string; acknowledgeBy: Date; resolveBy: Date },
  now: Date,
): boolean {
  if (row.status === 'open' && row.acknowledgeBy < now) return true
  return ['open', 'acknowledged', 'escalated'].includes(row.status) && row.resolveBy < now
}

/** The dashboard's figures: tickets waiting on the shop, and those past a due date. */
export const grievanceCounts = (now: Date) => ({
  open: sql<number>`count(*) filter (where ${grievanceTickets.status} in ('open', 'acknowledged', 'escalated'))`.mapWith(
    Number,
  ),
  overdue: sql<number>`count(*) filter (where ${overdueGrievance(now)})`.mapWith(Number),
})
