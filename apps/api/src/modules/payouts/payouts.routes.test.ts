import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { createUser } from '../../../test/factories'
import { payouts, settlementEntries } from '../../db/schema'
import { returnsKit, type Shopper } from '../returns/fixtures'
import { sellerBalances } from '../settlements'
import { sendPayout } from './payout-sender'

/*
 * Paying sellers through the shop's own routes on the sandbox rail (decision 60): payout details
 * checked by a penny drop, a run's preview approved, the payout sent and followed to paid with
 * its UTR, failures given back and retried, holds, and nothing ever paid twice.
 */

const DAY = 86_400_000
const MINUTE = 60_000
const clock = createClock()
let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
})
afterAll(() => t.close())
const db = () => t.database.db
const kit = returnsKit(() => t, clock.now)

type Seller = Awaited<ReturnType<typeof kit.seller>>
let paid: Seller
let noDetails: Seller
let offline: Seller
let admin = ''
let shopper: Shopper

const call = async (
  cookie: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url: `/api${url}`, headers: { cookie }, payload })

const details = (accountNumber: string, over: Record<string, string> = {}) => ({
  pan: 'abcpe1234f',
  panName: 'Asha Electronics',
  holderName: 'Asha Electronics',
  accountNumber,
  ifsc: 'hdfc0001234',
  ...over,
})

const earningsOf = async (seller: Seller) =>
  (await call(seller.cookie, 'GET', '/admin/settlements/earnings')).json().data

/** One delivered part for the seller, its return window and buffer gone by. */
async function sell(seller: Seller, price: number) {
  const product = await kit.product(seller.user.id, price, 10)
  const orderId = await kit.order(shopper, [{ productId: product.id, quantity: 1 }], 'CASHFREE')
  const [part] = await kit.partsOf(orderId)
  await kit.deliver(seller.cookie, part!.id)
}

/** The ledger's total is on hold + payable + carried negative; payout entries are paid + in payout. */
async function expectLedgerAddsUp(sellerId: string) {
  const b = await sellerBalances(db(), t.app.deps.config.settlement, sellerId, clock.now())
  const [row] = await db()
    .select({
      all: sql<number>`coalesce(sum(${settlementEntries.amountPaise}), 0)`.mapWith(Number),
      out: sql<number>`coalesce(sum(${settlementEntries.amountPaise}) filter (where ${settlementEntries.payoutId} is not null), 0)`.mapWith(
        Number,
      ),
    })
    .from(settlementEntries)
    .where(eq(settlementEntries.sellerId, sellerId))
  expect(row!.all).toBe(b.onHoldPaise + b.payablePaise + b.carriedNegativePaise)
  expect(0 - row!.out).toBe(b.paidPaise + b.inPayoutPaise)
}

beforeAll(async () => {
  paid = await kit.seller()
  noDetails = await kit.seller()
  offline = await kit.seller()
  admin = await kit.cookieOf((await createUser(db(), { role: 'admin', type: 'admin' })).id)
  shopper = await kit.shopper()
  await sell(paid, 1999)
  await sell(noDetails, 999)
  await sell(offline, 1499)
  clock.advance(10 * DAY)
})

