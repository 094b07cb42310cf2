import { randomUUID } from 'node:crypto'
import { formatPaise, LIVE_PAYOUT_STATUSES, type PayoutBlock } from '@techbazaar/shared'
import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import {
  payoutAccounts,
  payoutHolds,
  payoutRuns,
  payouts,
  users,
  vendorProfiles,
} from '../../db/schema'
import { enqueueMany } from '../../jobs/outbox'
import { conflict, notFound } from '../../lib/errors'
import {
  availableBySeller,
  balancesBySeller,
  giveBackPayouts,
  takeOutForPayouts,
} from '../settlements'
import { sellerName } from '../kernel'
import type { PayoutDeps } from './deps'
import { queueDetailsWaitingMail } from './payout-mails'
import { movePayouts } from './payout-moves'

/**
 * Payout runs (decision 060). A run pays each seller its payable balance (what the ledger says
 * it may take now) when it reaches the minimum, the account is verified and no admin holds it.
 * Each payout is made in its own transaction under the seller's lock, with the `payout` entry
 * that takes its amount out of the balance: a run that dies half way leaves whole payouts, and
 * one live payout per seller (a unique index) keeps two runs at once from paying twice. With
 * approval on, the payouts wait as a preview until an admin approves the run; then each is
 * queued for the sender (payout-sender.ts).
 */

export type RunTrigger = { by: 'admin'; adminId: string } | { by: 'schedule'; key: string }

interface Skip {
  sellerId: string
  amountPaise: number
  reason: string
  block?: PayoutBlock
}

/** Queues payouts for the sender, in the transaction that made them sendable. */
export async function queueSends(tx: Tx, payoutIds: string[]): Promise<void> {
  await enqueueMany(
    tx,
    'payout.send',
    payoutIds.map((payoutId) => ({ payload: { payoutId }, dedupeKey: `payout-send:${payoutId}` })),
  )
}

/**
 * Makes a run and its payouts. Answers its id, or null when a scheduled run for this slot exists
 * already (another process made it). Throws 409 when no rail is set up.
 */
export async function createPayoutRun(
  deps: PayoutDeps,
  trigger: RunTrigger,
  only?: { sellerId: string },
): Promise<string | null> {
  const rail = deps.rails.default
  if (!rail) throw conflict('No payout rail is set up: see PAYOUT_RAIL in the README')
  const now = deps.now()
  // An admin's retry for one seller is its own approval.
  const approval = deps.config.payoutRuns.approval && !only
  const [run] = await deps.db
    .insert(payoutRuns)
    .values({
      trigger: trigger.by,
      scheduleKey: trigger.by === 'schedule' ? trigger.key : null,
      status: approval ? 'preview' : 'approved',
      rail: rail.name,
      createdBy: trigger.by === 'admin' ? trigger.adminId : null,
      approvedAt: approval ? null : now,
      skipped: [],
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: payoutRuns.id })
  if (!run) return null
  await fillPayoutRun(deps, run.id, only)
  return run.id
}

/**
 * Makes the run's payouts: one per seller owed money, unless something stops it (recorded in
 * `skipped`, and the seller told when its details are missing). Safe to run again on the same run
 * (the payouts job finishes a run whose maker died): a seller with a payout in this run already
 * is done, and no seller ever has two live payouts.
 */
