import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { orderHistory, orders, outbox, payments, refunds } from '../../db/schema'
import { cashfreeSignature } from '../../payments/cashfree'
import { createSession } from '../auth/sessions'
import { createTestApp, type TestContext } from '../../../test/app'
import { sessionCookieFor } from '../../../test/auth'
import { createClock } from '../../../test/clock'
import { createUser } from '../../../test/factories'
import {
  isRefundCreate,
  isRefundStatus,
  startCashfreeOverHttp,
} from '../../../test/proof/cashfree-over-http'
import { placeOrder } from '../../../test/shop'
import { oweRefund, providerRefundIdFor } from './ledger'

/**
 * The refund worker against Cashfree over real HTTP (the sandbox gateway's Cashfree, served by
 * the test, which can cut the line): a provider out of reach is retried by the outbox and, on the
 * last attempt, leaves the refund failed and visible; a status check that did not come back is
 * made by the poll; Cashfree's REFUND_STATUS_WEBHOOK prompts a status check, never trusted alone.
 */
const MAX_ATTEMPTS = 3
let t: TestContext
let cf: Awaited<ReturnType<typeof startCashfreeOverHttp>>
let admin: string
const clock = createClock(new Date())
beforeAll(async () => {
  cf = await startCashfreeOverHttp()
  t = await createTestApp({
    env: {
      ...cf.env,
      OUTBOX_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
      OUTBOX_RETRY_BASE_MS: '1000',
      OUTBOX_RETRY_MAX_MS: '1000',
      REFUND_POLL_MINUTES: '10',
    },
    deps: { now: clock.now },
  })
  const user = await createUser(db(), { role: 'admin', type: 'admin' })
  admin = sessionCookieFor(
    t.app,
    await createSession(db(), { userId: user.id, days: 1, now: clock.now() }),
  )
})
afterAll(async () => {
  await t.close()
  await cf.close()
})
beforeEach(() => cf.fault(() => 'none'))
const db = () => t.database.db
const policy = { refundDays: 10, shopName: 'TechBazaar', now: clock.now }

/** Past every retry delay (at most 1.2 s here), then one pass of the worker. */
async function later(ms = 2_000) {
  clock.advance(ms)
  await t.app.deps.jobs.drain()
}
const refundRow = async (id: string) =>
  (await db().select().from(refunds).where(eq(refunds.id, id)))[0]!
const itemOf = async (refundId: string, attempt: number) =>
  (
    await db()
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `refund:${refundId}:${attempt}`))
  )[0]
const heldFor = (providerOrderId: string) => cf.gateway.refunds(providerOrderId)
const webhook = (w: { rawBody: string; headers: Record<string, string> }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/cashfree',
    headers: w.headers,
    payload: w.rawBody,
  })
/** A REFUND_STATUS_WEBHOOK signed with `secret`, saying what `entity` says. */
function signedRefundWebhook(entity: Record<string, unknown>, secret = cf.gateway.secret) {
  const rawBody = JSON.stringify({
    data: { refund: entity },
    event_time: clock.now().toISOString(),
    type: 'REFUND_STATUS_WEBHOOK',
  })
  const timestamp = String(clock.now().getTime())
  return {
    rawBody,
    headers: {
      'content-type': 'application/json',
      'x-webhook-timestamp': timestamp,
      'x-webhook-signature': cashfreeSignature(secret, timestamp, rawBody),
      'x-webhook-version': '2023-08-01',
    },
  }
}

/** 2 × ₹1,000 paid at Cashfree (over HTTP, its signed webhook delivered to the shop). */
async function paidOrder() {
  const placed = await placeOrder(t.app, db(), 'CASHFREE', {
    price: 1000,
    totalStock: 5,
    quantity: 2,
  })
  const sessionId = new URL(placed.paymentUrl, 'http://x').searchParams.get('payment_session_id')!
  const done = cf.gateway.complete(sessionId, 'pay', clock.now())
  expect((await webhook(done!.webhook)).statusCode).toBe(200)
  const [payment] = await db().select().from(payments).where(eq(payments.orderId, placed.orderId))
  expect(payment!.status).toBe('paid')
  return { ...placed, providerOrderId: payment!.providerOrderId! }
}

