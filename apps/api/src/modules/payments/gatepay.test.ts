import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, products } from '../../db/schema'
import { createTestApp, type TestContext } from '../../../test/app'
import { startFakeGatepay } from '../../../test/fakes/gatepay'
import { placeOrder } from '../../../test/shop'

let t: TestContext
let gp: Awaited<ReturnType<typeof startFakeGatepay>>
beforeAll(async () => {
  gp = await startFakeGatepay()
  t = await createTestApp({ env: gp.env })
})
afterAll(async () => {
  await t.close()
  await gp.close()
})

const db = () => t.database.db
const orderRow = async (id: string) =>
  (await db().select().from(orders).where(eq(orders.id, id)))[0]!

async function placeGatepayOrder() {
  const { item, orderId, paymentUrl } = await placeOrder(t.app, db(), 'GATEPAY', {
    price: 899,
    totalStock: 3,
    quantity: 2,
  })
  return { item, orderId, paymentUrl }
}

const notify = (n: { payload: string; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: '/api/payments/webhook/gatepay', ...n })

describe('GatePay adapter against the fake', () => {
  it('creates a signed checkout order and sends the browser to its location', async () => {
    const { orderId, paymentUrl } = await placeGatepayOrder()
    expect(paymentUrl).toMatch(/^https:\/\/pay\.gate\.example\/checkout\//)
    expect(gp.orders.get(orderId)).toMatchObject({ orderAmount: '1798.00', currency: 'INR' })
  })

  it('confirms a signed PAY_SUCCESS once the query says PAID, and only once', async () => {
    const { orderId } = await placeGatepayOrder()
    expect((await notify(gp.notification(orderId))).statusCode).toBe(200)
    expect((await orderRow(orderId)).paymentStatus).toBe('pending')
    gp.orders.get(orderId)!.status = 'PAID'
    const first = await notify(gp.notification(orderId))
    expect(first.json()).toEqual({ returnCode: 'SUCCESS', returnMessage: '' })
    expect(await orderRow(orderId)).toMatchObject({
      paymentStatus: 'paid',
      orderStatus: 'confirmed',
    })
    await t.app.deps.jobs.drain()
    const mails = t.app.deps.mailer.outbox().length
    await notify(gp.notification(orderId))
    await t.app.deps.jobs.drain()
    expect(t.app.deps.mailer.outbox().length).toBe(mails)
  })

  it('refuses a forged signature and a wrong amount', async () => {
    const { orderId } = await placeGatepayOrder()
    gp.orders.get(orderId)!.status = 'PAID'
    expect((await notify(gp.notification(orderId, { secret: 'guess' }))).statusCode).toBe(400)
    expect((await notify(gp.notification(orderId, { orderAmount: '1.00' }))).statusCode).toBe(400)
    expect((await orderRow(orderId)).paymentStatus).toBe('pending')
  })

  it('returns the stock on PAY_ERROR', async () => {
    const { item, orderId } = await placeGatepayOrder()
    gp.orders.get(orderId)!.status = 'ERROR'
    await notify(gp.notification(orderId, { bizStatus: 'PAY_ERROR' }))
    expect(await orderRow(orderId)).toMatchObject({
      paymentStatus: 'failed',
      orderStatus: 'paymentFailed',
    })
    const [product] = await db().select().from(products).where(eq(products.id, item.id))
    expect(product!.totalStock).toBe(3)
  })
})
