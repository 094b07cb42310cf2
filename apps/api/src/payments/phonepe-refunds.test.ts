import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createPhonepe } from './phonepe'
import { createSandboxPhonepe } from './sandbox-phonepe'
import { PaymentProviderError, type RefundInput } from './types'

function setup(wrap: (f: typeof fetch) => typeof fetch = (f) => f) {
  const sandbox = createSandboxPhonepe()
  const phonepe = createPhonepe({
    merchantId: sandbox.merchantId,
    saltKey: sandbox.saltKey,
    saltIndex: '1',
    baseUrl: 'http://sandbox.invalid/apis/pg-sandbox',
    fetch: wrap(sandbox.phonepeFetch),
    sandbox: true,
  })
  /** A PhonePe transaction paid on the sandbox's page: its merchantTransactionId. */
  async function paid(amountPaise: number) {
    const checkout = await phonepe.createPayment({
      orderId: randomUUID(),
      amountPaise,
      customer: { id: randomUUID(), name: 'Asha', email: 'asha@example.in', phone: '9876543210' },
      returnUrl: 'https://shop.example/return?order_id={order_id}',
      expiresAt: new Date(Date.now() + 60_000),
    })
    if (!sandbox.complete(checkout.providerOrderId, 'pay')) throw new Error('the sandbox paid it')
    return checkout.providerOrderId
  }
  return { sandbox, phonepe, paid }
}

const refundOf = (providerOrderId: string, amountPaise: number): RefundInput => ({
  providerOrderId,
  amountPaise,
  providerRefundId: `R${randomUUID().replaceAll('-', '')}1`,
  note: 'Cancellation of order TB-10234',
})

describe('PhonePe v1 refunds (/pg/v1/refund, status) against the sandbox', () => {
  it('accepts a refund as pending, then its status call reports it completed', async () => {
    const { sandbox, phonepe, paid } = setup()
    const txnId = await paid(129_900)
    const input = refundOf(txnId, 129_900)
    const made = await phonepe.refund(input)
    expect(made).toEqual({ state: 'pending', reference: expect.stringMatching(/^TR/) })
    expect(await phonepe.refundStatus({ ...input, reference: made.reference ?? null })).toEqual({
      state: 'completed',
      reference: made.reference,
    })
    expect(sandbox.refunds(txnId)).toEqual([
      expect.objectContaining({ refundId: input.providerRefundId, amountPaise: 129_900 }),
    ])
  })

  it('answers the same refund when asked again under the same merchantTransactionId', async () => {
    const { sandbox, phonepe, paid } = setup()
    const txnId = await paid(50_000)
    const input = refundOf(txnId, 25_000)
    const first = await phonepe.refund(input)
    const again = await phonepe.refund(input)
    expect(again.reference).toBe(first.reference)
    expect(sandbox.refunds(txnId)).toHaveLength(1)
  })

  it('refuses more than is left of the payment (EXCESS_REFUND_AMOUNT) with a 4xx', async () => {
    const { sandbox, phonepe, paid } = setup()
    const txnId = await paid(50_000)
    await phonepe.refund(refundOf(txnId, 49_999))
    const over = phonepe.refund(refundOf(txnId, 200))
    await expect(over).rejects.toBeInstanceOf(PaymentProviderError)
    await expect(over).rejects.toMatchObject({ status: 400, message: /EXCESS_REFUND_AMOUNT/ })
    expect(sandbox.refunds(txnId).reduce((sum, r) => sum + r.amountPaise, 0)).toBe(49_999)
  })

  it('refuses a refund of a transaction that was never paid', async () => {
    const { phonepe } = setup()
    const checkout = await phonepe.createPayment({
      orderId: randomUUID(),
      amountPaise: 10_000,
      customer: { id: randomUUID(), name: 'Asha', email: 'asha@example.in', phone: '9876543210' },
      returnUrl: 'https://shop.example/return',
      expiresAt: new Date(Date.now() + 60_000),
    })
    await expect(phonepe.refund(refundOf(checkout.providerOrderId, 10_000))).rejects.toMatchObject({
      status: 400,
    })
  })

  it('reports a refund the bank fails as failed, with the reason', async () => {
    const { sandbox, phonepe, paid } = setup()
    const txnId = await paid(10_000)
    sandbox.failNextRefund('UPI account frozen')
    const input = refundOf(txnId, 10_000)
    expect((await phonepe.refund(input)).state).toBe('pending')
    const failed = await phonepe.refundStatus({ ...input, reference: null })
    expect(failed.state).toBe('failed')
    expect(failed.message).toMatch(/UPI account frozen/)
  })

  it('answers 404 for a refund PhonePe does not hold', async () => {
    const { phonepe, paid } = setup()
    const txnId = await paid(10_000)
    await expect(
      phonepe.refundStatus({ ...refundOf(txnId, 10_000), reference: null }),
    ).rejects.toMatchObject({ status: 404 })
  })

  it('counts a 5xx or an unreachable PhonePe as worth retrying (no 4xx status)', async () => {
    for (const answer of [500, 'down'] as const) {
      const { phonepe, paid } = setup((real) => async (input, init) => {
        if (String(input).endsWith('/pg/v1/refund')) {
          if (answer === 'down') throw new TypeError('fetch failed')
          return Response.json(
            { success: false, code: 'INTERNAL_SERVER_ERROR' },
            { status: answer },
          )
        }
        return real(input, init)
      })
      const txnId = await paid(10_000)
      const err: unknown = await phonepe.refund(refundOf(txnId, 10_000)).catch((e: unknown) => e)
      expect(err).toBeInstanceOf(PaymentProviderError)
      expect((err as PaymentProviderError).status).toBeUndefined()
    }
  })
})
