import { and, eq, inArray } from 'drizzle-orm'
import { issuedInvoiceOf, taxKindFor, type MarketplaceIdentity } from '../../modules/invoices'
import {
  issueFeeInvoices,
  sellerBalances,
  settleDeliveredPart,
  takeOutForPayout,
  type SettlementPolicy,
} from '../../modules/settlements'
import { sandboxUtr } from '../../payouts/sandbox'
import type { Db, Tx } from '../client'
import { payoutAccounts, payoutRuns, payouts, subOrders, vendorProfiles } from '../schema'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The sellers' ledgers for the seeded deliveries (as the deliver effect writes them, dated at
 * each delivery), and for the demo seller a verified bank account and weekly payouts paid on the
 * sandbox rail up to last week: a newcomer signing in as the seller sees money paid (with UTRs),
 * payable (earned since the last run) and on hold (still inside the return window) at once.
 */
export async function seedSettlements(
  tx: Tx,
  opts: {
    policy: SettlementPolicy
    marketplace: MarketplaceIdentity
    demoSeller: { id: string; pan: string; holderName: string }
    now: number
  },
): Promise<void> {
  const { policy, marketplace, demoSeller, now } = opts
  // The PAN first: TDS is 0.1% with one (5% without) at each delivery.
  await tx
    .update(vendorProfiles)
    .set({ pan: demoSeller.pan, panName: demoSeller.holderName })
    .where(eq(vendorProfiles.userId, demoSeller.id))
  const parts = await tx
    .select({
      id: subOrders.id,
      orderId: subOrders.orderId,
      sellerId: subOrders.sellerId,
      deliveredAt: subOrders.deliveredAt,
    })
    .from(subOrders)
    .where(eq(subOrders.status, 'delivered'))
  for (const part of parts) {
    const invoice = await issuedInvoiceOf(tx, part.id)
    if (!invoice || !part.deliveredAt) continue
    await settleDeliveredPart(tx, policy, {
      subOrderId: part.id,
      orderId: part.orderId,
      sellerId: part.sellerId,
      invoice: invoice.document,
      invoiceIssuedAt: invoice.issuedAt,
      feeTaxKind: taxKindFor(marketplace.stateCode, invoice.document.supplier.stateCode),
      at: part.deliveredAt,
    })
  }

  const account = {
    holderName: demoSeller.holderName,
    accountNumber: '50200012345678',
    ifsc: 'HDFC0000060',
  }
  await tx.insert(payoutAccounts).values({
    sellerId: demoSeller.id,
    ...account,
    status: 'verified',
    checkReference: 'acct_seeded_demo_seller',
    checkRail: 'SANDBOX',
    nameAtBank: demoSeller.holderName.toUpperCase(),
    reason: null,
    checkedAt: new Date(now - 60 * DAY_MS),
    updatedAt: new Date(now - 60 * DAY_MS),
  })
  // Weekly runs, the last one a week ago: each pays what was payable on its day.
  for (const weeksAgo of [8, 7, 6, 5, 4, 3, 2, 1]) {
    const at = new Date(now - weeksAgo * 7 * DAY_MS)
    const balance = await sellerBalances(tx, policy, demoSeller.id, at)
    if (balance.payablePaise < 100_00) continue
    const [run] = await tx
      .insert(payoutRuns)
      .values({
        trigger: 'schedule',
        status: 'approved',
        rail: 'SANDBOX',
        approvedAt: at,
        madeAt: at,
        skipped: [],
        createdAt: at,
      })
      .returning({ id: payoutRuns.id })
    if (!run) continue
    const settledAt = new Date(at.getTime() + 2 * 60 * 60 * 1000)
    const [payout] = await tx
      .insert(payouts)
      .values({
        runId: run.id,
        sellerId: demoSeller.id,
        amountPaise: balance.payablePaise,
        status: 'queued',
        rail: 'SANDBOX',
        ...account,
        attempts: 1,
        sentAt: at,
        createdAt: at,
      })
      .returning({ id: payouts.id })
    if (!payout) continue
    await takeOutForPayout(tx, {
      payoutId: payout.id,
      sellerId: demoSeller.id,
      amountPaise: balance.payablePaise,
      at,
    })
    await tx
      .update(payouts)
      .set({
        status: 'paid',
        utr: sandboxUtr(payout.id),
        railReference: `sbx_${payout.id.slice(0, 8)}`,
        settledAt,
      })
      .where(and(eq(payouts.id, payout.id), inArray(payouts.status, ['queued'])))
  }
}

/** The first instant of an IST month's next month, plus an hour ('2026-10' → 1 Nov 01:00 IST). */
function firstOfNext(month: string): Date {
  const [year, mm] = month.split('-').map(Number) as [number, number]
  return new Date(Date.UTC(year, mm, 1) - 330 * 60_000 + 60 * 60 * 1000)
}

const istMonthOf = (at: number) => new Date(at + 330 * 60_000).toISOString().slice(0, 7)

/**
 * The fee invoices of every month the seeded ledger covers that has ended, oldest first, each
 * dated when the monthly job would have issued it.
 */
export async function seedFeeInvoices(
  db: Db,
  opts: {
    marketplace: MarketplaceIdentity
    settlement: { feeInvoiceSac: string }
  },
  now: number,
): Promise<void> {
  const current = istMonthOf(now)
  // The seeded history reaches back about three months; six covers it with room.
  for (let back = 6; back >= 1; back--) {
    const at = new Date(now)
    at.setUTCDate(1)
    at.setUTCMonth(at.getUTCMonth() - back)
    const month = istMonthOf(at.getTime() + 15 * DAY_MS)
    if (month >= current) continue
    const issuedAt = firstOfNext(month)
    await issueFeeInvoices({ db, now: () => issuedAt, config: opts }, month)
  }
}