describe('payout details', () => {
  it('refuses a PAN or IFSC that cannot be one, field by field', async () => {
    const res = await call(
      paid.cookie,
      'PUT',
      '/admin/settlements/payout-details',
      details('123456789012', { pan: 'ABCDE1234', ifsc: 'HDFC1234567' }),
    )
    expect(res.statusCode).toBe(400)
    const paths = (res.json().errors as { path: string }[]).map((e) => e.path).sort()
    expect(paths).toEqual(['ifsc', 'pan'])
  })

  it('verifies a new account by a penny drop; the seller sees it masked, an admin in full', async () => {
    const before = await earningsOf(paid)
    expect(before.payoutBlock).toEqual({ kind: 'noDetails', reason: null })
    const res = await call(
      paid.cookie,
      'PUT',
      '/admin/settlements/payout-details',
      details('123456789012'),
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({
      pan: 'ABCPE1234F',
      accountNumber: '••••9012',
      ifsc: 'HDFC0001234',
      status: 'verified',
      nameAtBank: 'ASHA ELECTRONICS',
    })
    const full = await call(
      admin,
      'GET',
      `/admin/settlements/sellers/${paid.user.id}/payout-details`,
    )
    expect(full.json().data.accountNumber).toBe('123456789012')
    expect((await earningsOf(paid)).payoutBlock).toBeNull()
    const mails = await kit.mailsTo(paid.user.email)
    expect(mails.map((m) => m.subject)).toContain('Your bank account is verified')
  })

  it('tells the seller when the bank refuses the account', async () => {
    const res = await call(
      offline.cookie,
      'PUT',
      '/admin/settlements/payout-details',
      details('999900000000'),
    )
    expect(res.json().data).toMatchObject({
      status: 'failed',
      reason: 'The bank says this account does not exist',
    })
    expect((await earningsOf(offline)).payoutBlock).toMatchObject({ kind: 'accountFailed' })
    // Corrected to an account whose bank is "offline" (the sandbox fails its transfers).
    const fixed = await call(
      offline.cookie,
      'PUT',
      '/admin/settlements/payout-details',
      details('555511111111'),
    )
    expect(fixed.json().data.status).toBe('verified')
  })

  it('keeps sellers and shoppers out of each other’s and the admins’ routes', async () => {
    const url = `/admin/settlements/sellers/${paid.user.id}/payout-details`
    expect((await call(noDetails.cookie, 'GET', url)).statusCode).toBe(403)
    expect(
      (await call(shopper.cookie, 'GET', '/admin/settlements/payout-details')).statusCode,
    ).toBe(403)
    expect((await call(paid.cookie, 'POST', '/admin/payout-runs')).statusCode).toBe(403)
    const own = await call(noDetails.cookie, 'GET', '/admin/settlements/payout-details')
    expect(own.json().data).toBeNull()
  })
})

describe('a payout run', () => {
  let runId = ''
  let amount = 0

  it('previews a payout of each payable balance and says why the others wait', async () => {
    amount = (await earningsOf(paid)).totals.payable
    expect(amount).toBeGreaterThan(100)
    const res = await call(admin, 'POST', '/admin/payout-runs')
    expect(res.statusCode, res.body).toBe(200)
    const run = res.json().data
    runId = run._id
    expect(run).toMatchObject({ status: 'preview', trigger: 'admin', rail: 'SANDBOX' })
    const mine = run.payouts.find((p: { sellerId: string }) => p.sellerId === paid.user.id)
    expect(mine).toMatchObject({ amount, status: 'preview', accountNumber: '123456789012' })
    expect(run.skipped).toContainEqual(
      expect.objectContaining({ sellerId: noDetails.user.id, reason: 'No bank account given' }),
    )
    // Taken out of the balance: no other run can pay it.
    const after = await earningsOf(paid)
    expect(after.totals).toMatchObject({ payable: 0, inPayout: amount, paid: 0 })
    expect(after.parts.map((p: { status: string }) => p.status)).toEqual(['inPayout'])
    await expectLedgerAddsUp(paid.user.id)
    const waiting = await kit.mailsTo(noDetails.user.email)
    expect(waiting.map((m) => m.subject)).toContainEqual(
      expect.stringContaining('is waiting for your bank details'),
    )
  })

  it('pays nobody twice when a second run starts while the first waits', async () => {
    const res = await call(admin, 'POST', '/admin/payout-runs')
    const second = res.json().data
    expect(second.payouts).toEqual([])
    const live = await db().select().from(payouts).where(eq(payouts.sellerId, paid.user.id))
    expect(live).toHaveLength(1)
    await call(admin, 'POST', `/admin/payout-runs/${second._id}/discard`)
  })

  it('sends the approved payouts and follows them to paid with the UTR', async () => {
    const res = await call(admin, 'POST', `/admin/payout-runs/${runId}/approve`)
    expect(res.statusCode, res.body).toBe(200)
    expect((await call(admin, 'POST', `/admin/payout-runs/${runId}/approve`)).statusCode).toBe(409)
    await t.app.deps.jobs.drain()
    const [sent] = await db().select().from(payouts).where(eq(payouts.sellerId, paid.user.id))
    expect(sent).toMatchObject({ status: 'processing', attempts: 1 })
    // Not yet due for a poll: an admin asks the bank at once ("Check with the bank").
    expect((await call(paid.cookie, 'POST', `/admin/payouts/${sent!.id}/check`)).statusCode).toBe(
      403,
    )
    const checked = await call(admin, 'POST', `/admin/payouts/${sent!.id}/check`)
    expect(checked.statusCode, checked.body).toBe(200)
    expect(checked.json().data).toMatchObject({ _id: runId })
    const inRun = checked.json().data.payouts.find((p: { _id: string }) => p._id === sent!.id)
    expect(inRun).toMatchObject({ status: 'paid', utr: expect.stringMatching(/^\d{12}$/) })
    const again = await call(admin, 'POST', `/admin/payouts/${sent!.id}/check`)
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toMatch(/Only a payout sent and not yet settled/)
    const unknown = await call(admin, 'POST', `/admin/payouts/${crypto.randomUUID()}/check`)
    expect(unknown.statusCode).toBe(404)
    // The poll job asks the rail about the rest when their next poll comes.
    clock.advance(16 * MINUTE)
    await t.app.deps.jobs.drain()
    const mine = (await call(paid.cookie, 'GET', '/admin/settlements/payouts')).json().data
    expect(mine).toHaveLength(1)
    expect(mine[0]).toMatchObject({ amount, status: 'paid', accountNumber: '••••9012' })
    expect(mine[0].utr).toMatch(/^\d{12}$/)
    const settled = await earningsOf(paid)
    expect(settled.totals).toMatchObject({ payable: 0, inPayout: 0, paid: amount })
    expect(settled.parts.map((p: { status: string }) => p.status)).toEqual(['paid'])
    const mails = await kit.mailsTo(paid.user.email)
    expect(mails.map((m) => m.subject)).toContainEqual(
      expect.stringMatching(/^₹[\d,.]+ paid to your bank account$/),
    )
    await expectLedgerAddsUp(paid.user.id)
  })

  it('moves no money twice when the send is repeated', async () => {
    const [done] = await db().select().from(payouts).where(eq(payouts.sellerId, paid.user.id))
    await sendPayout({ ...payoutDeps(), log: undefined }, done!.id, { last: false })
    const book = t.app.deps.payoutRails.sandbox.transfers().filter((x) => x.payoutId === done!.id)
    expect(book).toHaveLength(1)
  })

  it('gives a failed payout back to the balance and lists it for retry', async () => {
    const [failed] = await db().select().from(payouts).where(eq(payouts.sellerId, offline.user.id))
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'Beneficiary bank is offline' })
    const earnings = await earningsOf(offline)
    expect(earnings.totals).toMatchObject({ inPayout: 0, paid: 0 })
    expect(earnings.totals.payable).toBe(failed!.amountPaise / 100)
    const listed = (
      await call(admin, 'GET', `/admin/settlements/sellers/${offline.user.id}/payouts`)
    ).json().data
    expect(listed[0]).toMatchObject({ status: 'failed', retryable: true })
    const mails = await kit.mailsTo(offline.user.email)
    expect(mails.map((m) => m.subject)).toContainEqual(expect.stringContaining('failed'))
    await expectLedgerAddsUp(offline.user.id)

    const retry = await call(admin, 'POST', `/admin/payouts/${failed!.id}/retry`)
    expect(retry.statusCode, retry.body).toBe(200)
    expect(retry.json().data.payouts[0]).toMatchObject({
      status: 'queued',
      sellerId: offline.user.id,
    })
    const again = (
      await call(admin, 'GET', `/admin/settlements/sellers/${offline.user.id}/payouts`)
    ).json().data
    expect(again.find((p: { _id: string }) => p._id === failed!.id).retryable).toBe(false)
  })
})

