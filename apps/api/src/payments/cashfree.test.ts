import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeCashfree } from '../../test/fakes/cashfree'
import { createCashfree } from './cashfree'
import { PaymentProviderError, type PaymentProvider } from './types'

let cf: Awaited<ReturnType<typeof startFakeCashfree>>
let cashfree: PaymentProvider
beforeAll(async () => {
  cf = await startFakeCashfree()
  cashfree = createCashfree({
    clientId: cf.env.CASHFREE_CLIENT_ID,
    clientSecret: cf.env.CASHFREE_CLIENT_SECRET,
    baseUrl: cf.baseUrl,
    environment: 'sandbox',
  })
})
afterAll(() => cf.close())

const input = (orderId: string) => ({
  orderId,
  amountPaise: 129_900,
  customer: {
    id: crypto.randomUUID(),
    name: 'Asha',
    email: 'asha@example.in',
    phone: '9876543210',
  },
  returnUrl: 'https://shop.example/shop/paypal-return?order_id={order_id}',
  expiresAt: new Date(Date.now() + 30 * 60_000),
})

describe('Cashfree findPayment (Get Order) against the fake', () => {
  it('answers null for an order Cashfree never saw', async () => {
    expect(await cashfree.findPayment(crypto.randomUUID())).toBeNull()
  })

  it('gives back the session of an order it already has, which a second create refuses', async () => {
    const orderId = crypto.randomUUID()
    const made = await cashfree.createPayment(input(orderId))
    await expect(cashfree.createPayment(input(orderId))).rejects.toBeInstanceOf(
      PaymentProviderError,
    )
    expect(await cashfree.findPayment(orderId)).toEqual({
      providerOrderId: orderId,
      sessionId: made.sessionId,
    })
  })

  it('refuses to hand out the session of an order that can no longer be paid', async () => {
    const orderId = crypto.randomUUID()
    await cashfree.createPayment(input(orderId))
    await cashfree.cancel(orderId)
    await expect(cashfree.findPayment(orderId)).rejects.toThrow(/TERMINATED/)
  })
})
