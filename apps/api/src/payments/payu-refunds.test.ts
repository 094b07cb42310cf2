import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createPayu } from './payu'
import { createSandboxPayu } from './sandbox-payu'
import type { RefundInput } from './types'

function setup(wrap: (f: typeof fetch) => typeof fetch = (f) => f) {
  const sandbox = createSandboxPayu()
  const payu = createPayu({
    key: sandbox.key,
    salt: sandbox.salt,
    paymentUrl: '/sandbox-gateway/payu',
    verifyUrl: 'http://sandbox.invalid/merchant/postservice.php?form=2',
    fetch: wrap(sandbox.payuFetch),
    sandbox: true,
  })
  /** A payment made through PayU's hosted form and paid: its txnid and PayU's mihpayid. */
  async function paid(amountPaise: number) {
    const checkout = await payu.createPayment({
      orderId: randomUUID(),
      amountPaise,
      customer: { id: randomUUID(), name: 'Asha', email: 'asha@example.in', phone: '9876543210' },
      returnUrl: 'https://shop.example/return',
      expiresAt: new Date(Date.now() + 60_000),
    })
    const form = payu.hostedForm?.({
      orderId: randomUUID(),
      providerOrderId: checkout.providerOrderId,
      amountPaise,
      customer: { name: 'Asha', email: 'asha@example.in', phone: '9876543210' },
      returnUrl: 'https://shop.example/return',
    })
    if (!form || !sandbox.accept(form.fields)) throw new Error('the sandbox took the form')
    const done = sandbox.complete(checkout.providerOrderId, 'pay')
    if (!done?.fields.mihpayid) throw new Error('the sandbox paid it')
    return { txnid: checkout.providerOrderId, mihpayid: done.fields.mihpayid }
  }
  return { sandbox, payu, paid }
}

const refundOf = (
  p: { txnid: string; mihpayid: string | null },
  amountPaise: number,
  providerRefundId = `R${randomUUID().replaceAll('-', '').slice(0, 20)}`,
): RefundInput => ({
  providerOrderId: p.txnid,
  providerPaymentId: p.mihpayid,
  amountPaise,
  providerRefundId,
  note: 'Return of order TB-10234',
})

// More than is refundable, no mihpayid (unpaid), a failed refund, 5xx/unreachable, a repeat
// making no second: the refund contract (refund-contract.ts).
describe('PayU refunds (cancel_refund_transaction, check_action_status) against the sandbox', () => {
  it('keeps PayU’s request_id as the reference, from the refund to its status', async () => {
    const { sandbox, payu, paid } = setup()
    const payment = await paid(100_001)
    const input = refundOf(payment, 100_001)
    const made = await payu.refund(input)
    expect(made).toEqual({ state: 'pending', reference: expect.stringMatching(/^\d+$/) })
    // The amount went over as "1000.01" and came back to the paisa.
    expect(sandbox.refunds(payment.txnid)).toEqual([
      expect.objectContaining({ amountPaise: 100_001, providerRef: made.reference }),
    ])
    const later = await payu.refundStatus({ ...input, reference: made.reference ?? null })
    // The reference stays the request_id: it is what the next status call asks by.
    expect(later).toEqual({ state: 'completed', reference: made.reference })
  })

  it('treats "Token already exists" as the refund it already has, and finds its request_id', async () => {
    const { sandbox, payu, paid } = setup()
    const payment = await paid(50_000)
    const input = refundOf(payment, 20_000)
    const first = await payu.refund(input)
    const again = await payu.refund(input)
    expect(again.reference).toBe(first.reference)
    expect(['pending', 'completed']).toContain(again.state)
    expect(sandbox.refunds(payment.txnid)).toHaveLength(1)
  })

  it('finds a refund whose request_id was never heard, by its token on the payment', async () => {
    const { payu, paid } = setup()
    const payment = await paid(50_000)
    const input = refundOf(payment, 50_000)
    const made = await payu.refund(input)
    expect(await payu.refundStatus({ ...input, reference: null })).toEqual({
      state: 'completed',
      reference: made.reference,
    })
  })

  it('fits a refund id longer than PayU’s 23-character token, the same token on every attempt', async () => {
    const { sandbox, payu, paid } = setup()
    const payment = await paid(30_000)
    const input = refundOf(payment, 30_000, `R${randomUUID().replaceAll('-', '')}1`) // 34 characters
    await payu.refund(input)
    await payu.refund(input)
    const held = sandbox.refunds(payment.txnid)
    expect(held).toHaveLength(1)
    expect(held[0]?.refundId.length).toBeLessThanOrEqual(23)
  })
})