describe('holds', () => {
  it('keeps a held seller out of runs with the reason, until released', async () => {
    await sell(paid, 2499)
    clock.advance(10 * DAY)
    const url = `/admin/settlements/sellers/${paid.user.id}/hold`
    const held = await call(admin, 'PUT', url, { reason: 'GSTIN under review' })
    expect(held.statusCode, held.body).toBe(200)
    expect((await call(admin, 'PUT', url, { reason: 'again' })).statusCode).toBe(409)
    expect((await earningsOf(paid)).payoutBlock).toEqual({
      kind: 'onHold',
      reason: 'GSTIN under review',
    })
    const run = (await call(admin, 'POST', '/admin/payout-runs')).json().data
    expect(run.skipped).toContainEqual(
      expect.objectContaining({ sellerId: paid.user.id, reason: 'On hold: GSTIN under review' }),
    )
    await call(admin, 'POST', `/admin/payout-runs/${run._id}/discard`)
    expect((await call(admin, 'DELETE', url)).statusCode).toBe(200)
    expect((await earningsOf(paid)).payoutBlock).toBeNull()
  })

  it('gives a discarded preview back whole', async () => {
    const before = (await earningsOf(paid)).totals.payable
    const run = (await call(admin, 'POST', '/admin/payout-runs')).json().data
    expect((await earningsOf(paid)).totals.payable).toBe(0)
    const res = await call(admin, 'POST', `/admin/payout-runs/${run._id}/discard`)
    expect(res.json().data.counts.cancelled).toBeGreaterThan(0)
    expect((await earningsOf(paid)).totals).toMatchObject({ payable: before, inPayout: 0 })
    await expectLedgerAddsUp(paid.user.id)
  })

  it('pays once when two runs start at the same moment', async () => {
    const [a, b] = await Promise.all([
      call(admin, 'POST', '/admin/payout-runs'),
      call(admin, 'POST', '/admin/payout-runs'),
    ])
    const made = [...a.json().data.payouts, ...b.json().data.payouts].filter(
      (p: { sellerId: string }) => p.sellerId === paid.user.id,
    )
    expect(made).toHaveLength(1)
    await expectLedgerAddsUp(paid.user.id)
  })
})

