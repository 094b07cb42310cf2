import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderHistory, orders, outbox, payments, refunds, subOrders } from '../../db/schema'
import { createSession } from '../auth/sessions'
import { createTestApp, type TestContext } from '../../../test/app'
import { sessionCookieFor } from '../../../test/auth'
import { createClock } from '../../../test/clock'
import { createProduct, createSeller, createUser } from '../../../test/factories'
import { buyProduct, createShopper, placeOrder } from '../../../test/shop'
import { startSmtpServer } from '../../../test/smtp'
import { oweRefund, providerRefundIdFor } from './ledger'

/**
 * A refund the provider fails, seen and retried by an admin (`GET/PUT /api/admin/refunds`), and a
 * cash-on-delivery refund paid by hand, through the whole stack: the sandbox Cashfree gateway
 * (its refund book and its `failNextRefund`), the outbox worker, the shopper's order details and
 * the mails a real SMTP server receives.
 */
let t: TestContext
let smtp: Awaited<ReturnType<typeof startSmtpServer>>
let admin: string
const clock = createClock(new Date())
beforeAll(async () => {
  smtp = await startSmtpServer()
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, SHOP_NAME: 'TechBazaar' },
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
  await smtp.close()
})
const db = () => t.database.db
const policy = { refundDays: 10, shopName: 'TechBazaar', now: clock.now }

const list = (filter: string, cookie = admin) =>
  t.app.inject({ method: 'GET', url: `/api/admin/refunds?filter=${filter}`, headers: { cookie } })
const act = (refundId: string, body: Record<string, unknown>, cookie = admin) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/refunds/${refundId}`,
    headers: { cookie },
    payload: body,
  })
const refundRow = async (id: string) =>
  (await db().select().from(refunds).where(eq(refunds.id, id)))[0]!
const orderRow = async (id: string) =>
  (await db().select().from(orders).where(eq(orders.id, id)))[0]!
const details = (cookie: string, orderId: string) =>
  t.app.inject({ method: 'GET', url: `/api/shop/order/details/${orderId}`, headers: { cookie } })
async function refundMails(orderId: string) {
  await t.app.deps.jobs.drain()
  const number = `TB-${(await orderRow(orderId)).orderNumber}`
  return smtp.received.filter((m) => m.subject.includes(number) && /refund/i.test(m.subject))
}

/** 2 × ₹1,000 paid through the sandbox Cashfree, then cancelled by its shopper: ₹2,000 owed. */
async function cancelledPaidOrder(beforeCancel?: (providerOrderId: string) => Promise<void>) {
  const placed = await placeOrder(t.app, db(), 'CASHFREE', {
    price: 1000,
    totalStock: 5,
    quantity: 2,
  })
  const sessionId = new URL(placed.paymentUrl, 'http://x').searchParams.get('payment_session_id')!
  await t.app.inject({
    method: 'POST',
    url: '/sandbox-gateway',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ payment_session_id: sessionId, outcome: 'pay' }).toString(),
  })
  const [payment] = await db().select().from(payments).where(eq(payments.orderId, placed.orderId))
  expect(payment!.status).toBe('paid')
  await beforeCancel?.(payment!.providerOrderId!)
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/shop/order/${placed.orderId}/cancel`,
    headers: { cookie: placed.shopper.cookie },
    payload: { reason: 'Ordered by mistake' },
  })
  expect(res.statusCode).toBe(200)
  const [owed] = await db().select().from(refunds).where(eq(refunds.orderId, placed.orderId))
  return { ...placed, payment: payment!, refund: owed! }
}

