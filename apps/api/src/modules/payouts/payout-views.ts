import {
  maskAccountNumber,
  paiseToRupees,
  PAYOUT_STATUSES,
  type Payout,
  type PayoutRun,
  type PayoutRunResponse,
  type PayoutStatus,
  type SellerSettlementRow,
} from '@techbazaar/shared'
import { and, desc, eq, inArray, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  payoutAccounts,
  payoutHolds,
  payoutRuns,
  payouts,
  users,
  vendorProfiles,
} from '../../db/schema'
import { notFound } from '../../lib/errors'
import { balancesBySeller } from '../settlements'
import { sellerName } from '../kernel'
import type { PayoutDeps } from './deps'
import { sellerNames } from './payout-runs'

/** What sellers and admins read of payouts and runs, in rupees (the API's edge). */

type PayoutRow = typeof payouts.$inferSelect
type RunRow = typeof payoutRuns.$inferSelect

/**
 * Failed payouts whose amount nothing has paid since: a later payout to the seller (made after
 * the failure) settles it. Listed for retry until then.
 */
function retryableOf(rows: PayoutRow[], all: PayoutRow[]): Set<string> {
  const open = new Set<string>()
  for (const p of rows) {
    if (p.status !== 'failed' || !p.settledAt) continue
    const failedAt = p.settledAt
    const later = all.some(
      (q) =>
        q.sellerId === p.sellerId &&
        q.id !== p.id &&
        q.createdAt >= failedAt &&
        q.status !== 'failed' &&
        q.status !== 'cancelled',
    )
    if (!later) open.add(p.id)
  }
  return open
}

function toPayout(
  p: PayoutRow,
  names: Map<string, string>,
  view: 'seller' | 'admin',
  retryable: Set<string>,
): Payout {
  return {
    _id: p.id,
    runId: p.runId,
    sellerId: p.sellerId,
    sellerName: names.get(p.sellerId) ?? '',
    amount: paiseToRupees(p.amountPaise),
    status: p.status,
    rail: p.rail,
    holderName: p.holderName,
    accountNumber: view === 'admin' ? p.accountNumber : maskAccountNumber(p.accountNumber),
    ifsc: p.ifsc,
    utr: p.utr,
    failureReason: p.failureReason,
    createdAt: p.createdAt.toISOString(),
    settledAt: p.settledAt?.toISOString() ?? null,
    retryable: retryable.has(p.id),
  }
}

/** A seller's payouts, newest first (its own, masked; or an admin's view of them). */
export async function sellerPayouts(
  db: Db,
  sellerId: string,
  view: 'seller' | 'admin',
): Promise<Payout[]> {
  const rows = await db
    .select()
    .from(payouts)
    .where(eq(payouts.sellerId, sellerId))
    .orderBy(desc(payouts.createdAt))
    .limit(200)
  const names = await sellerNames(db, [sellerId])
  const retryable = retryableOf(rows, rows)
  return rows.map((p) => toPayout(p, names, view, retryable))
}

function summarise(run: RunRow, rows: PayoutRow[]): PayoutRun {
  const counts = Object.fromEntries(PAYOUT_STATUSES.map((s) => [s, 0])) as Record<
    PayoutStatus,
    number
  >
  let total = 0
  for (const p of rows) {
    counts[p.status] += 1
    if (p.status !== 'cancelled') total += p.amountPaise
  }
  return {
    _id: run.id,
    trigger: run.trigger,
    status: run.status,
    rail: run.rail,
    createdAt: run.createdAt.toISOString(),
    approvedAt: run.approvedAt?.toISOString() ?? null,
    total: paiseToRupees(total),
    counts,
  }
}

/** The latest runs with their totals and how many payouts stand where. */
export async function listRuns(db: Db): Promise<PayoutRun[]> {
  const runs = await db.select().from(payoutRuns).orderBy(desc(payoutRuns.createdAt)).limit(50)
  if (runs.length === 0) return []
  const rows = await db
    .select()
    .from(payouts)
    .where(
      inArray(
        payouts.runId,
        runs.map((r) => r.id),
      ),
    )
  return runs.map((run) =>
    summarise(
      run,
      rows.filter((p) => p.runId === run.id),
    ),
  )
}

/** One run: its payouts (accounts in full: admins only) and the sellers it skipped. */
export async function readRun(db: Db, runId: string): Promise<PayoutRunResponse['data']> {
  const [run] = await db.select().from(payoutRuns).where(eq(payoutRuns.id, runId))
  if (!run) throw notFound('Payout run not found')
  const rows = await db
    .select()
    .from(payouts)
    .where(eq(payouts.runId, runId))
    .orderBy(desc(payouts.amountPaise))
  const sellerIds = [
    ...new Set([...rows.map((p) => p.sellerId), ...run.skipped.map((s) => s.sellerId)]),
  ]
  const names = await sellerNames(db, sellerIds)
  const later = sellerIds.length
    ? await db.select().from(payouts).where(inArray(payouts.sellerId, sellerIds))
    : []
  const retryable = retryableOf(rows, later)
  return {
    ...summarise(run, rows),
    payouts: rows.map((p) => toPayout(p, names, 'admin', retryable)),
    skipped: run.skipped.map((s) => ({
      sellerId: s.sellerId,
      sellerName: names.get(s.sellerId) ?? '',
      amount: paiseToRupees(s.amountPaise),
      reason: s.reason,
    })),
  }
}

/** The admins' list of sellers: balances, account state and hold, most payable first. */
export async function sellerSettlements(deps: PayoutDeps): Promise<SellerSettlementRow[]> {
  const { db } = deps
  const sellers = await db
    .select({
      id: users.id,
      name: sellerName,
      gstNumber: vendorProfiles.gstNumber,
      accountStatus: payoutAccounts.status,
    })
    .from(users)
    .innerJoin(vendorProfiles, eq(vendorProfiles.userId, users.id))
    .leftJoin(payoutAccounts, eq(payoutAccounts.sellerId, users.id))
    .where(eq(users.type, 'vendor'))
  const [balances, holds] = await Promise.all([
    balancesBySeller(db, deps.config.settlement, deps.now()),
    db
      .select({
        sellerId: payoutHolds.sellerId,
        reason: payoutHolds.reason,
        since: payoutHolds.placedAt,
      })
      .from(payoutHolds)
      .where(and(isNull(payoutHolds.releasedAt))),
  ])
  const holdOf = new Map(holds.map((h) => [h.sellerId, h]))
  return sellers
    .map((s) => {
      const b = balances.get(s.id)
      const hold = holdOf.get(s.id)
      return {
        sellerId: s.id,
        sellerName: s.name,
        gstNumber: s.gstNumber,
        onHold: paiseToRupees(b?.onHoldPaise ?? 0),
        payable: paiseToRupees(b?.payablePaise ?? 0),
        inPayout: paiseToRupees(b?.inPayoutPaise ?? 0),
        paid: paiseToRupees(b?.paidPaise ?? 0),
        carriedNegative: paiseToRupees(b?.carriedNegativePaise ?? 0),
        accountStatus: s.accountStatus,
        hold: hold ? { reason: hold.reason, since: hold.since.toISOString() } : null,
      }
    })
    .sort((a, b) => b.payable - a.payable || a.sellerName.localeCompare(b.sellerName))
}
