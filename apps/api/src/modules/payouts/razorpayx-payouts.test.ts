import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { createUser } from '../../../test/factories'
import { startFakeRazorpayX } from '../../../test/fakes/razorpayx'
import { payouts } from '../../db/schema'
import { returnsKit } from '../returns/fixtures'
import { sellerBalances } from '../settlements'

/*
 * Payouts on RazorpayX (its local fake, decision 60) with runs that need no approval: the bank
 * account's penny drop answered later and asked again by the job, each payout sent once under
 * its idempotency key, settled by the signed webhook (a replay changes nothing, a forged one is
 * refused), a payout the bank reversed after it was processed given back, and a failure the
 * webhook never told found by the poll job.
 */

const DAY = 86_400_000
const MINUTE = 60_000
const clock = createClock()
let t: TestContext
let fake: Awaited<ReturnType<typeof startFakeRazorpayX>>
beforeAll(async () => {
  fake = await startFakeRazorpayX()
  t = await createTestApp({
    deps: { now: clock.now },
    env: {
      PAYOUT_RAIL: 'razorpayx',
      PAYOUT_APPROVAL: 'false',
      RAZORPAYX_KEY_ID: fake.creds.keyId,
      RAZORPAYX_KEY_SECRET: fake.creds.keySecret,
      RAZORPAYX_ACCOUNT_NUMBER: fake.creds.accountNumber,
      RAZORPAYX_WEBHOOK_SECRET: fake.creds.webhookSecret,
      RAZORPAYX_BASE_URL: fake.baseUrl,
    },
  })
})
afterAll(async () => {
  await t.close()
  await fake.close()
})
const db = () => t.database.db
const kit = returnsKit(() => t, clock.now)

let admin = ''
let sellers: Awaited<ReturnType<typeof kit.seller>>[] = []
const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: { cookie }, payload })
const webhook = (raw: { rawBody: string; headers: Record<string, string> }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payouts/razorpayx/webhook',
    headers: raw.headers,
    payload: raw.rawBody,
  })
const payoutOf = async (sellerId: string) =>
  (await db().select().from(payouts).where(eq(payouts.sellerId, sellerId)))[0]!

beforeAll(async () => {
  admin = await kit.cookieOf((await createUser(db(), { role: 'admin', type: 'admin' })).id)
  const shopper = await kit.shopper()
  sellers = [await kit.seller(), await kit.seller(), await kit.seller()]
  fake.failAccounts.set('300000000003', 'Beneficiary account is closed')
  for (const [i, seller] of sellers.entries()) {
    const product = await kit.product(seller.user.id, 1200 + i * 100, 5)
    const orderId = await kit.order(shopper, [{ productId: product.id, quantity: 1 }], 'CASHFREE')
    const [part] = await kit.partsOf(orderId)
    await kit.deliver(seller.cookie, part!.id)
  }
  clock.advance(10 * DAY)
})

describe('payouts on RazorpayX', () => {
  it('verifies the account when the penny drop answers, asked again by the job', async () => {
    for (const [i, seller] of sellers.entries()) {
      const res = await call(seller.cookie, 'PUT', '/admin/settlements/payout-details', {
        pan: 'ABCPE1234F',
        panName: `Seller ${i}`,
        holderName: `Seller ${i} Enterprises`,
        accountNumber: `30000000000${i + 1}`,
        ifsc: 'SBIN0001234',
      })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().data.status).toBe('pending')
    }
    fake.settleValidations()
    clock.advance(6 * MINUTE)
    await t.app.deps.jobs.drain()
    for (const seller of sellers) {
      const mine = await call(seller.cookie, 'GET', '/admin/settlements/payout-details')
      expect(mine.json().data).toMatchObject({ status: 'verified' })
    }
  })

  it('sends each payout once under its idempotency key, and the webhook settles it', async () => {
    const run = await call(admin, 'POST', '/admin/payout-runs')
    expect(run.json().data).toMatchObject({ status: 'approved', rail: 'RAZORPAYX' })
    expect(run.json().data.payouts).toHaveLength(3)
    await t.app.deps.jobs.drain()
    const first = await payoutOf(sellers[0]!.user.id)
    expect(first).toMatchObject({ status: 'processing' })
    expect(fake.payoutsFor(first.id)).toHaveLength(1)
    expect(fake.payoutsFor(first.id)[0]!.amount).toBe(first.amountPaise)

    fake.finish(first.id, 'processed')
    const told = await webhook(fake.webhook(first.id))
    expect(told.statusCode, told.body).toBe(200)
    expect(told.json()).toMatchObject({ applied: true })
    expect(await payoutOf(sellers[0]!.user.id)).toMatchObject({
      status: 'paid',
      utr: fake.payoutsFor(first.id)[0]!.utr,
    })
    // Replayed: nothing moves, no second mail.
    const again = await webhook(fake.webhook(first.id))
    expect(again.json()).toMatchObject({ applied: false })
    const mails = await kit.mailsTo(sellers[0]!.user.email)
    expect(mails.filter((m) => m.subject.endsWith('paid to your bank account'))).toHaveLength(1)
  })

  it('refuses a webhook whose signature does not hold', async () => {
    const forged = fake.webhook((await payoutOf(sellers[1]!.user.id)).id, { secret: 'guess' })
    const res = await webhook(forged)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ success: false })
    expect(await payoutOf(sellers[1]!.user.id)).toMatchObject({ status: 'processing' })
  })

  it('gives back a payout the bank reversed after RazorpayX processed it', async () => {
    const second = await payoutOf(sellers[1]!.user.id)
    fake.finish(second.id, 'processed')
    await webhook(fake.webhook(second.id))
    fake.finish(second.id, 'reversed')
    const res = await webhook(fake.webhook(second.id))
    expect(res.json()).toMatchObject({ applied: true })
    expect(await payoutOf(sellers[1]!.user.id)).toMatchObject({ status: 'failed' })
    const b = await sellerBalances(
      db(),
      t.app.deps.config.settlement,
      sellers[1]!.user.id,
      clock.now(),
    )
    expect(b).toMatchObject({ paidPaise: 0, inPayoutPaise: 0, payablePaise: second.amountPaise })
  })

  it('finds a failure no webhook told by polling the rail', async () => {
    const third = await payoutOf(sellers[2]!.user.id)
    fake.finish(third.id)
    clock.advance(16 * MINUTE)
    await t.app.deps.jobs.drain()
    expect(await payoutOf(sellers[2]!.user.id)).toMatchObject({
      status: 'failed',
      failureReason: 'Beneficiary account is closed',
    })
  })

  it('starts again a check whose start never reached the rail', async () => {
    const late = await kit.seller()
    fake.outage('validation')
    const saved = await call(late.cookie, 'PUT', '/admin/settlements/payout-details', {
      pan: 'ABCPE1234F',
      panName: 'Late Seller',
      holderName: 'Late Seller Traders',
      accountNumber: '400000000001',
      ifsc: 'SBIN0001234',
    })
    expect(saved.json().data.status).toBe('pending')
    fake.outage('validation', false)
    clock.advance(6 * MINUTE)
    await t.app.deps.jobs.drain()
    fake.settleValidations()
    clock.advance(6 * MINUTE)
    await t.app.deps.jobs.drain()
    const mine = await call(late.cookie, 'GET', '/admin/settlements/payout-details')
    expect(mine.json().data).toMatchObject({ status: 'verified' })
  })
})
