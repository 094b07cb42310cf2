import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createGatepay } from './gatepay'
import { gatepaySignature } from './gatepay-signature'
import { createSandboxGatepay } from './sandbox-gatepay'
import { PaymentProviderError, PaymentSignatureError, type RefundInput } from './types'

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

describe('GatePay refunds (/v1/pay/order/refund, refund query) against the sandbox', () => {
  it('accepts a refund as pending, then the refund query reports it completed', async () => {
    const { sandbox, gatepay, paid } = setup()
    const { tradeNo } = await paid(99_999)
    const input = refundOf(tradeNo, 99_999)
    expect(await gatepay.refund(input)).toEqual({ state: 'pending' })
    expect(await gatepay.refundStatus({ ...input, reference: null })).toEqual({
      state: 'completed',
      reference: expect.stringMatching(/^gr/),
    })
    expect(sandbox.refunds(tradeNo)).toEqual([
      expect.objectContaining({
        refundId: input.providerRefundId,
        amountPaise: 99_999,
        status: 'SUCCESS',
      }),
    ])
  })

  it('answers the same refund when asked again under the same refundRequestId', async () => {
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

  it('refuses more than was paid minus what is refunded, with a 4xx', async () => {
    const { sandbox, gatepay, paid } = setup()
    const { tradeNo } = await paid(50_000)
    await gatepay.refund(refundOf(tradeNo, 50_000))
    const over = gatepay.refund(refundOf(tradeNo, 1))
    await expect(over).rejects.toBeInstanceOf(PaymentProviderError)
    await expect(over).rejects.toMatchObject({ status: 400, message: /refundable 0\.00/ })
    expect(sandbox.refunds(tradeNo).reduce((sum, r) => sum + r.amountPaise, 0)).toBe(50_000)
  })

  it('reports a refund GatePay rejects as failed, with the reason', async () => {
    const { sandbox, gatepay, paid } = setup()
    const { tradeNo } = await paid(10_000)
    sandbox.failNextRefund('Receiving account restricted')
    const input = refundOf(tradeNo, 10_000)
    expect((await gatepay.refund(input)).state).toBe('pending')
    expect(await gatepay.refundStatus({ ...input, reference: null })).toMatchObject({
      state: 'failed',
      message: 'Receiving account restricted',
    })
  })

  it('counts a 5xx or an unreachable GatePay as worth retrying (no 4xx status)', async () => {
    for (const answer of [503, 'down'] as const) {
      const { gatepay, paid } = setup((real) => async (input, init) => {
        if (String(input).endsWith('/v1/pay/order/refund')) {
          if (answer === 'down') throw new TypeError('fetch failed')
          return new Response('unavailable', { status: answer })
        }
        return real(input, init)
      })
      const { tradeNo } = await paid(10_000)
      const err: unknown = await gatepay.refund(refundOf(tradeNo, 10_000)).catch((e: unknown) => e)
      expect(err).toBeInstanceOf(PaymentProviderError)
      expect((err as PaymentProviderError).status).toBeUndefined()
    }
  })
})

describe('GatePay PAY_REFUND notification', () => {
  it('reads a signed refund notification; throws on a bad signature; null for a PAY one', async () => {
    const { sandbox, gatepay, paid } = setup()
    const { tradeNo, notification } = await paid(10_000)
    const input = refundOf(tradeNo, 10_000)
    await gatepay.refund(input)
    const notice = sandbox.refundNotification(input.providerRefundId, new Date())
    if (!notice) throw new Error('the sandbox has the refund')
    expect(gatepay.parseRefundWebhook?.(notice.rawBody, notice.headers)).toEqual({
      providerRefundId: input.providerRefundId,
      outcome: { state: 'completed', reference: expect.stringMatching(/^gr/) },
    })
    const forged = {
      ...notice.headers,
      'x-gatepay-signature': gatepaySignature(
        'wrong',
        notice.headers['x-gatepay-timestamp'] ?? '',
        notice.headers['x-gatepay-nonce'] ?? '',
        notice.rawBody,
      ),
    }
    expect(() => gatepay.parseRefundWebhook?.(notice.rawBody, forged)).toThrow(
      PaymentSignatureError,
    )
    expect(gatepay.parseRefundWebhook?.(notification.rawBody, notification.headers)).toBeNull()
  })
})
