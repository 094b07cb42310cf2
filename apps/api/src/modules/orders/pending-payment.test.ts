import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cartLines, carts, orders, payments, products } from '../../db/schema'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { createProduct, createSeller } from '../../../test/factories'
import { createShopper, fillCart, placeOrder } from '../../../test/shop'

let t: TestContext
const clock = createClock(new Date())
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
})
afterAll(() => t.close())
const db = () => t.database.db

const stockOf = async (id: string) =>
  (await db().select().from(products).where(eq(products.id, id)))[0]!.totalStock
const orderRow = async (id: string) =>
  (await db().select().from(orders).where(eq(orders.id, id)))[0]!
const paymentRow = async (orderId: string) =>
  (await db().select().from(payments).where(eq(payments.orderId, orderId)))[0]!
async function cartOf(userId: string) {
  const [cart] = await db().select().from(carts).where(eq(carts.userId, userId))
  if (!cart) return []
  return db()
    .select({ productId: cartLines.productId, quantity: cartLines.quantity })
    .from(cartLines)
    .where(eq(cartLines.cartId, cart.id))
}
const sessionOf = (paymentUrl: string) =>
  new URL(paymentUrl, 'http://x').searchParams.get('payment_session_id')!

/** Pay now (no body), or Cancel with the reason the cancel dialog sends. */
const call = (cookie: string, orderId: string, action: 'pay' | 'cancel') =>
  t.app.inject({
    method: 'POST',
    url: `/api/shop/order/${orderId}/${action}`,
    headers: { cookie },
    ...(action === 'cancel' ? { payload: { reason: 'Changed my mind' } } : {}),
  })

/** The sandbox gateway's Pay or Fail button for a Cashfree session. */
const gateway = (sessionId: string, outcome: 'pay' | 'fail') =>
  t.app.inject({
    method: 'POST',
    url: '/sandbox-gateway',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ payment_session_id: sessionId, outcome }).toString(),
  })

/** A shopper who checked out 2 of a 5-unit product online and closed the gateway's tab. */
const abandoned = (method: 'CASHFREE' | 'PAYU') =>
  placeOrder(t.app, db(), method, { price: 1500, totalStock: 5, quantity: 2 })

describe('POST /api/shop/order/:orderId/pay (Pay now)', () => {
  it('resumes the same Cashfree checkout, which then pays the order', async () => {
    const { shopper, item, orderId, paymentUrl } = await abandoned('CASHFREE')
    expect(await cartOf(shopper.user.id)).toEqual([])
    expect(await stockOf(item.id)).toBe(3)

    const res = await call(shopper.cookie, orderId, 'pay')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      success: true,
      orderId,
      orderNumber: expect.stringMatching(/^TB-\d+$/),
      paymentUrl,
    })

    expect((await gateway(sessionOf(paymentUrl), 'pay')).statusCode).toBe(303)
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'paid' })
    expect(await stockOf(item.id)).toBe(3)
  })

  it('starts a new PayU checkout for the same order and amount, keeping the first', async () => {
    const { shopper, orderId, paymentUrl } = await abandoned('PAYU')
    const before = await paymentRow(orderId)
    // Within a minute Pay now hands the same checkout back (pay-attempts.test.ts).
    clock.advance(2 * 60_000)
    const res = await call(shopper.cookie, orderId, 'pay')
    expect(res.statusCode).toBe(200)
    expect(res.json().orderId).toBe(orderId)
    expect(res.json().paymentUrl).not.toBe(paymentUrl)
    const attempts = await db()
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(asc(payments.createdAt))
    expect(attempts.map((a) => a.providerOrderId)[0]).toBe(before.providerOrderId)
    const after = attempts[1]!
    expect(after.providerOrderId).not.toBe(before.providerOrderId)
    expect(after.amountPaise).toBe(before.amountPaise)
    expect(
      (await db().select().from(orders).where(eq(orders.userId, shopper.user.id))).length,
    ).toBe(1)
  })

  it('answers 409 once the payment window has closed', async () => {
    const { shopper, orderId } = await abandoned('CASHFREE')
    clock.advance(31 * 60_000)
    try {
      const res = await call(shopper.cookie, orderId, 'pay')
      expect(res.statusCode).toBe(409)
      expect(res.json().success).toBe(false)
    } finally {
      clock.advance(-31 * 60_000)
    }
  })
})

