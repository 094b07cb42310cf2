import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderHistory, orders, outbox, payments, refunds, subOrders } from '../../db/schema'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { createProduct, createSeller } from '../../../test/factories'
import { buyProduct, createShopper, fillCart, orderCart, placeOrder } from '../../../test/shop'
import { oweRefund, providerRefundIdFor, recordRefundProgress, retryRefund } from './ledger'
import { deliverRefund } from './refund-worker'

/**
 * The ledger's invariants (decision 55) under concurrency. On PostgreSQL (TEST_DATABASE_URL) the
 * transactions really interleave on a pool of 10 connections; PGlite runs them one after another,
 * which must be just as correct. Every claim is read back from the database and from the sandbox
 * gateway's own book of refunds.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
let t: TestContext
const clock = createClock(new Date())
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
})
afterAll(() => t.close())
const db = () => t.database.db
const policy = { refundDays: 10, shopName: 'TechBazaar', now: clock.now }
const workerDeps = () => ({ db: db(), payments: t.app.deps.payments, policy })

const refundsOf = (orderId: string) =>
  db().select().from(refunds).where(eq(refunds.orderId, orderId))
const sumOf = (rows: { amountPaise: number }[]) => rows.reduce((s, r) => s + r.amountPaise, 0)

/** An order of 2 × ₹1,000 paid through the sandbox Cashfree: ₹2,000 captured. */
async function paidOrder() {
  const placed = await placeOrder(t.app, db(), 'CASHFREE', {
    price: 1000,
    totalStock: 5,
    quantity: 2,
  })
  const sessionId = new URL(placed.paymentUrl, 'http://x').searchParams.get('payment_session_id')!
  const paid = await t.app.inject({
    method: 'POST',
    url: '/sandbox-gateway',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ payment_session_id: sessionId, outcome: 'pay' }).toString(),
  })
  expect(paid.statusCode).toBe(303)
  const [payment] = await db().select().from(payments).where(eq(payments.orderId, placed.orderId))
  expect(payment).toMatchObject({ status: 'paid', amountPaise: 200_000 })
  const [part] = await db().select().from(subOrders).where(eq(subOrders.orderId, placed.orderId))
  return { ...placed, payment: payment!, part: part! }
}

const owe = (orderId: string, sourceKey: string, amountPaise: number, subOrderId = null) =>
  db().transaction((tx) =>
    oweRefund(tx, policy, { orderId, subOrderId, cause: 'cancellation', sourceKey, amountPaise }),
  )

describe('providerRefundIdFor', () => {
  it('is ours plus the attempt, letters and digits, within every provider’s limit', () => {
    const id = crypto.randomUUID()
    const first = providerRefundIdFor(id, 1)
    expect(first).toMatch(/^RF[0-9a-f]+A1$/)
    expect(id.replace(/-/g, '')).toContain(first.slice(2, -2))
    // PayU's token, the shortest limit, is 23 characters.
    expect(providerRefundIdFor(id, 99).length).toBeLessThanOrEqual(23)
    expect(providerRefundIdFor(id, 2)).toBe(`${first.slice(0, -1)}2`)
    expect(providerRefundIdFor(id, 1)).toBe(first)
    expect(providerRefundIdFor(crypto.randomUUID(), 1)).not.toBe(first)
  })
})