/** The paid order cancelled by its shopper: a ₹2,000 refund owed and queued. */
async function cancelledPaidOrder() {
  const placed = await paidOrder()
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/shop/order/${placed.orderId}/cancel`,
    headers: { cookie: placed.shopper.cookie },
    payload: { reason: 'Ordered by mistake' },
  })
  expect(res.statusCode).toBe(200)
  const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, placed.orderId))
  expect(refund).toMatchObject({ status: 'pending', amountPaise: 200_000 })
  return { ...placed, refund: refund! }
}

describe('Cashfree out of reach', () => {
  it('leaves the refund pending while the outbox retries it, then completes it once', async () => {
    cf.fault((c) => (isRefundCreate(c) ? 'drop' : 'none'))
    const { orderId, providerOrderId, refund } = await cancelledPaidOrder()
    await t.app.deps.jobs.drain()
    expect(await refundRow(refund.id)).toMatchObject({ status: 'pending', failure: null })
    expect(await itemOf(refund.id, 1)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringContaining('Cashfree unreachable'),
    })
    await later()
    expect(await itemOf(refund.id, 1)).toMatchObject({ status: 'pending', attempts: 2 })
    expect(heldFor(providerOrderId)).toEqual([])

    cf.fault(() => 'none')
    await later()
    expect(await refundRow(refund.id)).toMatchObject({ status: 'completed', attempt: 1 })
    expect(await itemOf(refund.id, 1)).toMatchObject({ status: 'done', attempts: 3 })
    expect(heldFor(providerOrderId)).toEqual([
      expect.objectContaining({ refundId: refund.providerRefundId, status: 'SUCCESS' }),
    ])
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId))
    expect(order!.paymentStatus).toBe('refunded')
  })

  it('marks it failed on the last attempt, visible to admins, and the retry completes it', async () => {
    cf.fault((c) => (isRefundCreate(c) ? 'drop' : 'none'))
    const { providerOrderId, refund } = await cancelledPaidOrder()
    await t.app.deps.jobs.drain()
    for (let i = 1; i < MAX_ATTEMPTS; i++) await later()
    const failed = await refundRow(refund.id)
    expect(failed.status).toBe('failed')
    expect(failed.failure).toMatch(/^The provider could not be reached: Cashfree unreachable/)
    expect(await itemOf(refund.id, 1)).toMatchObject({ status: 'dead', attempts: MAX_ATTEMPTS })
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/refunds?filter=failed',
      headers: { cookie: admin },
    })
    expect(listed.json().data).toContainEqual(
      expect.objectContaining({ _id: refund.id, failure: failed.failure }),
    )

    cf.fault(() => 'none')
    const retried = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/refunds/${refund.id}`,
      headers: { cookie: admin },
      payload: { action: 'retry' },
    })
    expect(retried.statusCode).toBe(200)
    await t.app.deps.jobs.drain()
    expect(await refundRow(refund.id)).toMatchObject({ status: 'completed', attempt: 2 })
    expect(heldFor(providerOrderId)).toEqual([
      expect.objectContaining({ amountPaise: 200_000, status: 'SUCCESS' }),
    ])
  })

  it('never refunds twice when Cashfree took the refund but its answers were lost', async () => {
    const { orderId, providerOrderId } = await paidOrder()
    // Half of the ₹2,000 is owed (a return of one unit, say); Cashfree carries out every refund
    // call, but no answer about a refund comes back.
    cf.fault((c) => (isRefundCreate(c) || isRefundStatus(c) ? 'dropAnswer' : 'none'))
    const refund = (await db().transaction((tx) =>
      oweRefund(tx, policy, {
        orderId,
        subOrderId: null,
        cause: 'return',
        sourceKey: `test-return:${orderId}`,
        amountPaise: 100_000,
      }),
    ))!
    await t.app.deps.jobs.drain()
    for (let i = 1; i < MAX_ATTEMPTS; i++) await later()
    const failed = await refundRow(refund.id)
    expect(failed.status).toBe('failed')
    // Cashfree holds attempt 1 all along (every redelivery repeated it under the same id).
    expect(heldFor(providerOrderId)).toEqual([
      expect.objectContaining({ refundId: refund.providerRefundId, amountPaise: 100_000 }),
    ])

    cf.fault(() => 'none')
    const retried = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/refunds/${refund.id}`,
      headers: { cookie: admin },
      payload: { action: 'retry' },
    })
    expect(retried.statusCode).toBe(200)
    await t.app.deps.jobs.drain()
    // The retry finds the refund Cashfree already had: ₹1,000 went back once, not twice.
    const held = heldFor(providerOrderId)
    expect(held).toEqual([
      expect.objectContaining({ refundId: refund.providerRefundId, status: 'SUCCESS' }),
    ])
    expect(await refundRow(refund.id)).toMatchObject({ status: 'completed', attempt: 2 })
  })
})

describe('a status check that did not come back', () => {
  it('leaves the refund initiated until the poll asks again (pending → initiated → completed)', async () => {
    cf.fault((c) => (isRefundStatus(c) ? 'drop' : 'none'))
    const { orderId, providerOrderId, refund } = await cancelledPaidOrder()
    await t.app.deps.jobs.drain()
    expect(await refundRow(refund.id)).toMatchObject({
      status: 'initiated',
      reference: expect.stringMatching(/^cf_rf_/),
    })
    // Accepted, so no redelivery asks Cashfree for a second one.
    await later()
    expect(heldFor(providerOrderId)).toHaveLength(1)
    expect((await refundRow(refund.id)).status).toBe('initiated')

    cf.fault(() => 'none')
    // The poll runs every REFUND_POLL_MINUTES (10).
    await later(10 * 60_000)
    expect(await refundRow(refund.id)).toMatchObject({ status: 'completed' })
    expect(heldFor(providerOrderId)).toEqual([expect.objectContaining({ status: 'SUCCESS' })])
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId))
    expect(order!.paymentStatus).toBe('refunded')
  })
})

describe("Cashfree's REFUND_STATUS_WEBHOOK", () => {
  /** A refund Cashfree accepted whose status the worker could not read: initiated. */
  async function initiatedRefund() {
    cf.fault((c) => (isRefundStatus(c) ? 'drop' : 'none'))
    const placed = await cancelledPaidOrder()
    await t.app.deps.jobs.drain()
    expect((await refundRow(placed.refund.id)).status).toBe('initiated')
    cf.fault(() => 'none')
    return placed
  }

  it('completes the refund after asking Cashfree, once however often it comes', async () => {
    const { orderId, refund } = await initiatedRefund()
    const notice = cf.gateway.refundWebhook(refund.providerRefundId!, clock.now())!
    const res = await webhook(notice)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, applied: true })
    expect(await refundRow(refund.id)).toMatchObject({
      status: 'completed',
      reference: expect.stringMatching(/^ARN/),
    })
    expect((await webhook(notice)).statusCode).toBe(200)
    const paidLines = await db()
      .select()
      .from(orderHistory)
      .where(and(eq(orderHistory.orderId, orderId), eq(orderHistory.event, 'refundPaid')))
    expect(paidLines).toHaveLength(1)
  })

  it('trusts Cashfree’s answer, not the notification’s body', async () => {
    cf.gateway.failNextRefund('Account closed')
    const { refund } = await initiatedRefund()
    // Signed with the right key, but it says SUCCESS while Cashfree holds the refund FAILED.
    const claim = signedRefundWebhook({
      cf_refund_id: '1',
      refund_id: refund.providerRefundId,
      refund_status: 'SUCCESS',
      refund_arn: 'ARNFAKE',
    })
    expect((await webhook(claim)).statusCode).toBe(200)
    expect(await refundRow(refund.id)).toMatchObject({
      status: 'failed',
      failure: 'Account closed',
    })
  })

  it('refuses a bad signature (400) and a refund that is not ours (404), changing nothing', async () => {
    const { refund } = await initiatedRefund()
    const forged = signedRefundWebhook(
      { refund_id: refund.providerRefundId, refund_status: 'SUCCESS' },
      'not-the-secret',
    )
    const bad = await webhook(forged)
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({ success: false, message: 'Invalid webhook signature' })
    const unknown = await webhook(
      signedRefundWebhook({
        refund_id: providerRefundIdFor(crypto.randomUUID(), 1),
        refund_status: 'SUCCESS',
      }),
    )
    // Not ours (made in Cashfree's dashboard): acknowledged, so it is not sent again for ever.
    expect(unknown.statusCode).toBe(200)
    expect(unknown.json()).toEqual({ success: true, applied: false })
    expect((await refundRow(refund.id)).status).toBe('initiated')
  })

  it('answers an error while Cashfree cannot be asked, so the notification is sent again', async () => {
    const { refund } = await initiatedRefund()
    cf.fault((c) => (isRefundStatus(c) ? 'drop' : 'none'))
    const notice = signedRefundWebhook({
      refund_id: refund.providerRefundId,
      refund_status: 'SUCCESS',
    })
    expect((await webhook(notice)).statusCode).toBe(500)
    expect((await refundRow(refund.id)).status).toBe('initiated')
    cf.fault(() => 'none')
    expect((await webhook(notice)).statusCode).toBe(200)
    expect((await refundRow(refund.id)).status).toBe('completed')
  })
})
