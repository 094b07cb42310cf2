import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, products } from '../../db/schema'
import { createTestApp, type TestContext } from '../../../test/app'
import { startFakePhonepe } from '../../../test/fakes/phonepe'
import { placeOrder } from '../../../test/shop'

let t: TestContext
let pp: Awaited<ReturnType<typeof startFakePhonepe>>
beforeAll(async () => {
  pp = await startFakePhonepe()
  t = await createTestApp({ env: pp.env })
})
afterAll(async () => {
  await t.close()
  await pp.close()
})

const db = () => t.database.db
const orderRow = async (id: string) =>
  (await db().select().from(orders).where(eq(orders.id, id)))[0]!

async function placePhonepeOrder() {
  const { item, orderId, paymentUrl } = await placeOrder(t.app, db(), 'PHONEPAY', {
    price: 1299,
    totalStock: 2,
    quantity: 1,
  })
  return { item, orderId, paymentUrl, txnId: orderId.replaceAll('-', '') }
}

const callback = (c: { payload: string; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: '/api/payments/webhook/phonepay', ...c })

describe('PhonePe adapter against the fake', () => {
  it('starts a PAY_PAGE payment in paise and confirms it once after the status check', async () => {
    const { orderId, paymentUrl, txnId } = await placePhonepeOrder()
    expect(paymentUrl).toBe(`https://mercury.phonepe.example/pay/${txnId}`)
    expect(pp.txns.get(txnId)?.amount).toBe(129_900)
    expect((await callback(pp.callback(txnId))).json().applied).toBe(false)
    pp.txns.get(txnId)!.code = 'PAYMENT_SUCCESS'
    expect((await callback(pp.callback(txnId))).json().applied).toBe(true)
    expect(await orderRow(orderId)).toMatchObject({
      paymentStatus: 'paid',
      orderStatus: 'confirmed',
    })
    expect((await callback(pp.callback(txnId))).json().applied).toBe(false)
  })

  it('refuses a forged X-VERIFY and a wrong amount', async () => {
    const { orderId, txnId } = await placePhonepeOrder()
    pp.txns.get(txnId)!.code = 'PAYMENT_SUCCESS'
    expect((await callback(pp.callback(txnId, { saltKey: 'guess' }))).statusCode).toBe(400)
    expect((await callback(pp.callback(txnId, { amount: 100 }))).statusCode).toBe(400)
    expect((await orderRow(orderId)).paymentStatus).toBe('pending')
  })

  it('returns the stock when the payment fails', async () => {
    const { item, orderId, txnId } = await placePhonepeOrder()
    pp.txns.get(txnId)!.code = 'PAYMENT_ERROR'
    await callback(pp.callback(txnId, { code: 'PAYMENT_ERROR' }))
    expect((await orderRow(orderId)).paymentStatus).toBe('failed')
    const [product] = await db().select().from(products).where(eq(products.id, item.id))
    expect(product!.totalStock).toBe(2)
  })
})