describe(`the refunds of an order never exceed what was captured (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('caps 10 concurrent claims of 40% each at the captured amount, in 5 rounds', async () => {
    for (let round = 0; round < 5; round++) {
      const { orderId } = await paidOrder()
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => owe(orderId, `test:${orderId}:${i}`, 80_000)),
      )
      const rows = await refundsOf(orderId)
      // 40% + 40% + the 20% left, whatever order the transactions ran in; the others owe nothing.
      expect(sumOf(rows)).toBe(200_000)
      expect(rows.map((r) => r.amountPaise).sort()).toEqual([40_000, 80_000, 80_000])
      expect(answers.filter((a) => a === null)).toHaveLength(7)
      // One provider call queued per refund, under its own id and attempt.
      for (const row of rows) {
        const items = await db()
          .select()
          .from(outbox)
          .where(eq(outbox.dedupeKey, `refund:${row.id}:1`))
        expect(items).toEqual([
          expect.objectContaining({ kind: 'payment.refund', payload: { refundId: row.id } }),
        ])
        expect(row.providerRefundId).toBe(providerRefundIdFor(row.id, 1))
      }
    }
  })

  it('makes one refund of one source key asked 10 times at once', async () => {
    const { orderId, part } = await paidOrder()
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        db().transaction((tx) =>
          oweRefund(tx, policy, {
            orderId,
            subOrderId: part.id,
            cause: 'cancellation',
            sourceKey: `cancel:${part.id}`,
            amountPaise: part.subtotalPaise,
          }),
        ),
      ),
    )
    const rows = await refundsOf(orderId)
    expect(rows).toHaveLength(1)
    expect(new Set(answers.map((a) => a?.id))).toEqual(new Set([rows[0]!.id]))
    expect(rows[0]).toMatchObject({ amountPaise: 200_000, status: 'pending', attempt: 1 })
    const queued = await db()
      .select()
      .from(outbox)
      .where(like(outbox.dedupeKey, `refund%${rows[0]!.id}%`))
    expect(queued.map((q) => q.kind).sort()).toEqual(['mail', 'payment.refund'])
    const lines = await db()
      .select()
      .from(orderHistory)
      .where(and(eq(orderHistory.orderId, orderId), eq(orderHistory.event, 'refund')))
    expect(lines).toHaveLength(1)
  })

  it('refunds each part once when the shopper clicks Cancel many times at once', async () => {
    const sellers = [await createSeller(db()), await createSeller(db())]
    const items = await Promise.all(
      sellers.map((s) => createProduct(db(), { sellerId: s.id, price: 1250, totalStock: 9 })),
    )
    const shopper = await createShopper(db())
    await fillCart(
      db(),
      shopper.user.id,
      items.map((i) => ({ productId: i.id, quantity: 1 })),
    )
    const orderId = await orderCart(t.app, shopper, 'CASHFREE')
    const pay = await t.app.inject({
      method: 'POST',
      url: `/api/shop/order/${orderId}/pay`,
      headers: { cookie: shopper.cookie },
    })
    const sessionId = new URL(pay.json().paymentUrl, 'http://x').searchParams.get(
      'payment_session_id',
    )!
    await t.app.inject({
      method: 'POST',
      url: '/sandbox-gateway',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ payment_session_id: sessionId, outcome: 'pay' }).toString(),
    })
    const parts = await db().select().from(subOrders).where(eq(subOrders.orderId, orderId))
    const click = (subOrderId?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/shop/order/${orderId}/cancel`,
        headers: { cookie: shopper.cookie },
        payload: { reason: 'Ordered by mistake', ...(subOrderId ? { subOrderId } : {}) },
      })
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => click(i % 3 === 2 ? undefined : parts[i % 3]?.id)),
    )
    // Every click is answered cleanly: done, or nothing left to cancel.
    for (const a of answers) expect([200, 409]).toContain(a.statusCode)
    expect(answers.some((a) => a.statusCode === 200)).toBe(true)
    await t.app.deps.jobs.drain()
    const rows = await refundsOf(orderId)
    expect(rows.map((r) => r.sourceKey).sort()).toEqual(parts.map((p) => `cancel:${p.id}`).sort())
    expect(rows.every((r) => r.amountPaise === 125_000 && r.status === 'completed')).toBe(true)
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId))
    const held = t.app.deps.payments.sandbox.refunds(payment!.providerOrderId!)
    expect(held.map((r) => r.refundId).sort()).toEqual(rows.map((r) => r.providerRefundId).sort())
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId))
    expect(order).toMatchObject({ orderStatus: 'cancelled', paymentStatus: 'refunded' })
  })

  it('keeps a failed refund’s claim: a new one cannot spend it', async () => {
    const { orderId } = await paidOrder()
    const first = await owe(orderId, `test:${orderId}:a`, 150_000)
    await db().transaction((tx) =>
      recordRefundProgress(tx, policy, first!.id, { state: 'failed', failure: 'Bank declined' }),
    )
    const second = await owe(orderId, `test:${orderId}:b`, 150_000)
    expect(second?.amountPaise).toBe(50_000)
    expect(await owe(orderId, `test:${orderId}:c`, 1)).toBeNull()
    expect(sumOf(await refundsOf(orderId))).toBe(200_000)
  })

  it('owes nothing where nothing was captured', async () => {
    const unpaid = await placeOrder(t.app, db(), 'CASHFREE', {
      price: 500,
      totalStock: 2,
      quantity: 1,
    })
    expect(await owe(unpaid.orderId, `test:${unpaid.orderId}`, 50_000)).toBeNull()
    // Cash on delivery collects at the door: an undelivered COD order holds no money of the shopper.
    const seller = await createSeller(db())
    const item = await createProduct(db(), { sellerId: seller.id, price: 400, totalStock: 3 })
    const shopper = await createShopper(db())
    const cod = await buyProduct(t.app, db(), shopper, item.id, { advanceTo: 'inProcess' })
    const payout = { kind: 'upi' as const, upiId: 'kavya@okaxis' }
    const codOwed = await db().transaction((tx) =>
      oweRefund(tx, policy, {
        orderId: cod,
        subOrderId: null,
        cause: 'return',
        sourceKey: `test:${cod}`,
        amountPaise: 40_000,
        payout,
      }),
    )
    expect(codOwed).toBeNull()
    expect(await refundsOf(unpaid.orderId)).toEqual([])
    expect(await refundsOf(cod)).toEqual([])
  })
})