describe('a refund the provider fails', () => {
  it('is failed with its message, shown to admins and the shopper, and a retry completes it', async () => {
    const sandbox = t.app.deps.payments.sandbox
    const { orderId, shopper, payment, refund } = await cancelledPaidOrder(async () =>
      sandbox.failNextRefund('Beneficiary bank is offline'),
    )
    await t.app.deps.jobs.drain()
    expect(await refundRow(refund.id)).toMatchObject({
      status: 'failed',
      attempt: 1,
      failure: 'Beneficiary bank is offline',
    })
    expect(sandbox.refunds(payment.providerOrderId!)).toEqual([
      expect.objectContaining({ refundId: providerRefundIdFor(refund.id, 1), status: 'FAILED' }),
    ])
    const failedLine = await db()
      .select()
      .from(orderHistory)
      .where(and(eq(orderHistory.orderId, orderId), eq(orderHistory.event, 'refundFailed')))
    expect(failedLine).toEqual([
      // The timeline is the shopper's too: the provider's words stay on the admins' page.
      expect.objectContaining({ note: null, actor: 'provider' }),
    ])

    // The admin's list (failed first) and the shopper's order details both show it.
    const failed = await list('failed')
    expect(failed.statusCode).toBe(200)
    expect(failed.json().data).toContainEqual(
      expect.objectContaining({
        _id: refund.id,
        orderId,
        orderNumber: expect.stringMatching(/^TB-\d+$/),
        customerName: shopper.user.userName,
        amount: 2000,
        status: 'failed',
        failure: 'Beneficiary bank is offline',
        provider: 'CASHFREE',
        method: 'original',
        payout: null,
        overdue: false,
      }),
    )
    const seen = await details(shopper.cookie, orderId)
    // The shopper reads it as delayed; the provider's words are for admins.
    expect(seen.json().data.refunds).toEqual([
      expect.objectContaining({ _id: refund.id, status: 'failed', failure: null }),
    ])
    // Only the marketplace's admins act on refunds.
    expect((await list('failed', shopper.cookie)).statusCode).toBe(403)
    expect((await act(refund.id, { action: 'retry' }, shopper.cookie)).statusCode).toBe(403)

    // Two admins click Retry at once: one new attempt, under a new provider id.
    const [a, b] = await Promise.all([
      act(refund.id, { action: 'retry' }),
      act(refund.id, { action: 'retry' }),
    ])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409])
    const ok = a.statusCode === 200 ? a : b
    const refused = a.statusCode === 200 ? b : a
    expect(ok.json()).toMatchObject({
      success: true,
      message: 'Refund queued again',
      data: { _id: refund.id, status: 'pending', failure: null },
    })
    expect(refused.json()).toEqual({
      success: false,
      message: 'Only a failed refund can be retried',
    })
    expect(await refundRow(refund.id)).toMatchObject({
      status: 'pending',
      attempt: 2,
      providerRefundId: providerRefundIdFor(refund.id, 2),
    })

    await t.app.deps.jobs.drain()
    expect(await refundRow(refund.id)).toMatchObject({ status: 'completed', attempt: 2 })
    // The provider holds the failed first attempt and the second, which paid.
    const held = sandbox.refunds(payment.providerOrderId!)
    expect(held.map((r) => [r.refundId, r.status]).sort()).toEqual(
      [
        [providerRefundIdFor(refund.id, 1), 'FAILED'],
        [providerRefundIdFor(refund.id, 2), 'SUCCESS'],
      ].sort(),
    )
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'refunded' })
    expect((await list('failed')).json().data.map((r: { _id: string }) => r._id)).not.toContain(
      refund.id,
    )
    expect((await list('all')).json().data).toContainEqual(
      expect.objectContaining({ _id: refund.id, status: 'completed', failure: null }),
    )
    // A completed refund cannot be retried.
    expect((await act(refund.id, { action: 'retry' })).statusCode).toBe(409)
    const subjects = (await refundMails(orderId)).map((m) => m.subject)
    expect(subjects.filter((s) => s.endsWith('initiated'))).toHaveLength(1)
    expect(subjects.filter((s) => s.endsWith('is complete'))).toHaveLength(1)
  })

  it('fails at once when the provider refuses it, with the provider’s reason', async () => {
    // Someone refunded the whole payment in the provider's dashboard: nothing is refundable.
    const adapter = t.app.deps.payments.provider('CASHFREE')!
    const { orderId, refund } = await cancelledPaidOrder(async (providerOrderId) => {
      await adapter.refund({
        providerOrderId,
        amountPaise: 200_000,
        providerRefundId: 'DASHBOARD1',
        note: 'By hand',
      })
    })
    await t.app.deps.jobs.drain()
    const row = await refundRow(refund.id)
    expect(row.status).toBe('failed')
    expect(row.failure).toMatch(
      /answered 400: refund amount is greater than refundable amount \(0\.00\)/,
    )
    // A refusal is not retried by the outbox (asking again cannot change the answer).
    const [item] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `refund:${refund.id}:1`))
    expect(item).toMatchObject({ status: 'dead', attempts: 1 })
    expect((await list('failed')).json().data).toContainEqual(
      expect.objectContaining({ _id: refund.id, failure: row.failure }),
    )
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'paid' })
  })

  it('answers 404 for an unknown refund and 400 for an unknown action', async () => {
    expect((await act(crypto.randomUUID(), { action: 'retry' })).statusCode).toBe(404)
    const bad = await act(crypto.randomUUID(), { action: 'forget' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({
      success: false,
      message: 'action must be retry or markPaid',
    })
    expect((await list('sideways')).statusCode).toBe(400)
  })
})

