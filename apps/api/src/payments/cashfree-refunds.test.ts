import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createCashfree } from './cashfree'
import { cashfreeSignature } from './cashfree-signature'
import { createSandboxGateway } from './sandbox'
import { PaymentProviderError, PaymentSignatureError, type RefundInput } from './types'

function setup(wrap: (f: typeof fetch) => typeof fetch = (f) => f) {
  const sandbox = createSandboxGateway()
  const cashfree = createCashfree({
    clientId: sandbox.clientId,
    clientSecret: sandbox.secret,
    baseUrl: 'http://sandbox.invalid/pg',
    environment: 'sandbox',
    fetch: wrap(sandbox.cashfreeFetch),
    sandbox: true,
  })
  /** An order paid on the sandbox's page, as a shopper would. */
  async function paidOrder(amountPaise: number) {
    const orderId = randomUUID()
    const checkout = await cashfree.createPayment({
      orderId,
      amountPaise,
      customer: { id: randomUUID(), name: 'Asha', email: 'asha@example.in', phone: '9876543210' },
      returnUrl: 'https://shop.example/return?order_id={order_id}',
      expiresAt: new Date(Date.now() + 30 * 60_000),
    })
    expect(sandbox.complete(checkout.sessionId, 'pay', new Date())).not.toBeNull()
    return orderId
  }
  return { sandbox, cashfree, paidOrder }
}

const refundOf = (
  providerOrderId: string,
  amountPaise: number,
  providerRefundId = `R${randomUUID().replaceAll('-', '')}`,
): RefundInput => ({
  providerOrderId,
  amountPaise,
  providerRefundId,
  note: 'Return of order TB-10234',
})

describe('Cashfree refunds against the sandbox gateway', () => {
  it('accepts a refund as pending, then reports it completed with the bank reference', async () => {
    const { sandbox, cashfree, paidOrder } = setup()
    const orderId = await paidOrder(129_900)
    const input = refundOf(orderId, 49_950)

    const made = await cashfree.refund(input)
    expect(made.state).toBe('pending')
    expect(made.reference).toMatch(/^cf_rf_/)

    const later = await cashfree.refundStatus({ ...input, reference: made.reference ?? null })
    expect(later.state).toBe('completed')
    expect(later.reference).toMatch(/^ARN/)
    expect(sandbox.refunds(orderId)).toEqual([
      expect.objectContaining({
        refundId: input.providerRefundId,
        amountPaise: 49_950,
        status: 'SUCCESS',
      }),
    ])
  })

  it('answers the refund it already has when asked again under the same id (409), making no second', async () => {
    const { sandbox, cashfree, paidOrder } = setup()
    const orderId = await paidOrder(129_900)
    const input = refundOf(orderId, 129_900)
    await cashfree.refund(input)
    const again = await cashfree.refund(input)
    expect(['pending', 'completed']).toContain(again.state)
    expect(sandbox.refunds(orderId)).toHaveLength(1)
  })

  it('refuses more than was paid minus what is refunded, with a 4xx and Cashfree’s reason', async () => {
    const { sandbox, cashfree, paidOrder } = setup()
    const orderId = await paidOrder(129_900)
    await cashfree.refund(refundOf(orderId, 100_000))
    const over = cashfree.refund(refundOf(orderId, 29_901))
    await expect(over).rejects.toBeInstanceOf(PaymentProviderError)
    await expect(over).rejects.toMatchObject({
      status: 400,
      message: /refundable amount \(299\.00\)/,
    })
    // Exactly the rest is still refundable, to the paisa.
    expect((await cashfree.refund(refundOf(orderId, 29_900))).state).toBe('pending')
    const total = sandbox.refunds(orderId).reduce((sum, r) => sum + r.amountPaise, 0)
    expect(total).toBe(129_900)
  })

  it('never refunds more than was paid, however many refunds race', async () => {
    const { sandbox, cashfree, paidOrder } = setup()
    const orderId = await paidOrder(100_000)
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => cashfree.refund(refundOf(orderId, 40_000))),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2)
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 400 })
    }
    expect(sandbox.refunds(orderId).reduce((sum, r) => sum + r.amountPaise, 0)).toBe(80_000)
  })

  it('refuses a refund of an order that was never paid', async () => {
    const { cashfree } = setup()
    const orderId = randomUUID()
    await cashfree.createPayment({
      orderId,
      amountPaise: 10_000,
      customer: { id: randomUUID(), name: 'Asha', email: 'asha@example.in', phone: '9876543210' },
      returnUrl: 'https://shop.example/return',
      expiresAt: new Date(Date.now() + 60_000),
    })
    await expect(cashfree.refund(refundOf(orderId, 10_000))).rejects.toMatchObject({ status: 400 })
  })

  it('reports a refund the bank fails as failed, with the reason, and frees its amount', async () => {
    const { sandbox, cashfree, paidOrder } = setup()
    const orderId = await paidOrder(50_000)
    sandbox.failNextRefund('Beneficiary account closed')
    const input = refundOf(orderId, 50_000)
    expect((await cashfree.refund(input)).state).toBe('pending')
    const failed = await cashfree.refundStatus({ ...input, reference: null })
    expect(failed).toMatchObject({ state: 'failed', message: 'Beneficiary account closed' })
    // A retry is a new refund at the provider, and the failed one no longer holds the money.
    const retry = refundOf(orderId, 50_000)
    expect((await cashfree.refund(retry)).state).toBe('pending')
    expect((await cashfree.refundStatus({ ...retry, reference: null })).state).toBe('completed')
  })

  it('counts a 5xx, a 429 and an unreachable Cashfree as worth retrying (no 4xx status)', async () => {
    for (const answer of [503, 429, 'down'] as const) {
      const { cashfree, paidOrder } = setup((real) => async (input, init) => {
        if (init?.method === 'POST' && String(input).endsWith('/refunds')) {
          if (answer === 'down') throw new TypeError('fetch failed')
          return new Response('{"message":"busy"}', { status: answer })
        }
        return real(input, init)
      })
      const orderId = await paidOrder(10_000)
      const err: unknown = await cashfree.refund(refundOf(orderId, 10_000)).catch((e: unknown) => e)
      expect(err).toBeInstanceOf(PaymentProviderError)
      expect((err as PaymentProviderError).status).toBeUndefined()
    }
  })
})