describe('one refund at the provider per attempt', () => {
  it('holds one refund when the worker delivers the same item twice at once', async () => {
    const { orderId, payment, part } = await paidOrder()
    const owed = await owe(orderId, `cancel:${part.id}`, 200_000)
    await Promise.all([
      deliverRefund(workerDeps(), owed!.id, { number: 1, last: false }),
      deliverRefund(workerDeps(), owed!.id, { number: 1, last: false }),
    ])
    const held = t.app.deps.payments.sandbox.refunds(payment.providerOrderId!)
    expect(held).toEqual([
      expect.objectContaining({ refundId: owed!.providerRefundId, amountPaise: 200_000 }),
    ])
    const [row] = await refundsOf(orderId)
    expect(row).toMatchObject({ status: 'completed' })
    const paidLines = await db()
      .select()
      .from(orderHistory)
      .where(and(eq(orderHistory.orderId, orderId), eq(orderHistory.event, 'refundPaid')))
    expect(paidLines).toHaveLength(1)
    // And once more, later (a redelivery after a lost acknowledgement): nothing new anywhere.
    await deliverRefund(workerDeps(), owed!.id, { number: 2, last: false })
    expect(t.app.deps.payments.sandbox.refunds(payment.providerOrderId!)).toHaveLength(1)
  })

  it('answers a redelivery after the provider accepted (our record lost) with the first refund', async () => {
    const { orderId, payment, part } = await paidOrder()
    const owed = await owe(orderId, `cancel:${part.id}`, 200_000)
    // The provider accepted attempt 1, then the process died before the ledger heard it.
    const adapter = t.app.deps.payments.provider('CASHFREE')!
    const accepted = await adapter.refund({
      providerOrderId: payment.providerOrderId!,
      amountPaise: 200_000,
      providerRefundId: owed!.providerRefundId!,
      note: 'Cancellation',
    })
    expect(accepted.state).toBe('pending')
    expect((await refundsOf(orderId))[0]!.status).toBe('pending')

    await t.app.deps.jobs.drain()
    const held = t.app.deps.payments.sandbox.refunds(payment.providerOrderId!)
    expect(held).toHaveLength(1)
    expect((await refundsOf(orderId))[0]).toMatchObject({ status: 'completed' })
  })
})

describe('retrying a failed refund', () => {
  it('makes one new attempt however many admins click at once', async () => {
    const { orderId } = await paidOrder()
    const owed = await owe(orderId, `test:${orderId}`, 120_000)
    await db().transaction((tx) =>
      recordRefundProgress(tx, policy, owed!.id, { state: 'failed', failure: 'Bank declined' }),
    )
    const tries = await Promise.allSettled(
      Array.from({ length: 6 }, () => db().transaction((tx) => retryRefund(tx, owed!.id))),
    )
    expect(tries.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    for (const r of tries.filter((x) => x.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        statusCode: 409,
        message: 'Only a failed refund can be retried',
      })
    }
    const [row] = await refundsOf(orderId)
    expect(row).toMatchObject({
      status: 'pending',
      attempt: 2,
      failure: null,
      providerRefundId: providerRefundIdFor(owed!.id, 2),
    })
    const queued = await db()
      .select({ key: outbox.dedupeKey })
      .from(outbox)
      .where(and(eq(outbox.kind, 'payment.refund'), like(outbox.dedupeKey, `refund:${owed!.id}:%`)))
    expect(queued.map((q) => q.key).sort()).toEqual([
      `refund:${owed!.id}:1`,
      `refund:${owed!.id}:2`,
    ])
  })
})
