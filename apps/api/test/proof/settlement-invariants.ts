import { eq, inArray } from 'drizzle-orm'
import { loadConfig } from '../../src/config'
import type { Db } from '../../src/db/client'
import { payouts, settlementEntries, subOrders } from '../../src/db/schema'
import { sellerBalances } from '../../src/modules/settlements'

/*
 * The sellers' ledger checked after every step of the lifecycle model (decision 59). For each
 * delivered, settled part, to the paisa:
 *
 *   captured for the part (its subtotal, which the shopper paid online or the courier collected)
 *     = seller's net + commission + closing fees + GST on them + TCS + TDS + return refunds,
 *
 * the deductions being what the marketplace keeps (minus what returns gave back). Since the net
 * is the sum of every entry, this holds exactly when the sale entries less their reversals plus
 * the refunds of the part's returns equal its subtotal, i.e. when every refunded rupee was taken
 * off the seller's sale and nothing else was. Also: a part never delivered has no entry; a
 * reversal points at an entry of its part, opposite in sign, and the reversals of an entry never
 * exceed it; and each seller's ledger sum is its on-hold + payable + carried-negative balance.
 */

interface Shape {
  parts: { id: string; status: string; subtotalPaise: number }[]
  rets: { id: string; subOrderId: string }[]
  owed: { amountPaise: number; cause: string; returnId: string | null }[]
}

const policy = loadConfig({}).settlement

export async function settlementProblems(db: Db, orderId: string, s: Shape): Promise<string[]> {
  const problems: string[] = []
  const entries = await db
    .select()
    .from(settlementEntries)
    .where(eq(settlementEntries.orderId, orderId))
  const byId = new Map(entries.map((e) => [e.id, e]))
  const sum = (rows: { amountPaise: number }[]) => rows.reduce((n, r) => n + r.amountPaise, 0)
  for (const part of s.parts) {
    const own = entries.filter((e) => e.subOrderId === part.id)
    if (part.status !== 'delivered') {
      if (own.length > 0) problems.push(`part ${part.id} is ${part.status} but has ledger entries`)
      continue
    }
    if (own.length === 0) {
      problems.push(`part ${part.id} was delivered but its seller was not credited`)
      continue
    }
    const returnIds = new Set(s.rets.filter((r) => r.subOrderId === part.id).map((r) => r.id))
    const refunded = sum(s.owed.filter((o) => o.cause === 'return' && returnIds.has(o.returnId!)))
    const sales = sum(own.filter((e) => e.kind === 'sale' || e.kind === 'saleReversal'))
    if (sales + refunded !== part.subtotalPaise) {
      problems.push(
        `part ${part.id}: captured ${part.subtotalPaise} ≠ net + deductions + refunds (${sales} + ${refunded})`,
      )
    }
  }
  for (const e of entries) {
    if (e.reverses === null) continue
    const original = byId.get(e.reverses)
    if (!original || original.subOrderId !== e.subOrderId) {
      problems.push(`reversal ${e.id} points at no entry of its part`)
      continue
    }
    if (e.amountPaise !== 0 && Math.sign(e.amountPaise) === Math.sign(original.amountPaise)) {
      problems.push(`reversal ${e.id} has the sign of the entry it reverses`)
    }
  }
  for (const original of entries.filter((e) => e.reverses === null)) {
    const back = sum(entries.filter((e) => e.reverses === original.id))
    if (Math.abs(back) > Math.abs(original.amountPaise)) {
      problems.push(`entry ${original.id} is reversed by more than it holds`)
    }
  }
  const sellers = await db
    .select({ id: subOrders.sellerId })
    .from(subOrders)
    .where(eq(subOrders.orderId, orderId))
  const sellerIds = sellers.map((r) => r.id)
  if (sellerIds.length === 0) return problems
  const all = await db
    .select()
    .from(settlementEntries)
    .where(inArray(settlementEntries.sellerId, sellerIds))
  for (const sellerId of sellerIds) {
    // The test's own wall clock: the identity holds whatever the moment.
    const b = await sellerBalances(db, policy, sellerId, new Date())
    const ledger = sum(all.filter((e) => e.sellerId === sellerId))
    if (b.onHoldPaise + b.payablePaise + b.carriedNegativePaise !== ledger) {
      problems.push(`seller ${sellerId}: balances do not add up to its ledger (${ledger})`)
    }
    problems.push(...(await payoutProblems(db, sellerId, all, b)))
  }
  return problems
}

/**
 * A seller's payouts against its ledger (decision 60): each payout took its amount out once (one
 * `payout` entry of minus its amount) and got it back once exactly when it failed or was
 * cancelled; what payouts took is what is paid plus what is in payout; at most one payout is
 * live.
 */
async function payoutProblems(
  db: Db,
  sellerId: string,
  all: (typeof settlementEntries.$inferSelect)[],
  b: Awaited<ReturnType<typeof sellerBalances>>,
): Promise<string[]> {
  const problems: string[] = []
  const own = await db.select().from(payouts).where(eq(payouts.sellerId, sellerId))
  const live = own.filter((p) => ['preview', 'queued', 'processing'].includes(p.status))
  if (live.length > 1) problems.push(`seller ${sellerId} has ${live.length} live payouts`)
  let takenOut = 0
  for (const p of own) {
    const entries = all.filter((e) => e.payoutId === p.id)
    const out = entries.filter((e) => e.kind === 'payout')
    const back = entries.filter((e) => e.kind === 'payoutReturned')
    const returned = p.status === 'failed' || p.status === 'cancelled'
    if (out.length !== 1 || out[0]!.amountPaise !== -p.amountPaise) {
      problems.push(`payout ${p.id} did not take its amount out exactly once`)
    }
    if (
      back.length !== (returned ? 1 : 0) ||
      (returned && back[0]!.amountPaise !== p.amountPaise)
    ) {
      problems.push(`payout ${p.id} (${p.status}) gave back ${back.length} time(s)`)
    }
    if (!returned) takenOut += p.amountPaise
  }
  if (takenOut !== b.paidPaise + b.inPayoutPaise) {
    problems.push(
      `seller ${sellerId}: payouts took ${takenOut}, paid + in payout is ${b.paidPaise + b.inPayoutPaise}`,
    )
  }
  return problems
}