export async function fillPayoutRun(
  deps: PayoutDeps,
  runId: string,
  only?: { sellerId: string },
): Promise<void> {
  const { db, config } = deps
  const now = deps.now()
  const balances = await balancesBySeller(
    db,
    config.settlement,
    now,
    only ? [only.sellerId] : undefined,
  )
  const owed = [...balances].filter(([, b]) => b.payablePaise > 0).map(([id]) => id)
  const [accounts, holds] = await Promise.all([
    owed.length
      ? db
          .select({ sellerId: payoutAccounts.sellerId, status: payoutAccounts.status })
          .from(payoutAccounts)
          .where(inArray(payoutAccounts.sellerId, owed))
      : [],
    owed.length
      ? db
          .select({ sellerId: payoutHolds.sellerId, reason: payoutHolds.reason })
          .from(payoutHolds)
          .where(and(inArray(payoutHolds.sellerId, owed), isNull(payoutHolds.releasedAt)))
      : [],
  ])
  const accountOf = new Map(accounts.map((a) => [a.sellerId, a.status]))
  const holdOf = new Map(holds.map((h) => [h.sellerId, h.reason]))
  const minimum = `Below the minimum payout of ${formatPaise(config.payoutRuns.minPaise)}`

  const skipped: Skip[] = []
  const eligible: string[] = []
  for (const sellerId of owed) {
    const amountPaise = balances.get(sellerId)?.payablePaise ?? 0
    const skip = (reason: string, block?: PayoutBlock) =>
      skipped.push({ sellerId, amountPaise, reason, ...(block ? { block } : {}) })
    const hold = holdOf.get(sellerId)
    const account = accountOf.get(sellerId)
    if (hold !== undefined) skip(`On hold: ${hold}`, 'onHold')
    else if (!account) skip('No bank account given', 'noDetails')
    else if (account === 'pending') skip('Bank account not verified yet', 'accountPending')
    else if (account === 'failed') skip('Bank account verification failed', 'accountFailed')
    else if (amountPaise < config.payoutRuns.minPaise) skip(minimum)
    else eligible.push(sellerId)
  }
  for (let i = 0; i < eligible.length; i += BATCH) {
    const outcome = await makePayouts(deps, runId, eligible.slice(i, i + BATCH))
    if (outcome === 'stop') return
    for (const [sellerId, made] of outcome) {
      if (made === 'made' || made === 'inThisRun') continue
      skipped.push({
        sellerId,
        amountPaise: balances.get(sellerId)?.payablePaise ?? 0,
        reason: made,
      })
    }
  }
  await db.transaction(async (tx) => {
    const [done] = await tx
      .update(payoutRuns)
      .set({
        madeAt: now,
        skipped: skipped.map(({ sellerId, amountPaise, reason }) => ({
          sellerId,
          amountPaise,
          reason,
        })),
      })
      .where(and(eq(payoutRuns.id, runId), isNull(payoutRuns.madeAt)))
      .returning({ id: payoutRuns.id })
    if (!done) return
    for (const s of skipped) {
      if (s.block === 'noDetails' || s.block === 'accountFailed') {
        await queueDetailsWaitingMail(tx, deps, { ...s, block: s.block, runId, at: now })
      }
    }
  })
  deps.log?.info({ runId, skipped: skipped.length }, 'payout run made')
}

const LIVE = [...LIVE_PAYOUT_STATUSES]
/** Sellers paid per transaction: a crash loses no whole batch, and 1,000 sellers take 20. */
const BATCH = 50

/**
 * A batch of sellers' payouts, under their locks (taken in id order, so two runs at once queue
 * rather than deadlock): each balance read again inside (a return or another run may have changed
 * it since the run's first look), each account copied in, each amount taken out, all in one
 * transaction. The run's row is read under a share lock, so an approval or a discard waits for
 * the batch and its payouts take the run's status as it stands. Answers each seller's outcome,
 * or 'stop' when the run was discarded meanwhile.
 */