describe('the admins’ dashboard', () => {
  it('sums the sellers’ money, the month’s payouts and commission, and the tax held', async () => {
    const res = await call(admin, 'GET', '/admin/dashboard')
    expect(res.statusCode, res.body).toBe(200)
    const figures = res.json().data.settlements
    const entries = await db().select().from(settlementEntries)
    const minus = (kinds: string[], keep: (e: (typeof entries)[number]) => boolean = () => true) =>
      -entries
        .filter((e) => kinds.includes(e.kind) && keep(e))
        .reduce((n, e) => n + e.amountPaise, 0) / 100
    const paidRows = await db().select().from(payouts).where(eq(payouts.status, 'paid'))
    expect(figures.paidThisMonth).toBe(paidRows.reduce((n, p) => n + p.amountPaise, 0) / 100)
    // December in India began at 18:30 UTC on 30 November; the first sales were November's.
    const december = new Date('2026-11-30T18:30:00Z')
    expect(figures.commissionThisMonth).toBe(
      minus(['commission', 'commissionReversal', 'closingFee'], (e) => e.createdAt >= december),
    )
    const month = figures.taxes[1]
    expect(month.month).toBe('2026-12')
    expect(month.tcsDueOn).toBe('2027-01-10')
    expect(month.tdsDueOn).toBe('2027-01-07')
    const november = figures.taxes[0]
    expect(november.tcs).toBe(minus(['tcs', 'tcsReversal'], (e) => e.taxPeriod === '2026-11'))
    let owed = 0
    for (const seller of [paid, noDetails, offline]) {
      const b = await sellerBalances(
        db(),
        t.app.deps.config.settlement,
        seller.user.id,
        clock.now(),
      )
      owed += b.payablePaise
    }
    expect(figures.payable).toBe(owed / 100)
  })
})

function payoutDeps() {
  return {
    db: db(),
    now: clock.now,
    config: t.app.deps.config,
    rails: t.app.deps.payoutRails,
  }
}
