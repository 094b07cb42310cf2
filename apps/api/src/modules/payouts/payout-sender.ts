import { and, eq, isNull, lte, lt, or } from 'drizzle-orm'
import { payoutRuns, payouts, users } from '../../db/schema'
import { PermanentFailure } from '../../jobs/worker'
import { AppError, conflict, notFound } from '../../lib/errors'
import type { PayoutRail, TransferState } from '../../payouts/types'
import { refusedOutright } from './rail-errors'
import { giveBackPayout } from '../settlements'
import type { PayoutDeps } from './deps'
import { queuePayoutMail } from './payout-mails'
import { movePayout } from './payout-moves'
import { fillPayoutRun } from './payout-runs'

/**
 * Sends payouts and follows them to the end (decision 060). The outbox's `payout.send` item
 * sends a queued payout (retried with backoff while the rail cannot be reached); the rail's
 * answer, its webhooks and the poll job all land in `recordRailState`, whose moves are
 * conditional: whichever comes first wins and the rest change nothing. Sending is idempotent at
 * the rail (our payout id is its transfer id or idempotency key), so a send repeated after a
 * crash moves no money twice.
 */

type PayoutRow = typeof payouts.$inferSelect

async function payeeOf(deps: PayoutDeps, payout: PayoutRow) {
  const [seller] = await deps.db
    .select({ email: users.email, mobile: users.mobile })
    .from(users)
    .where(eq(users.id, payout.sellerId))
  return {
    sellerId: payout.sellerId,
    name: payout.holderName,
    email: seller?.email ?? '',
    phone: seller?.mobile ?? '',
    account: {
      holderName: payout.holderName,
      accountNumber: payout.accountNumber,
      ifsc: payout.ifsc,
    },
  }
}

function railOf(deps: PayoutDeps, payout: PayoutRow): PayoutRail {
  const rail = deps.rails.rail(payout.rail)
  if (!rail) throw new PermanentFailure(`payout rail ${payout.rail} is not configured`)
  return rail
}

/** The outbox handler: sends one queued payout (nothing when it moved on meanwhile). */
export async function sendPayout(
  deps: PayoutDeps,
  payoutId: string,
  attempt: { last: boolean },
): Promise<void> {
  const [payout] = await deps.db.select().from(payouts).where(eq(payouts.id, payoutId))
  if (!payout || payout.status !== 'queued') return
  const rail = railOf(deps, payout)
  const now = deps.now()
  await deps.db
    .update(payouts)
    .set({ attempts: payout.attempts + 1, sentAt: payout.sentAt ?? now })
    .where(eq(payouts.id, payoutId))
  let state: TransferState
  try {
    state = await rail.transfer({
      payoutId,
      amountPaise: payout.amountPaise,
      payee: await payeeOf(deps, payout),
      remark: `${deps.config.shopName} payout`,
    })
  } catch (err) {
    if (refusedOutright(err)) {
      const reason = err instanceof Error ? err.message : String(err)
      await recordRailState(deps, payoutId, {
        status: 'failed',
        railReference: null,
        utr: null,
        failureReason: reason,
      })
      return
    }
    // Unknown (unreachable, 5xx): the outbox tries again, and past its last try the poll job
    // keeps asking the rail, which answers what became of it.
    if (attempt.last)
      deps.log?.error({ err, payoutId }, 'payout send gave up; the poll job follows it')
    throw err
  }
  await recordRailState(deps, payoutId, state)
}

/**
 * Records what the rail says of a payout: sent (processing), paid with its UTR, or failed (its
 * amount given back to the seller's balance; a paid payout the rail reversed too). A state that
 * does not move the payout (a replayed webhook, a poll after the webhook) changes nothing.
 */
