import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, products } from '../../db/schema'
import { createTestApp, type TestContext } from '../../../test/app'
import { placeOrder } from '../../../test/shop'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())
const db = () => t.database.db

async function placeCashfreeOrder() {
  const { shopper, item, orderId, paymentUrl } = await placeOrder(t.app, db(), 'CASHFREE', {
    price: 2499,
    totalStock: 3,
    quantity: 1,
  })
  const sessionId = new URL(paymentUrl, 'http://x').searchParams.get('payment_session_id')!
  return { shopper, item, orderId, sessionId }
}

const pay = (sessionId: string, outcome: string) =>
  t.app.inject({
    method: 'POST',
    url: '/sandbox-gateway',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ payment_session_id: sessionId, outcome }).toString(),
  })

describe('GET/POST /sandbox-gateway (no Cashfree keys)', () => {
  it('shows the amount, pays through the signed webhook and returns the browser', async () => {
    const { shopper, orderId, sessionId } = await placeCashfreeOrder()
    const deposit = await t.app.inject({
      method: 'GET',
      url: `/api/payments/deposit?payment_session_id=${sessionId}`,
      headers: { cookie: shopper.cookie },
    })
    expect(deposit.json().data.redirectUrl).toBe(`/sandbox-gateway?payment_session_id=${sessionId}`)
    const page = await t.app.inject({ method: 'GET', url: deposit.json().data.redirectUrl })
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toContain('₹2,499')
    expect(page.body).not.toContain('<script')

    const done = await pay(sessionId, 'pay')
    expect(done.statusCode).toBe(303)
    expect(done.headers.location).toBe(
      `http://localhost:3000/shop/paypal-return?order_id=${orderId}`,
    )
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId))
    expect(order).toMatchObject({ paymentStatus: 'paid', orderStatus: 'confirmed' })
    // The link is used up: a second submit changes nothing.
    expect((await pay(sessionId, 'fail')).statusCode).toBe(404)

    const status = await t.app.inject({
      method: 'POST',
      url: '/api/payments/status',
      headers: { cookie: shopper.cookie },
      payload: { payment_session_id: sessionId },
    })
    const { orderNumber } = status.json().result
    expect(orderNumber).toMatch(/^TB-\d+$/)
    expect(status.json().result).toMatchObject({
      paymentStatus: 'paid',
      redirectUrl: `/shop/payment-success?order=${orderNumber}`,
    })
  })

  it('fails the payment and returns the stock', async () => {
    const { item, orderId, sessionId } = await placeCashfreeOrder()
    expect((await pay(sessionId, 'fail')).statusCode).toBe(303)
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId))
    expect(order).toMatchObject({ paymentStatus: 'failed', orderStatus: 'paymentFailed' })
    const [product] = await db().select().from(products).where(eq(products.id, item.id))
    expect(product!.totalStock).toBe(3)
  })

  it('refuses unknown sessions', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/sandbox-gateway?payment_session_id=nope',
    })
    expect(res.statusCode).toBe(404)
    expect(res.body).toContain('Payment link is invalid, expired, or already used.')
  })
})

describe('POST /sandbox-gateway/payu (no PayU keys)', () => {
  it('takes the signed form, pays, and returns the browser through the shop’s return URL', async () => {
    const { shopper, orderId, paymentUrl } = await placeOrder(t.app, db(), 'PAYU', {
      price: 799,
      totalStock: 2,
      quantity: 2,
    })
    const sessionId = new URL(paymentUrl, 'http://x').searchParams.get('payment_session_id')!
    const deposit = await t.app.inject({
      method: 'GET',
      url: `/api/payments/deposit?payment_session_id=${sessionId}`,
      headers: { cookie: shopper.cookie },
    })
    const checkout = await t.app.inject({
      method: 'GET',
      url: deposit.json().data.redirectUrl,
      headers: { cookie: shopper.cookie },
    })
    expect(checkout.body).toContain('action="/sandbox-gateway/payu"')
    const fields = Object.fromEntries(
      [...checkout.body.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    )
    const form = (url: string, body: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(body).toString(),
      })
    const tampered = await form('/sandbox-gateway/payu', { ...fields, amount: '1.00' })
    expect(tampered.statusCode).toBe(404)
    const gateway = await form('/sandbox-gateway/payu', fields)
    expect(gateway.body).toContain('₹1,598')
    const done = await form('/sandbox-gateway/payu/complete', {
      txnid: fields.txnid!,
      outcome: 'pay',
    })
    expect(done.statusCode).toBe(303)
    expect(done.headers.location).toBe(`/shop/paypal-return?order_id=${orderId}`)
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId))
    expect(order).toMatchObject({ paymentStatus: 'paid', orderStatus: 'confirmed' })
  })
})

describe('GET/POST /sandbox-gateway/gatepay (no GatePay keys)', () => {
  it('pays through the signed notification and returns the browser', async () => {
    const { orderId, paymentUrl } = await placeOrder(t.app, db(), 'GATEPAY', {
      price: 350,
      totalStock: 2,
      quantity: 1,
    })
    expect(paymentUrl).toMatch(/^\/sandbox-gateway\/gatepay\?prepayId=/)
    const gateway = await t.app.inject({ method: 'GET', url: paymentUrl })
    expect(gateway.body).toContain('₹350')
    const prepayId = new URL(paymentUrl, 'http://x').searchParams.get('prepayId')!
    const done = await t.app.inject({
      method: 'POST',
      url: '/sandbox-gateway/gatepay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ prepayId, outcome: 'pay' }).toString(),
    })
    expect(done.headers.location).toBe(
      `http://localhost:3000/shop/paypal-return?order_id=${orderId}`,
    )
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId))
    expect(order).toMatchObject({ paymentStatus: 'paid', orderStatus: 'confirmed' })
  })
})

describe('GET/POST /sandbox-gateway/phonepe (no PhonePe keys)', () => {
  it('fails the payment through the signed callback and returns the stock', async () => {
    const { item, orderId, paymentUrl } = await placeOrder(t.app, db(), 'PHONEPAY', {
      price: 450,
      totalStock: 1,
      quantity: 1,
    })
    const gateway = await t.app.inject({ method: 'GET', url: paymentUrl })
    expect(gateway.body).toContain('₹450')
    const txn = new URL(paymentUrl, 'http://x').searchParams.get('txn')!
    const done = await t.app.inject({
      method: 'POST',
      url: '/sandbox-gateway/phonepe',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ txn, outcome: 'fail' }).toString(),
    })
    expect(done.headers.location).toBe(
      `http://localhost:3000/shop/paypal-return?order_id=${orderId}`,
    )
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId))
    expect(order).toMatchObject({ paymentStatus: 'failed', orderStatus: 'paymentFailed' })
    const [product] = await db().select().from(products).where(eq(products.id, item.id))
    expect(product!.totalStock).toBe(1)
  })
})