describe('Cashfree REFUND_STATUS_WEBHOOK', () => {
  it('reads a signed refund notification: our refund id and where it stands', async () => {
    const { sandbox, cashfree, paidOrder } = setup()
    const orderId = await paidOrder(20_000)
    const input = refundOf(orderId, 20_000)
    await cashfree.refund(input)
    const webhook = sandbox.refundWebhook(input.providerRefundId, new Date())
    if (!webhook) throw new Error('the sandbox has the refund')
    expect(cashfree.parseRefundWebhook?.(webhook.rawBody, webhook.headers)).toEqual({
      providerRefundId: input.providerRefundId,
      outcome: { state: 'completed', reference: expect.stringMatching(/^ARN/) },
    })
  })

  it('throws on a wrong signature or a body changed after signing', async () => {
    const { sandbox, cashfree, paidOrder } = setup()
    const orderId = await paidOrder(20_000)
    const input = refundOf(orderId, 20_000)
    await cashfree.refund(input)
    const webhook = sandbox.refundWebhook(input.providerRefundId, new Date())
    if (!webhook) throw new Error('the sandbox has the refund')
    const forged = {
      ...webhook.headers,
      'x-webhook-signature': cashfreeSignature(
        'not-the-secret',
        webhook.headers['x-webhook-timestamp'] ?? '',
        webhook.rawBody,
      ),
    }
    expect(() => cashfree.parseRefundWebhook?.(webhook.rawBody, forged)).toThrow(
      PaymentSignatureError,
    )
    const changed = webhook.rawBody.replace('"SUCCESS"', '"CANCELLED"')
    expect(() => cashfree.parseRefundWebhook?.(changed, webhook.headers)).toThrow(
      PaymentSignatureError,
    )
    expect(() => cashfree.parseRefundWebhook?.(webhook.rawBody, {})).toThrow(PaymentSignatureError)
  })

  it('answers null for a signed notification that is not about a refund', async () => {
    const { sandbox, cashfree } = setup()
    const orderId = randomUUID()
    const checkout = await cashfree.createPayment({
      orderId,
      amountPaise: 10_000,
      customer: { id: randomUUID(), name: 'Asha', email: 'asha@example.in', phone: '9876543210' },
      returnUrl: 'https://shop.example/return',
      expiresAt: new Date(Date.now() + 60_000),
    })
    const paid = sandbox.complete(checkout.sessionId, 'pay', new Date())
    if (!paid) throw new Error('the sandbox took the payment')
    expect(cashfree.parseRefundWebhook?.(paid.webhook.rawBody, paid.webhook.headers)).toBeNull()
  })
})
