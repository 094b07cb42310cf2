import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { orders, payments, products } from '../../db/schema'
import type * as paymentsModule from '../../payments'
import type { Payments } from '../../payments'
import type { PaymentProvider } from '../../payments/types'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { createProduct, createSeller } from '../../../test/factories'
import { createShopper, fillCart } from '../../../test/shop'
import { PROVIDER_TIMEOUT_MS } from './checkout-payment'
import { expireUnpaidOrders } from '../lifecycle/expiry'

// The app builds its providers inside buildApp; keep a handle on them so a test can stop one
// mid-call, as a SIGKILL would.
const built = vi.hoisted(() => ({ payments: [] as Payments[] }))
vi.mock('../../payments', async (importOriginal) => {
  const actual = await importOriginal<typeof paymentsModule>()
  return {
    ...actual,
    createPayments: (...args: Parameters<typeof actual.createPayments>) => {
      const created = actual.createPayments(...args)
      built.payments.push(created)
      return created
    },
  }
})

let t: TestContext
const clock = createClock(new Date())
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
})
afterAll(() => t.close())
afterEach(() => {
  vi.restoreAllMocks()
})

const db = () => t.database.db
const provider = (name: string) => built.payments.at(-1)!.provider(name)!
const stockOf = async (id: string) =>
  (await db().select().from(products).where(eq(products.id, id)))[0]!.totalStock
const form = (url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  })

/**
 * The process dies inside the provider call: the order has committed, and the call never
 * returns, so nothing after it (payment link, the key's answer, any compensation) ever runs.
 * `after`: the provider made its order first. Answers once the call has been reached.
 */
function dieInCreatePayment(p: PaymentProvider, when: 'before' | 'after') {
  const real = p.createPayment.bind(p)
  const spy = vi.spyOn(p, 'createPayment')
  return new Promise<typeof spy>((reached) => {
    spy.mockImplementationOnce(async (input) => {
      if (when === 'after') await real(input)
      reached(spy)
      return new Promise<never>(() => {})
    })
  })
}

/** A shopper with 2 of a 5-unit product in the cart, and the checkout call with one key. */
async function shopperWithCart(paymentMethod: string) {
  const seller = await createSeller(db())
  const item = await createProduct(db(), { sellerId: seller.id, price: 1500, totalStock: 5 })
  const shopper = await createShopper(db())
  await fillCart(db(), shopper.user.id, [{ productId: item.id, quantity: 2 }])
  const key = crypto.randomUUID()
  const checkout = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/shop/order/create',
      headers: { cookie: shopper.cookie, 'idempotency-key': key },
      payload: {
        userId: shopper.user.id,
        addressInfo: { addressId: shopper.address.id },
        paymentMethod,
      },
    })
  const ordersOf = () => db().select().from(orders).where(eq(orders.userId, shopper.user.id))
  return { shopper, item, checkout, ordersOf }
}

/** Places an order whose first attempt dies in the provider call; answers its order id. */
async function deadAttempt(
  s: Awaited<ReturnType<typeof shopperWithCart>>,
  method: string,
  when: 'before' | 'after',
) {
  const died = dieInCreatePayment(provider(method), when)
  void s.checkout()
  const spy = await died
  const [order] = await s.ordersOf()
  return { orderId: order!.id, createSpy: spy }
}

/** Pays a Cashfree checkout link through /deposit and the sandbox gateway's Pay button. */
async function payCashfree(cookie: string, paymentUrl: string) {
  const sessionId = new URL(paymentUrl, 'http://x').searchParams.get('payment_session_id')!
  const deposit = await t.app.inject({
    method: 'GET',
    url: `/api/payments/deposit?payment_session_id=${encodeURIComponent(sessionId)}`,
    headers: { cookie },
  })
  expect(deposit.json().data.redirectUrl).toContain('/sandbox-gateway?payment_session_id=')
  return form('/sandbox-gateway', { payment_session_id: sessionId, outcome: 'pay' })
}

const orderRow = async (id: string) =>
  (await db().select().from(orders).where(eq(orders.id, id)))[0]!

