import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, outbox, payments, refunds } from '../../db/schema'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { startFakeGatepay } from '../../../test/fakes/gatepay'
import { startFakePayu } from '../../../test/fakes/payu'
import { startFakePhonepe } from '../../../test/fakes/phonepe'
import { placeOrder } from '../../../test/shop'

/**
 * Issue 26.3: "Pay now" made a new provider checkout and overwrote the order's one payment row,
 * so money paid to the earlier checkout met "Unknown order" and was neither recorded nor
 * refunded. The invariant: every checkout the shop ever handed out is recognised; a payment to
 * it pays the order while the order waits, and is refunded through the ledger once the order is
 * paid or has ended.
 */
let t: TestContext
let payu: Awaited<ReturnType<typeof startFakePayu>>
let gp: Awaited<ReturnType<typeof startFakeGatepay>>
let pp: Awaited<ReturnType<typeof startFakePhonepe>>
const clock = createClock(new Date())
beforeAll(async () => {
  payu = await startFakePayu()
  gp = await startFakeGatepay()
  pp = await startFakePhonepe()
  t = await createTestApp({
    env: { ...payu.env, ...gp.env, ...pp.env },
    deps: { now: clock.now },
  })
})
afterAll(async () => {
  await t.close()
  await Promise.all([payu.close(), gp.close(), pp.close()])
})

const db = () => t.database.db
const PROVIDERS = ['PAYU', 'GATEPAY', 'PHONEPAY'] as const
type Method = (typeof PROVIDERS)[number]
type Placed = Awaited<ReturnType<typeof placeOrder>>

const orderRow = async (id: string) =>
  (await db().select().from(orders).where(eq(orders.id, id)))[0]!
const attemptsOf = (orderId: string) =>
  db().select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.createdAt))
const refundsOf = (orderId: string) =>
  db().select().from(refunds).where(eq(refunds.orderId, orderId))

/** 1 × ₹1,499 paid online with `method`; answers the order and its first checkout's id. */
async function placed(method: Method) {
  const order = await placeOrder(t.app, db(), method, { price: 1499, totalStock: 5, quantity: 1 })
  const [first] = await attemptsOf(order.orderId)
  return { ...order, first: first!.providerOrderId! }
}

const payNow = (order: Placed) =>
  t.app.inject({
    method: 'POST',
    url: `/api/shop/order/${order.orderId}/pay`,
    headers: { cookie: order.shopper.cookie },
  })

/** Pay now once the newest checkout is past the reuse window: a new provider checkout. */
async function newCheckout(order: Placed): Promise<string> {
  clock.advance(2 * 60_000)
  const res = await payNow(order)
  expect(res.statusCode).toBe(200)
  const ids = (await attemptsOf(order.orderId)).map((a) => a.providerOrderId)
  return ids[ids.length - 1]!
}

let mihpayid = 5_000_000
/** The provider takes the money on checkout `id` and notifies the shop (its signed webhook). */
async function payAt(method: Method, order: Placed, id: string) {
  switch (method) {
    case 'PAYU': {
      const paymentId = String(mihpayid++)
      payu.txns.set(id, { status: 'success', amt: '1499.00', mihpayid: paymentId })
      return t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook/payu',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: payu.response({
          txnid: id,
          amount: '1499.00',
          productinfo: 'TechBazaar order',
          firstname: order.shopper.user.userName,
          email: order.shopper.user.email,
          udf1: order.orderId,
          status: 'success',
          mihpayid: paymentId,
        }),
      })
    }
    case 'GATEPAY':
      gp.orders.get(id)!.status = 'PAID'
      return t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook/gatepay',
        ...gp.notification(id),
      })
    case 'PHONEPAY':
      pp.txns.get(id)!.code = 'PAYMENT_SUCCESS'
      return t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook/phonepay',
        ...pp.callback(id),
      })
  }
}