async function makePayouts(
  deps: PayoutDeps,
  runId: string,
  sellerIds: string[],
): Promise<Map<string, 'made' | 'inThisRun' | string> | 'stop'> {
  const now = deps.now()
  const { minPaise } = deps.config.payoutRuns
  return deps.db.transaction(async (tx) => {
    const [run] = await tx
      .select({ status: payoutRuns.status, rail: payoutRuns.rail })
      .from(payoutRuns)
      .where(eq(payoutRuns.id, runId))
      .for('share')
    if (!run || run.status === 'discarded') return 'stop' as const
    const locked = await tx
      .select({ userId: vendorProfiles.userId })
      .from(vendorProfiles)
      .where(inArray(vendorProfiles.userId, sellerIds))
      .orderBy(vendorProfiles.userId)
      .for('update')
    // One after another: a transaction is one connection, which runs one query at a time.
    const accounts = await tx
      .select()
      .from(payoutAccounts)
      .where(inArray(payoutAccounts.sellerId, sellerIds))
    const busy = await tx
      .select({ sellerId: payouts.sellerId, runId: payouts.runId })
      .from(payouts)
      .where(and(inArray(payouts.sellerId, sellerIds), inArray(payouts.status, LIVE)))
    const available = await availableBySeller(tx, deps.config.settlement, sellerIds, now)
    const accountOf = new Map(accounts.map((a) => [a.sellerId, a]))
    const busyIn = new Map(busy.map((b) => [b.sellerId, b.runId]))
    const isSeller = new Set(locked.map((l) => l.userId))
    const outcome = new Map<string, string>()
    const made: (typeof payouts.$inferInsert & { id: string; amountPaise: number })[] = []
    for (const sellerId of sellerIds) {
      const account = accountOf.get(sellerId)
      const amount = available.get(sellerId) ?? 0
      const inRun = busyIn.get(sellerId)
      if (!isSeller.has(sellerId)) outcome.set(sellerId, 'Not a seller')
      else if (!account || account.status !== 'verified')
        outcome.set(sellerId, 'Bank account not verified yet')
      else if (inRun !== undefined)
        outcome.set(
          sellerId,
          inRun === runId ? 'inThisRun' : 'A payout to this seller is still under way',
        )
      else if (amount < minPaise)
        outcome.set(sellerId, `Below the minimum payout of ${formatPaise(minPaise)}`)
      else {
        outcome.set(sellerId, 'made')
        made.push({
          id: randomUUID(),
          runId,
          sellerId,
          amountPaise: amount,
          status: run.status === 'preview' ? 'preview' : 'queued',
          rail: run.rail,
          holderName: account.holderName,
          accountNumber: account.accountNumber,
          ifsc: account.ifsc,
          createdAt: now,
        })
      }
    }
    if (made.length === 0) return outcome
    await tx.insert(payouts).values(made)
    await takeOutForPayouts(
      tx,
      made.map((p) => ({
        payoutId: p.id,
        sellerId: p.sellerId,
        amountPaise: p.amountPaise,
        at: now,
      })),
    )
    if (run.status !== 'preview')
      await queueSends(
        tx,
        made.map((p) => p.id),
      )
    return outcome
  })
}

/** An admin approves a run's preview: its payouts are queued for the sender. */
export async function approvePayoutRun(
  deps: PayoutDeps,
  runId: string,
  adminId: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [run] = await tx
      .update(payoutRuns)
      .set({ status: 'approved', approvedBy: adminId, approvedAt: deps.now() })
      .where(and(eq(payoutRuns.id, runId), eq(payoutRuns.status, 'preview')))
      .returning({ id: payoutRuns.id })
    if (!run) throw await runNotInPreview(tx, runId)
    // Every preview of the run at once: one UPDATE and one outbox INSERT, whatever its size.
    const approved = await movePayouts(tx, eq(payouts.runId, runId), 'approve')
    await queueSends(
      tx,
      approved.map((p) => p.id),
    )
  })
}

/** An admin discards a run's preview: its payouts are cancelled and their amounts given back. */
export async function discardPayoutRun(
  deps: PayoutDeps,
  runId: string,
  adminId: string,
): Promise<void> {
  const now = deps.now()
  await deps.db.transaction(async (tx) => {
    const [run] = await tx
      .update(payoutRuns)
      .set({ status: 'discarded', approvedBy: adminId, approvedAt: now })
      .where(and(eq(payoutRuns.id, runId), eq(payoutRuns.status, 'preview')))
      .returning({ id: payoutRuns.id })
    if (!run) throw await runNotInPreview(tx, runId)
    const discarded = await movePayouts(tx, eq(payouts.runId, runId), 'discard', { settledAt: now })
    await giveBackPayouts(
      tx,
      discarded.map((p) => ({ payoutId: p.id, sellerId: p.sellerId, at: now })),
    )
  })
}

async function runNotInPreview(tx: Tx, runId: string) {
  const [run] = await tx
    .select({ status: payoutRuns.status })
    .from(payoutRuns)
    .where(eq(payoutRuns.id, runId))
  if (!run) return notFound('Payout run not found')
  return conflict(`This run is ${run.status === 'approved' ? 'approved' : 'discarded'} already`)
}

/** A seller's name for the run's lists (its business name once it has one). */
export async function sellerNames(tx: Pick<Tx, 'select'>, sellerIds: string[]) {
  if (sellerIds.length === 0) return new Map<string, string>()
  const rows = await tx
    .select({ id: users.id, name: sellerName })
    .from(users)
    .leftJoin(vendorProfiles, eq(vendorProfiles.userId, users.id))
    .where(inArray(users.id, sellerIds))
  return new Map(rows.map((r) => [r.id, r.name]))
}
