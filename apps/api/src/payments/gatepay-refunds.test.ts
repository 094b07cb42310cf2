import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createGatepay } from './gatepay'
import { createSandboxGatepay } from './sandbox-gatepay'
import type { RefundInput } from './types'

function setup(wrap: (f: typeof fetch) => typeof fetch = (f) => f) {
  const sandbox = createSandboxGatepay()
  const gatepay = createGatepay({
    clientId: sandbox.clientId,
    secret: sandbox.secret,
    baseUrl: 'http://sandbox.invalid',
    currency: 'INR',
    fetch: wrap(sandbox.gatepayFetch),
    sandbox: true,
  })
  /** A GatePay order paid on the sandbox's page: our merchantTradeNo and its PAY notification. */
  async function paid(amountPaise: number) {
    const orderId = randomUUID()
    const checkout = await gatepay.createPayment({
      orderId,
      amountPaise,
      customer: { id: randomUUID(), name: 'Asha', email: 'asha@example.in', phone: '9876543210' },
      returnUrl: 'https://shop.example/return?order_id={order_id}',
      expiresAt: new Date(Date.now() + 60_000),
    })
    const prepayId = checkout.sessionId.replace('gatepay_', '')
    const done = sandbox.complete(prepayId, 'pay', new Date())
    if (!done) throw new Error('the sandbox paid it')
    return { tradeNo: checkout.providerOrderId, prepayId, notification: done.notification }
  }
  return { sandbox, gatepay, paid }
}

const refundOf = (
  tradeNo: string,
  amountPaise: number,
  providerRefundId = `R${randomUUID().replaceAll('-', '').slice(0, 30)}`,
): RefundInput => ({
  providerOrderId: tradeNo,
  // Not recorded: the adapter asks GatePay for the order's prepayId.
  providerPaymentId: null,
  amountPaise,
  providerRefundId,
  note: 'Return of order TB-10234',
})

// More than is refundable, a rejected refund, 5xx/unreachable and the PAY_REFUND notification
// (signed, forged, not a refund): the refund contract (refund-contract.ts).
describe('GatePay refunds (/v1/pay/order/refund, refund query) against the sandbox', () => {
  it('answers no reference at first; the refund query gives GatePay’s (gr…)', async () => {
    const { gatepay, paid } = setup()
    const { tradeNo } = await paid(99_999)
    const input = refundOf(tradeNo, 99_999)
    expect(await gatepay.refund(input)).toEqual({ state: 'pending' })
    expect(await gatepay.refundStatus({ ...input, reference: null })).toEqual({
      state: 'completed',
      reference: expect.stringMatching(/^gr/),
    })
  })

  it('uses a recorded prepayId, and a repeat under the same refundRequestId makes no second', async () => {
    const { sandbox, gatepay, paid } = setup()
    const { tradeNo, prepayId } = await paid(50_000)
    const input = { ...refundOf(tradeNo, 50_000), providerPaymentId: prepayId }
    await gatepay.refund(input)
    expect(['pending', 'completed']).toContain((await gatepay.refund(input)).state)
    expect(sandbox.refunds(tradeNo)).toHaveLength(1)
  })

  it('fits a 34-character refund id into GatePay’s 32, the same on every attempt', async () => {
    const { sandbox, gatepay, paid } = setup()
    const { tradeNo } = await paid(50_000)
    const input = refundOf(tradeNo, 50_000, `R${randomUUID().replaceAll('-', '')}1`)
    await gatepay.refund(input)
    await gatepay.refund(input)
    expect(sandbox.refunds(tradeNo)).toHaveLength(1)
    expect((await gatepay.refundStatus({ ...input, reference: null })).state).toBe('completed')
  })
})