describe('POST /api/shop/order/create after an attempt died before its payment link', () => {
  it('answers 409 within the provider timeout, then resumes with the order the provider already has', async () => {
    const s = await shopperWithCart('CASHFREE')
    const { orderId, createSpy } = await deadAttempt(s, 'CASHFREE', 'after')
    const findSpy = vi.spyOn(provider('CASHFREE'), 'findPayment')

    const early = await s.checkout()
    expect(early.statusCode).toBe(409)
    expect(early.json()).toEqual({
      success: false,
      message: 'This order is still being placed. Please wait a moment and check your orders.',
    })
    clock.advance(PROVIDER_TIMEOUT_MS - 1_000)
    expect((await s.checkout()).statusCode).toBe(409)

    clock.advance(2_000)
    const resumed = await s.checkout()
    expect(resumed.statusCode).toBe(201)
    expect(resumed.json().orderId).toBe(orderId)
    expect(resumed.json().paymentUrl).toMatch(/^\/deposit\?payment_session_id=/)
    // Found through Get Order: the sandbox refuses a second create, which would cancel the order.
    expect(findSpy).toHaveBeenCalledTimes(1)
    expect(createSpy).toHaveBeenCalledTimes(1)
    expect(await s.ordersOf()).toHaveLength(1)
    expect(await stockOf(s.item.id)).toBe(3)
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId))
    expect(payment).toMatchObject({ providerOrderId: orderId, status: 'pending' })

    // The same answer from now on, and the link pays (through the signed webhook).
    const again = await s.checkout()
    expect(again.json()).toEqual(resumed.json())
    expect((await payCashfree(s.shopper.cookie, resumed.json().paymentUrl)).statusCode).toBe(303)
    expect(await orderRow(orderId)).toMatchObject({
      paymentStatus: 'paid',
      orderStatus: 'confirmed',
    })
  })

  it('creates the checkout when the dead attempt never reached the provider', async () => {
    const s = await shopperWithCart('CASHFREE')
    const { orderId, createSpy } = await deadAttempt(s, 'CASHFREE', 'before')
    clock.advance(PROVIDER_TIMEOUT_MS + 1_000)
    const resumed = await s.checkout()
    expect(resumed.statusCode).toBe(201)
    expect(resumed.json().orderId).toBe(orderId)
    expect(createSpy).toHaveBeenCalledTimes(2)
    expect(createSpy.mock.calls[1]![0]).toMatchObject({
      orderId,
      amountPaise: 300_000,
      retry: true,
    })
    expect(await stockOf(s.item.id)).toBe(3)
    expect((await payCashfree(s.shopper.cookie, resumed.json().paymentUrl)).statusCode).toBe(303)
    expect((await orderRow(orderId)).paymentStatus).toBe('paid')
  })

  it('lets only one of several simultaneous stale retries resume', async () => {
    const s = await shopperWithCart('CASHFREE')
    const { orderId, createSpy } = await deadAttempt(s, 'CASHFREE', 'before')
    const findSpy = vi.spyOn(provider('CASHFREE'), 'findPayment')
    clock.advance(PROVIDER_TIMEOUT_MS + 1_000)
    const answers = await Promise.all(Array.from({ length: 5 }, () => s.checkout()))
    const ok = answers.filter((a) => a.statusCode === 201)
    expect(ok.length).toBeGreaterThanOrEqual(1)
    for (const a of answers) {
      if (a.statusCode === 201) expect(a.json()).toEqual(ok[0]!.json())
      else expect(a.json().message).toMatch(/still being placed/)
    }
    expect(ok[0]!.json().orderId).toBe(orderId)
    expect(findSpy).toHaveBeenCalledTimes(1)
    expect(createSpy).toHaveBeenCalledTimes(2)
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'pending' })
    expect(await stockOf(s.item.id)).toBe(3)
  })

  it('answers 409 "expired" once the order ran out of time, and never resumes it', async () => {
    const s = await shopperWithCart('CASHFREE')
    const { orderId } = await deadAttempt(s, 'CASHFREE', 'after')
    const findSpy = vi.spyOn(provider('CASHFREE'), 'findPayment')
    clock.advance(31 * 60_000)
    const expired = { success: false, message: 'This order has expired. Please place it again.' }
    const late = await s.checkout()
    expect(late.statusCode).toBe(409)
    expect(late.json()).toEqual(expired)
    // Once the expiry job has cancelled it (stock back), the same answer.
    expect(await expireUnpaidOrders(t.app.deps)).toBeGreaterThanOrEqual(1)
    expect(await orderRow(orderId)).toMatchObject({ orderStatus: 'expired' })
    expect(await stockOf(s.item.id)).toBe(5)
    const after = await s.checkout()
    expect(after.statusCode).toBe(409)
    expect(after.json()).toEqual(expired)
    expect(findSpy).not.toHaveBeenCalled()
  })

  it('resumes PhonePe and GatePay under a fresh provider id (their ids cannot be reused)', async () => {
    for (const method of ['PHONEPAY', 'GATEPAY'] as const) {
      const s = await shopperWithCart(method)
      const { orderId, createSpy } = await deadAttempt(s, method, 'after')
      clock.advance(PROVIDER_TIMEOUT_MS + 1_000)
      const resumed = await s.checkout()
      expect(resumed.statusCode, method).toBe(201)
      expect(resumed.json().orderId).toBe(orderId)
      expect(createSpy).toHaveBeenCalledTimes(2)
      const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId))
      expect(payment!.providerOrderId).toMatch(/^[0-9A-Za-z]{32}$/)
      expect(payment!.providerOrderId).not.toBe(orderId.replaceAll('-', ''))

      const url = new URL(resumed.json().paymentUrl, 'http://x')
      const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })
      expect(page.body, method).toContain('₹3,000')
      const field = method === 'PHONEPAY' ? 'txn' : 'prepayId'
      const paid = await form(url.pathname, {
        [field]: url.searchParams.get(field)!,
        outcome: 'pay',
      })
      expect(paid.statusCode).toBe(303)
      expect(await orderRow(orderId), method).toMatchObject({ paymentStatus: 'paid' })
    }
  })

  it('resumes PayU with a new transaction the hosted form can post', async () => {
    const s = await shopperWithCart('PAYU')
    const { orderId } = await deadAttempt(s, 'PAYU', 'after')
    clock.advance(PROVIDER_TIMEOUT_MS + 1_000)
    const resumed = await s.checkout()
    expect(resumed.statusCode).toBe(201)
    expect(resumed.json().orderId).toBe(orderId)
    const sessionId = new URL(resumed.json().paymentUrl, 'http://x').searchParams.get(
      'payment_session_id',
    )!
    const deposit = await t.app.inject({
      method: 'GET',
      url: `/api/payments/deposit?payment_session_id=${sessionId}`,
      headers: { cookie: s.shopper.cookie },
    })
    const hosted = await t.app.inject({
      method: 'GET',
      url: deposit.json().data.redirectUrl,
      headers: { cookie: s.shopper.cookie },
    })
    expect(hosted.body).toContain('action="/sandbox-gateway/payu"')
  })
})
