import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, payments, products } from '../../db/schema'
import { payuRequestHash } from '../../payments/payu'
import { createTestApp, type TestContext } from '../../../test/app'
import { startFakePayu } from '../../../test/fakes/payu'
import { createShopper, placeOrder } from '../../../test/shop'

let t: TestContext
let payu: Awaited<ReturnType<typeof startFakePayu>>
beforeAll(async () => {
  payu = await startFakePayu()
  t = await createTestApp({ env: payu.env })
})
afterAll(async () => {
  await t.close()
  await payu.close()
})

const db = () => t.database.db
const orderRow = async (id: string) =>
  (await db().select().from(orders).where(eq(orders.id, id)))[0]!

/** A pending PayU order for 1 × ₹1,499.50; answers its txnid and the fields PayU echoes. */
async function placePayuOrder() {
  const { shopper, item, orderId, paymentUrl } = await placeOrder(t.app, db(), 'PAYU', {
    price: 1499.5,
    totalStock: 4,
    quantity: 1,
  })
  const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId))
  const txnid = payment!.providerOrderId!
  const echoed = {
    txnid,
    amount: '1499.50',
    productinfo: 'TechBazaar order',
    firstname: shopper.user.userName,
    email: shopper.user.email,
    udf1: orderId,
  }
  return { shopper, item, orderId, paymentUrl, txnid, echoed }
}

const postReturn = (payload: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/return/payu',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  })

describe('PayU adapter against the fake', () => {
  it('renders the hosted form with the request hash over the posted strings', async () => {
    const { shopper, paymentUrl, txnid } = await placePayuOrder()
    const sessionId = new URL(paymentUrl, 'http://x').searchParams.get('payment_session_id')!
    const deposit = await t.app.inject({
      method: 'GET',
      url: `/api/payments/deposit?payment_session_id=${sessionId}`,
      headers: { cookie: shopper.cookie },
    })
    const redirectUrl = deposit.json().data.redirectUrl as string
    expect(deposit.json().paymentMode).toBe('PAYU')
    const page = await t.app.inject({
      method: 'GET',
      url: redirectUrl,
      headers: { cookie: shopper.cookie },
    })
    expect(page.body).toContain('action="https://test.payu.in/_payment"')
    expect(page.body).not.toContain('<script')
    const fields = Object.fromEntries(
      [...page.body.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    )
    expect(fields).toMatchObject({ txnid, amount: '1499.50', key: 'payu-test-key' })
    expect(fields.hash).toBe(payuRequestHash('payu-test-salt', fields))
    const stranger = await createShopper(db())
    const stolen = await t.app.inject({
      method: 'GET',
      url: redirectUrl,
      headers: { cookie: stranger.cookie },
    })
    expect(stolen.statusCode).toBe(400)
  })

  it('marks the order paid after a good response and verify_payment, once', async () => {
    const { orderId, txnid, echoed } = await placePayuOrder()
    payu.txns.set(txnid, { status: 'success', amt: '1499.50', mihpayid: '403993715' })
    const body = payu.response({ ...echoed, status: 'success', mihpayid: '403993715' })
    const res = await postReturn(body)
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe(`/shop/paypal-return?order_id=${orderId}`)
    expect(await orderRow(orderId)).toMatchObject({
      paymentStatus: 'paid',
      orderStatus: 'confirmed',
    })
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/payu',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    })
    expect(webhook.json()).toMatchObject({ success: true, applied: false })
  })

  it('changes nothing for a forged hash, a wrong amount or an unconfirmed payment', async () => {
    const { orderId, txnid, echoed } = await placePayuOrder()
    const forged = await postReturn(payu.response({ ...echoed, status: 'success' }, 'guessed-salt'))
    expect(forged.headers.location).toBe('/shop/paypal-return')
    const cheap = await postReturn(payu.response({ ...echoed, amount: '1.00', status: 'success' }))
    expect(cheap.statusCode).toBe(303)
    // Signed and right, but verify_payment does not confirm it.
    await postReturn(payu.response({ ...echoed, status: 'success' }))
    expect((await orderRow(orderId)).paymentStatus).toBe('pending')
    payu.txns.set(txnid, { status: 'success', amt: '1.00', mihpayid: '1' })
    await postReturn(payu.response({ ...echoed, status: 'success', mihpayid: '2' }))
    expect((await orderRow(orderId)).paymentStatus).toBe('pending')
  })

  it('returns the stock when PayU reports a failure', async () => {
    const { item, orderId, txnid, echoed } = await placePayuOrder()
    payu.txns.set(txnid, { status: 'failure', amt: '1499.50', mihpayid: '9' })
    await postReturn(payu.response({ ...echoed, status: 'failure', mihpayid: '9' }))
    expect(await orderRow(orderId)).toMatchObject({
      paymentStatus: 'failed',
      orderStatus: 'paymentFailed',
    })
    const [product] = await db().select().from(products).where(eq(products.id, item.id))
    expect(product!.totalStock).toBe(4)
  })
})
