import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, paymentEvents, products } from '../../db/schema'
import { createTestApp, type TestContext } from '../../../test/app'
import { startFakeCashfree } from '../../../test/fakes/cashfree'
import { createShopper, placeOrder } from '../../../test/shop'

let t: TestContext
let cf: Awaited<ReturnType<typeof startFakeCashfree>>
beforeAll(async () => {
  cf = await startFakeCashfree()
  t = await createTestApp({ env: cf.env })
})
afterAll(async () => {
  await t.close()
  await cf.close()
})

const db = () => t.database.db
const orderRow = async (id: string) =>
  (await db().select().from(orders).where(eq(orders.id, id)))[0]!
const stockOf = async (id: string) =>
  (await db().select().from(products).where(eq(products.id, id)))[0]!.totalStock

/** A shopper with a pending Cashfree order for 2 × ₹1,999.50. */
async function placeCashfreeOrder() {
  const { shopper, item, orderId, paymentUrl } = await placeOrder(t.app, db(), 'CASHFREE', {
    price: 1999.5,
    totalStock: 5,
    quantity: 2,
  })
  return { shopper, item, orderId, paymentUrl }
}

const webhook = (w: { payload: string; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: '/api/payments/webhook/cashfree', ...w })

describe('Cashfree adapter against the fake', () => {
  it('creates the provider order with the server total and hands /deposit its session', async () => {
    const { shopper, orderId, paymentUrl } = await placeCashfreeOrder()
    expect(cf.orders.get(orderId)?.order_amount).toBe(3999)
    const sessionId = new URL(paymentUrl, 'http://x').searchParams.get('payment_session_id')!
    const deposit = await t.app.inject({
      method: 'GET',
      url: `/api/payments/deposit?payment_session_id=${encodeURIComponent(sessionId)}`,
      headers: { cookie: shopper.cookie },
    })
    expect(deposit.json()).toMatchObject({
      paymentMode: 'CASHFREE',
      data: { payment_session_id: sessionId, environment: 'sandbox' },
    })
    const other = await createShopper(db())
    const stolen = await t.app.inject({
      method: 'GET',
      url: `/api/payments/deposit?payment_session_id=${encodeURIComponent(sessionId)}`,
      headers: { cookie: other.cookie },
    })
    expect(stolen.json().message).toBe('Payment link is invalid, expired, or already used.')
  })

  it('marks the order paid on a good webhook once, after re-checking with the provider', async () => {
    const { orderId } = await placeCashfreeOrder()
    // Signed but the provider still says ACTIVE: nothing changes.
    expect((await webhook(cf.webhook(orderId))).json().applied).toBe(false)
    expect((await orderRow(orderId)).paymentStatus).toBe('pending')

    cf.orders.get(orderId)!.order_status = 'PAID'
    const first = await webhook(cf.webhook(orderId, { paymentId: '777' }))
    expect(first.json()).toMatchObject({ success: true, applied: true })
    expect(await orderRow(orderId)).toMatchObject({
      paymentStatus: 'paid',
      orderStatus: 'confirmed',
      paymentId: '777',
    })
    const duplicate = await webhook(cf.webhook(orderId, { paymentId: '777' }))
    expect(duplicate.json()).toMatchObject({ success: true, applied: false })
    const events = await db()
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, '777:SUCCESS'))
    expect(events).toHaveLength(1)
  })

  it('refuses a forged signature and a wrong amount without changing the order', async () => {
    const { orderId } = await placeCashfreeOrder()
    cf.orders.get(orderId)!.order_status = 'PAID'
    const forged = await webhook(cf.webhook(orderId, { secret: 'not-the-secret' }))
    expect(forged.statusCode).toBe(400)
    const tampered = cf.webhook(orderId)
    const wrongAmount = await webhook({
      ...tampered,
      payload: tampered.payload.replaceAll('3999.00', '1.00'),
    })
    expect(wrongAmount.statusCode).toBe(400)
    const signedWrongAmount = await webhook(cf.webhook(orderId, { amount: 1 }))
    expect(signedWrongAmount.statusCode).toBe(400)
    expect((await orderRow(orderId)).paymentStatus).toBe('pending')
  })

  it('returns the stock when the payment fails and closes the provider order', async () => {
    const { item, orderId } = await placeCashfreeOrder()
    expect(await stockOf(item.id)).toBe(3)
    const res = await webhook(cf.webhook(orderId, { status: 'FAILED', paymentId: '888' }))
    expect(res.json().applied).toBe(true)
    expect(await orderRow(orderId)).toMatchObject({
      paymentStatus: 'failed',
      orderStatus: 'paymentFailed',
    })
    expect(await stockOf(item.id)).toBe(5)
    await t.app.deps.jobs.drain()
    expect(cf.orders.get(orderId)?.order_status).toBe('TERMINATED')
    await webhook(cf.webhook(orderId, { status: 'FAILED', paymentId: '889' }))
    expect(await stockOf(item.id)).toBe(5)
  })
})

describe('POST /api/shop/order/capture', () => {
  it('confirms only what the provider confirms, for the owner, idempotently', async () => {
    const { shopper, orderId } = await placeCashfreeOrder()
    const capture = (cookie: string, body: Record<string, unknown> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/shop/order/capture',
        headers: { cookie },
        payload: { orderId, paymentId: 'forged', payerId: 'forged', ...body },
      })
    // A forged capture: the provider says not paid, so nothing changes.
    expect((await capture(shopper.cookie)).json().paymentStatus).toBe('pending')
    expect((await orderRow(orderId)).paymentStatus).toBe('pending')
    const other = await createShopper(db())
    expect((await capture(other.cookie)).statusCode).toBe(404)

    cf.orders.get(orderId)!.order_status = 'PAID'
    await t.app.deps.jobs.drain()
    const mailsBefore = t.app.deps.mailer.outbox().length
    expect((await capture(shopper.cookie)).json()).toMatchObject({
      paymentStatus: 'paid',
      message: 'Payment is successful!',
    })
    expect((await capture(shopper.cookie)).json().paymentStatus).toBe('paid')
    await t.app.deps.jobs.drain()
    expect(t.app.deps.mailer.outbox().length).toBe(mailsBefore + 1)
  })

  it('does not confirm when the provider’s amount differs from the order', async () => {
    const { shopper, orderId } = await placeCashfreeOrder()
    Object.assign(cf.orders.get(orderId)!, { order_status: 'PAID', order_amount: 1 })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shop/order/capture',
      headers: { cookie: shopper.cookie },
      payload: { orderId },
    })
    expect(res.json().paymentStatus).toBe('pending')
  })
})