export async function recordRailState(
  deps: PayoutDeps,
  payoutId: string,
  state: TransferState,
): Promise<PayoutRow | null> {
  const now = deps.now()
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update')
    if (!current) return null
    const railReference = state.railReference ?? current.railReference
    if (state.status === 'processing') {
      const nextPollAt = new Date(now.getTime() + deps.config.payoutRuns.pollMs)
      return movePayout(tx, payoutId, 'send', { railReference, nextPollAt })
    }
    if (state.status === 'paid') {
      const moved = await movePayout(tx, payoutId, 'settle', {
        railReference,
        utr: state.utr,
        settledAt: now,
        leaseUntil: null,
      })
      if (moved) await queuePayoutMail(tx, deps, moved, 'paid')
      return moved
    }
    const event = current.status === 'paid' ? 'reverse' : 'fail'
    const moved = await movePayout(tx, payoutId, event, {
      railReference,
      failureReason: state.failureReason ?? 'The bank did not accept the payout',
      settledAt: now,
    })
    if (moved) {
      await giveBackPayout(tx, { payoutId, sellerId: moved.sellerId, at: now })
      await queuePayoutMail(tx, deps, moved, 'failed')
    }
    return moved
  })
}

/**
 * Asks the rail what became of a payout sent and records the answer; an answer that moves
 * nothing puts the next poll a poll interval away.
 */
async function askRail(deps: PayoutDeps, rail: PayoutRail, payout: PayoutRow) {
  const state = await rail.transferStatus(payout.id)
  if (!state) {
    deps.log?.warn({ payoutId: payout.id }, 'the payout rail holds no transfer for a payout sent')
  }
  const moved = state ? await recordRailState(deps, payout.id, state) : null
  if (!moved) {
    await deps.db
      .update(payouts)
      .set({ nextPollAt: new Date(deps.now().getTime() + deps.config.payoutRuns.pollMs) })
      .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'processing')))
  }
}

/**
 * An admin's "Check with the bank": asks the rail about one payout now instead of waiting for
 * its webhook or the next poll (a seller on the phone asking where the money is).
 */
export async function checkPayoutNow(deps: PayoutDeps, payoutId: string): Promise<string> {
  const [payout] = await deps.db.select().from(payouts).where(eq(payouts.id, payoutId))
  if (!payout) throw notFound('Payout not found')
  if (payout.status !== 'processing')
    throw conflict('Only a payout sent and not yet settled can be checked with the bank')
  const rail = railOf(deps, payout)
  if (rail.name === 'BANK_FILE')
    throw conflict('A bank-file payout is settled by importing the bank’s status file')
  try {
    await askRail(deps, rail, payout)
  } catch (err) {
    deps.log?.warn({ err, payoutId }, 'payout status could not be read')
    throw new AppError(502, 'The payout provider could not be reached. Try again in a few minutes.')
  }
  return payout.runId
}

/**
 * The poll job: asks the rail about payouts sent and not settled (a webhook may never come),
 * sends again the queued ones whose outbox item gave up, and finishes runs whose maker died.
 * Bank-file payouts are left to the bank's status file.
 */
export async function pollPayouts(deps: PayoutDeps): Promise<number> {
  const now = deps.now()
  const staleSend = new Date(now.getTime() - deps.config.payoutRuns.pollMs)
  const due = await deps.db
    .select()
    .from(payouts)
    .where(
      or(
        and(eq(payouts.status, 'processing'), lte(payouts.nextPollAt, now)),
        and(eq(payouts.status, 'queued'), lt(payouts.sentAt, staleSend)),
      ),
    )
    .limit(500)
  let asked = 0
  for (const payout of due) {
    const rail = deps.rails.rail(payout.rail)
    if (!rail || rail.name === 'BANK_FILE') continue
    asked++
    try {
      if (payout.status === 'queued') {
        await sendPayout(deps, payout.id, { last: false })
        continue
      }
      await askRail(deps, rail, payout)
    } catch (err) {
      deps.log?.warn({ err, payoutId: payout.id }, 'payout status could not be read')
    }
  }
  const unfinished = await deps.db
    .select({ id: payoutRuns.id })
    .from(payoutRuns)
    .where(and(isNull(payoutRuns.madeAt), lt(payoutRuns.createdAt, staleSend)))
  for (const run of unfinished) await fillPayoutRun(deps, run.id)
  return asked
}
