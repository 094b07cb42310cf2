import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createPhonepe } from './phonepe'
import { createSandboxPhonepe } from './sandbox-phonepe'
import type { RefundInput } from './types'

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

// More than is left (EXCESS_REFUND_AMOUNT), an unpaid transaction, a failed refund,
// 5xx/unreachable: the refund contract (refund-contract.ts).
describe('PhonePe v1 refunds (/pg/v1/refund, status) against the sandbox', () => {
  it('answers its own refund transaction id (TR…), kept by the status call', async () => {
    const { phonepe, paid } = setup()
    const txnId = await paid(129_900)
    const input = refundOf(txnId, 129_900)
    const made = await phonepe.refund(input)
    expect(made).toEqual({ state: 'pending', reference: expect.stringMatching(/^TR/) })
    expect(await phonepe.refundStatus({ ...input, reference: made.reference ?? null })).toEqual({
      state: 'completed',
      reference: made.reference,
    })
  })

  it('answers the same TR… reference when asked again under the same merchantTransactionId', async () => {
    const { sandbox, phonepe, paid } = setup()
    const txnId = await paid(50_000)
    const input = refundOf(txnId, 25_000)
    const first = await phonepe.refund(input)
    const again = await phonepe.refund(input)
    expect(again.reference).toBe(first.reference)
    expect(sandbox.refunds(txnId)).toHaveLength(1)
  })

  it('answers 404 for a refund PhonePe does not hold', async () => {
    const { phonepe, paid } = setup()
    const txnId = await paid(10_000)
    await expect(
      phonepe.refundStatus({ ...refundOf(txnId, 10_000), reference: null }),
    ).rejects.toMatchObject({ status: 404 })
  })
})