describe.each(PROVIDERS)('%s: every checkout of an order is its own payment attempt', (method) => {
  it('pays the order with the first checkout after Pay now made a second', async () => {
    const order = await placed(method)
    const second = await newCheckout(order)
    expect(second).not.toBe(order.first)

    const res = await payAt(method, order, order.first)
    expect(res.statusCode).toBe(200)
    expect(await orderRow(order.orderId)).toMatchObject({
      paymentStatus: 'paid',
      orderStatus: 'confirmed',
    })
    const attempts = await attemptsOf(order.orderId)
    expect(attempts.map((a) => [a.providerOrderId, a.status])).toEqual([
      [order.first, 'paid'],
      [second, 'failed'],
    ])
    expect(await refundsOf(order.orderId)).toEqual([])
  })

  it('refunds the second of two payments through the ledger', async () => {
    const order = await placed(method)
    const second = await newCheckout(order)
    expect((await payAt(method, order, second)).statusCode).toBe(200)
    expect((await payAt(method, order, order.first)).statusCode).toBe(200)

    const late = (await attemptsOf(order.orderId)).find((a) => a.providerOrderId === order.first)!
    expect(late.status).toBe('paid')
    expect(await refundsOf(order.orderId)).toEqual([
      expect.objectContaining({ cause: 'latePayment', paymentId: late.id, amountPaise: 149_900 }),
    ])
    // The order stays paid by the payment that paid it.
    const paid = await orderRow(order.orderId)
    expect(paid).toMatchObject({ paymentStatus: 'paid', orderStatus: 'confirmed' })
    expect(paid.paymentId).not.toBe(late.providerPaymentId)
    const queued = await db().select().from(outbox).where(eq(outbox.kind, 'payment.refund'))
    const [refund] = await refundsOf(order.orderId)
    expect(queued.map((q) => q.payload)).toContainEqual({ refundId: refund!.id })
  })

  it('refunds a payment to either checkout after the order was cancelled', async () => {
    const order = await placed(method)
    const second = await newCheckout(order)
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/shop/order/${order.orderId}/cancel`,
      headers: { cookie: order.shopper.cookie },
      payload: { reason: 'Changed my mind' },
    })
    expect(cancel.statusCode).toBe(200)

    expect((await payAt(method, order, order.first)).statusCode).toBe(200)
    expect((await payAt(method, order, second)).statusCode).toBe(200)
    expect((await orderRow(order.orderId)).orderStatus).toBe('cancelled')
    const attempts = await attemptsOf(order.orderId)
    const owed = await refundsOf(order.orderId)
    expect(owed).toHaveLength(2)
    expect(owed.map((r) => [r.cause, r.amountPaise]).sort()).toEqual([
      ['latePayment', 149_900],
      ['latePayment', 149_900],
    ])
    expect(new Set(owed.map((r) => r.paymentId))).toEqual(new Set(attempts.map((a) => a.id)))
  })
})

describe('Pay now with several checkouts', () => {
  it('asks the provider about every checkout: an earlier one paid wins', async () => {
    const order = await placed('GATEPAY')
    await newCheckout(order)
    // Paid at GatePay, its notification not (yet) delivered.
    gp.orders.get(order.first)!.status = 'PAID'
    clock.advance(2 * 60_000)
    const res = await payNow(order)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ success: false, message: 'This order is already paid.' })
    expect(await attemptsOf(order.orderId)).toHaveLength(2)
  })

  it('leaves the order waiting when a superseded checkout closes', async () => {
    const order = await placed('GATEPAY')
    await newCheckout(order)
    gp.orders.get(order.first)!.status = 'EXPIRED'
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/gatepay',
      ...gp.notification(order.first, { bizStatus: 'PAY_CLOSE' }),
    })
    expect(res.statusCode).toBe(200)
    expect(await orderRow(order.orderId)).toMatchObject({
      paymentStatus: 'pending',
      orderStatus: 'pending',
    })
  })

  it('keeps Cashfree at one checkout per order: Pay now gets its session back', async () => {
    const order = await placeOrder(t.app, db(), 'CASHFREE', {
      price: 1499,
      totalStock: 5,
      quantity: 1,
    })
    clock.advance(2 * 60_000)
    const res = await payNow(order)
    expect(res.statusCode).toBe(200)
    expect(res.json().paymentUrl).toBe(order.paymentUrl)
    expect(await attemptsOf(order.orderId)).toHaveLength(1)
  })

  it('no longer hands out the form of a superseded PayU checkout', async () => {
    const order = await placed('PAYU')
    await newCheckout(order)
    const [first] = await attemptsOf(order.orderId)
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/payments/payu/checkout?payment_session_id=${first!.sessionId}`,
      headers: { cookie: order.shopper.cookie },
    })
    expect(res.statusCode).toBe(400)
  })
})

describe('Pay now limits per order', () => {
  it('makes one provider checkout for 40 simultaneous calls', async () => {
    const order = await placed('GATEPAY')
    clock.advance(2 * 60_000)
    const before = gp.orders.size
    const answers = await Promise.all(Array.from({ length: 40 }, () => payNow(order)))
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true)
    expect(gp.orders.size - before).toBe(1)
    const urls = new Set(
      answers.filter((a) => a.statusCode === 200).map((a) => a.json().paymentUrl as string),
    )
    expect(urls.size).toBeLessThanOrEqual(1)
    expect(await attemptsOf(order.orderId)).toHaveLength(2)
  })

  it('hands back a checkout younger than a minute, and caps new ones per order', async () => {
    const order = await placed('PHONEPAY')
    const again = await payNow(order)
    expect(again.statusCode).toBe(200)
    expect(again.json().paymentUrl).toBe(order.paymentUrl)

    for (let i = 0; i < 4; i++) await newCheckout(order)
    expect(await attemptsOf(order.orderId)).toHaveLength(5)
    clock.advance(2 * 60_000)
    const refused = await payNow(order)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({
      success: false,
      message: expect.stringContaining('Too many payment attempts'),
    })
    expect(refused.headers['retry-after']).toBeDefined()
    expect(await attemptsOf(order.orderId)).toHaveLength(5)
  })
})