describe('a cash-on-delivery refund', () => {
  /** A COD order of one ₹2,499 item, delivered (the courier collected ₹2,499). */
  async function deliveredCodOrder() {
    const seller = await createSeller(db())
    const item = await createProduct(db(), { sellerId: seller.id, price: 2499, totalStock: 3 })
    const shopper = await createShopper(db())
    const orderId = await buyProduct(t.app, db(), shopper, item.id)
    const [part] = await db().select().from(subOrders).where(eq(subOrders.orderId, orderId))
    expect(part!.status).toBe('delivered')
    return { shopper, orderId, part: part! }
  }

  it('waits for the shop to pay it to the UPI id given, and completes with the UTR', async () => {
    const { shopper, orderId, part } = await deliveredCodOrder()
    const owed = await db().transaction((tx) =>
      oweRefund(tx, policy, {
        orderId,
        subOrderId: part.id,
        cause: 'return',
        sourceKey: `test-return:${part.id}`,
        amountPaise: 249_900,
        payout: { kind: 'upi', upiId: 'kavya@okaxis' },
      }),
    )
    expect(owed).toMatchObject({
      status: 'pending',
      method: 'upi',
      provider: null,
      providerRefundId: null,
      amountPaise: 249_900,
    })
    await t.app.deps.jobs.drain()
    // Nothing is asked of a provider: it waits for an admin, however often the worker runs.
    expect(await refundRow(owed!.id)).toMatchObject({ status: 'pending' })
    expect(
      await db()
        .select()
        .from(outbox)
        .where(eq(outbox.dedupeKey, `refund:${owed!.id}:1`)),
    ).toEqual([])
    const open = await list('open')
    expect(open.json().data).toContainEqual(
      expect.objectContaining({
        _id: owed!.id,
        status: 'pending',
        method: 'upi',
        payout: { kind: 'upi', upiId: 'kavya@okaxis' },
        payoutTo: 'UPI ka••••@okaxis',
        provider: null,
      }),
    )
    // The same refund cannot be "retried": it is paid by hand.
    expect((await act(owed!.id, { action: 'retry' })).statusCode).toBe(409)
    const empty = await act(owed!.id, { action: 'markPaid', reference: ' ' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().message).toBe('Enter the payout’s reference (UTR)')
    // Not a reference a bank gives (issue 31.8): refused with the shapes it may take.
    for (const reference of ['UTR', 'UTR123456789', '12345678901', 'SBIN32611234567X9']) {
      const wrong = await act(owed!.id, { action: 'markPaid', reference })
      expect(wrong.statusCode, reference).toBe(400)
      expect(wrong.json().message).toMatch(/^Enter the UTR as the bank gives it: 12 digits/)
    }

    // Written with spaces, as a bank statement prints it: kept as one word, capitalised.
    const paid = await act(owed!.id, { action: 'markPaid', reference: 'sbin 3261 1234 5678' })
    expect(paid.statusCode).toBe(200)
    expect(paid.json()).toMatchObject({
      success: true,
      message: 'Payout recorded',
      data: {
        _id: owed!.id,
        status: 'completed',
        reference: 'SBIN326112345678',
        completedAt: expect.any(String),
      },
    })
    expect(await refundRow(owed!.id)).toMatchObject({
      status: 'completed',
      reference: 'SBIN326112345678',
    })
    // Everything the courier collected is back.
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'refunded' })
    const again = await act(owed!.id, { action: 'markPaid', reference: '699999999999' })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe('This refund is already paid')
    expect((await refundRow(owed!.id)).reference).toBe('SBIN326112345678')

    const mails = await refundMails(orderId)
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [
        `Refund of ₹2,499 for order TB-${(await orderRow(orderId)).orderNumber} initiated`,
        `Your refund of ₹2,499 for order TB-${(await orderRow(orderId)).orderNumber} is complete`,
      ].sort(),
    )
    expect(mails.find((m) => m.subject.endsWith('initiated'))!.text).toContain(
      'It is paid to UPI ka••••@okaxis.',
    )
    expect(mails.find((m) => m.subject.endsWith('complete'))!.text).toContain(
      'Reference: SBIN326112345678',
    )
    const shown = (await details(shopper.cookie, orderId)).json().data.refunds
    expect(shown).toEqual([
      expect.objectContaining({
        _id: owed!.id,
        status: 'completed',
        method: 'upi',
        reference: 'SBIN326112345678',
        payoutTo: 'UPI ka••••@okaxis',
      }),
    ])
  })

  it('shows a bank account masked to the shopper, in full to the admin', async () => {
    const { shopper, orderId, part } = await deliveredCodOrder()
    const account = {
      kind: 'bank' as const,
      accountName: 'Kavya Nair',
      accountNumber: '123456789012',
      ifsc: 'SBIN0001234',
    }
    const owed = await db().transaction((tx) =>
      oweRefund(tx, policy, {
        orderId,
        subOrderId: part.id,
        cause: 'return',
        sourceKey: `test-return:${part.id}`,
        amountPaise: 100_000,
        payout: account,
      }),
    )
    expect(owed).toMatchObject({ method: 'bank', status: 'pending' })
    const shown = (await details(shopper.cookie, orderId)).json().data.refunds
    expect(shown).toEqual([
      expect.objectContaining({ payoutTo: 'Kavya Nair, A/c ••••9012, SBIN0001234' }),
    ])
    expect(JSON.stringify(shown)).not.toContain('123456789012')
    expect((await list('open')).json().data).toContainEqual(
      expect.objectContaining({ _id: owed!.id, payout: account }),
    )
  })

  it('is refused without an account to pay it to, and a provider refund cannot be marked paid', async () => {
    const { orderId, part } = await deliveredCodOrder()
    await expect(
      db().transaction((tx) =>
        oweRefund(tx, policy, {
          orderId,
          subOrderId: part.id,
          cause: 'return',
          sourceKey: `test-return:${part.id}`,
          amountPaise: 100_000,
        }),
      ),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'Tell us where to send the refund: a UPI id or a bank account',
    })
    expect(await db().select().from(refunds).where(eq(refunds.orderId, orderId))).toEqual([])

    const { refund } = await cancelledPaidOrder()
    const res = await act(refund.id, { action: 'markPaid', reference: 'SBIN326112345678' })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      success: false,
      message: 'This refund goes back through its payment provider',
    })
    expect((await refundRow(refund.id)).reference).toBeNull()
  })

  it('is flagged overdue past its promised day (REFUND_DAYS), until it is paid', async () => {
    const { orderId, part } = await deliveredCodOrder()
    const owed = await db().transaction((tx) =>
      oweRefund(tx, policy, {
        orderId,
        subOrderId: part.id,
        cause: 'return',
        sourceKey: `test-overdue:${part.id}`,
        amountPaise: 50_000,
        payout: { kind: 'upi', upiId: 'kavya@okaxis' },
      }),
    )
    const ids = (res: { json(): { data: { _id: string }[] } }) => res.json().data.map((r) => r._id)
    expect(ids(await list('overdue'))).not.toContain(owed!.id)
    // Eleven days on (the clock runs on from here: this is the file's last test).
    clock.advance(11 * 24 * 60 * 60 * 1000)
    const user = await createUser(db(), { role: 'admin', type: 'admin' })
    const later = sessionCookieFor(
      t.app,
      await createSession(db(), { userId: user.id, days: 1, now: clock.now() }),
    )
    const overdue = await list('overdue', later)
    expect(overdue.json().data).toContainEqual(
      expect.objectContaining({ _id: owed!.id, overdue: true, status: 'pending' }),
    )
    expect(
      (await act(owed!.id, { action: 'markPaid', reference: '655555555555' }, later)).statusCode,
    ).toBe(200)
    expect(ids(await list('overdue', later))).not.toContain(owed!.id)
    expect((await list('all', later)).json().data).toContainEqual(
      expect.objectContaining({ _id: owed!.id, overdue: false, status: 'completed' }),
    )
  })
})