describe('POST /api/shop/order/:orderId/cancel', () => {
  it('gives the stock back at once, fails the payment and refills the cart, merged and capped', async () => {
    const { shopper, item, orderId, paymentUrl } = await abandoned('CASHFREE')
    // Meanwhile the shopper put 2 more of it and another product in the cart.
    const seller = await createSeller(db())
    const other = await createProduct(db(), { sellerId: seller.id, totalStock: 4 })
    await fillCart(db(), shopper.user.id, [
      { productId: item.id, quantity: 2 },
      { productId: other.id, quantity: 1 },
    ])

    const res = await call(shopper.cookie, orderId, 'cancel')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      success: true,
      message: 'Your order was cancelled. Its items are back in your cart.',
      orderStatus: 'cancelled',
    })
    expect(await stockOf(item.id)).toBe(5)
    expect(await orderRow(orderId)).toMatchObject({
      paymentStatus: 'failed',
      orderStatus: 'cancelled',
      expiresAt: null,
    })
    expect((await paymentRow(orderId)).status).toBe('failed')
    // 2 held + 2 back = 4: within the stock (5) and the limit per order (5).
    const cart = await cartOf(shopper.user.id)
    expect(cart).toHaveLength(2)
    expect(cart).toContainEqual({ productId: item.id, quantity: 4 })
    expect(cart).toContainEqual({ productId: other.id, quantity: 1 })
    // The provider's checkout is closed (by the outbox, right after): the old link cannot pay.
    await t.app.deps.jobs.drain()
    expect((await gateway(sessionOf(paymentUrl), 'pay')).statusCode).not.toBe(303)
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'failed' })

    // Done once: a second cancel or Pay now finds nothing to do.
    const again = await call(shopper.cookie, orderId, 'cancel')
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ success: false, message: 'This order is already cancelled.' })
    expect((await call(shopper.cookie, orderId, 'pay')).statusCode).toBe(409)
    expect(await stockOf(item.id)).toBe(5)
    expect(await cartOf(shopper.user.id)).toContainEqual({ productId: item.id, quantity: 4 })
  })

  it('keeps the refilled line within the limit per order', async () => {
    const { shopper, item, orderId } = await abandoned('PAYU')
    await fillCart(db(), shopper.user.id, [{ productId: item.id, quantity: 3 }])
    expect((await call(shopper.cookie, orderId, 'cancel')).statusCode).toBe(200)
    expect(await cartOf(shopper.user.id)).toEqual([{ productId: item.id, quantity: 5 }])
  })
})

describe('a failed payment', () => {
  it('puts the items back in the cart (gateway failure and its webhook)', async () => {
    const { shopper, item, paymentUrl, orderId } = await abandoned('CASHFREE')
    expect((await gateway(sessionOf(paymentUrl), 'fail')).statusCode).toBe(303)
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'failed' })
    expect(await stockOf(item.id)).toBe(5)
    expect(await cartOf(shopper.user.id)).toEqual([{ productId: item.id, quantity: 2 }])
  })

  it('skips what is sold out or delisted meanwhile', async () => {
    const { shopper, item, orderId } = await abandoned('CASHFREE')
    await db().update(products).set({ listed: false }).where(eq(products.id, item.id))
    expect((await call(shopper.cookie, orderId, 'cancel')).statusCode).toBe(200)
    expect(await cartOf(shopper.user.id)).toEqual([])
  })
})

describe('who may pay or cancel', () => {
  it("answers 404 for another shopper's order and changes nothing", async () => {
    const { item, orderId } = await abandoned('CASHFREE')
    const other = await createShopper(db())
    for (const action of ['pay', 'cancel'] as const) {
      const res = await call(other.cookie, orderId, action)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ success: false, message: 'Order not found' })
    }
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'pending' })
    expect(await stockOf(item.id)).toBe(3)
  })

  it('refuses Pay now on a paid order and on cash on delivery; Cancel is the shipping-time cancel', async () => {
    const { shopper, orderId, paymentUrl } = await abandoned('CASHFREE')
    await gateway(sessionOf(paymentUrl), 'pay')
    const pay = await call(shopper.cookie, orderId, 'pay')
    expect(pay.statusCode).toBe(409)
    expect(pay.json()).toEqual({ success: false, message: 'This order is already paid.' })
    const cod = await placeOrder(t.app, db(), 'COD', { price: 900, totalStock: 2, quantity: 1 })
    expect((await call(cod.shopper.cookie, cod.orderId, 'pay')).statusCode).toBe(409)
    expect(await stockOf(cod.item.id)).toBe(1)
    // Since issue 18 Cancel takes a placed order too (refunding a paid one): cancel.test.ts.
    const cancelled = await call(cod.shopper.cookie, cod.orderId, 'cancel')
    expect(cancelled.statusCode).toBe(200)
    expect(cancelled.json().orderStatus).toBe('cancelled')
    expect(await stockOf(cod.item.id)).toBe(2)
  })
})

describe('POST /api/shop/order/capture for a cash-on-delivery order', () => {
  it('tells the owner it is paid by cash on delivery; others get 404', async () => {
    const { shopper, orderId } = await placeOrder(t.app, db(), 'COD', {
      price: 900,
      totalStock: 2,
      quantity: 1,
    })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shop/order/capture',
      headers: { cookie: shopper.cookie },
      payload: { orderId },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      success: true,
      orderId,
      orderNumber: expect.stringMatching(/^TB-\d+$/),
      paymentMethod: 'COD',
      paymentStatus: 'pending',
      message:
        'This order is paid by cash on delivery: you pay when it arrives. Nothing is paid online.',
    })
    const other = await createShopper(db())
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/shop/order/capture',
      headers: { cookie: other.cookie },
      payload: { orderId },
    })
    expect(refused.statusCode).toBe(404)
  })
})
