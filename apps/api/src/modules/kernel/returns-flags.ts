import { OPEN_RETURN_STATUSES, type DashboardStats } from '@techbazaar/shared'
import { and, eq, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { refunds, returns } from '../../db/schema'

const DAY_MS = 86_400_000

/** The parts of the returns policy the flags read (config.returns). */
export interface ReturnDecisionRule {
  /** Days a seller has to decide a request, and again to check what came back. */
  decisionDays: number
}

/**
 * A return past its promised day: a request not decided by its decide-by moment, or items
 * received and not quality-checked within `decisionDays` of arriving. The returns queue's
 * "Overdue" filter and the dashboard should use this one predicate, so they agree.
 */
export function overdueReturn(now: Date, { decisionDays }: ReturnDecisionRule): SQL {
  const checkCutoff = new Date(now.getTime() - decisionDays * DAY_MS)
  return or(
    and(eq(returns.status, 'requested'), lt(returns.decideBy, now)),
    and(
      eq(returns.status, 'received'),
      isNull(returns.checkedAt),
      lt(returns.receivedAt, checkCutoff),
    ),
  )!
}

/** A refund not completed by its expected-by day (the shop's REFUND_DAYS promise). */
export function overdueRefund(now: Date): SQL {
  return and(ne(refunds.status, 'completed'), lt(refunds.expectedBy, now))!
}

/** The dashboard's "Returns and refunds" numbers at `now`, two queries over the open rows. */
export async function countReturnsAndRefunds(
  db: Db,
  now: Date,
  rule: ReturnDecisionRule,
): Promise<DashboardStats['returnsAndRefunds']> {
  const open = inArray(returns.status, [...OPEN_RETURN_STATUSES])
  const [r] = await db
    .select({
      open: sql<number>`count(*)`.mapWith(Number),
      overdue: sql<number>`count(*) filter (where ${overdueReturn(now, rule)})`.mapWith(Number),
    })
    .from(returns)
    .where(open)

  // Completed refunds are the bulk of the table and count for nothing here (refunds_open_idx).
  const waiting = inArray(refunds.status, ['pending', 'initiated'])
  const [m] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${waiting})`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${eq(refunds.status, 'failed')})`.mapWith(Number),
      overdue: sql<number>`count(*) filter (where ${overdueRefund(now)})`.mapWith(Number),
    })
    .from(refunds)
    .where(ne(refunds.status, 'completed'))

  return {
    openReturns: r?.open ?? 0,
    overdueReturns: r?.overdue ?? 0,
    pendingRefunds: m?.pending ?? 0,
    failedRefunds: m?.failed ?? 0,
    overdueRefunds: m?.overdue ?? 0,
  }
}
