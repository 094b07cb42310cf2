import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createCashfree } from './cashfree'
import { createSandboxGateway } from './sandbox'
import type { RefundInput } from './types'

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

// A repeat under the same id (409), more than is refundable, racing refunds, an unpaid order, a
// failed refund freeing its amount, 5xx/429/unreachable, and REFUND_STATUS_WEBHOOK (signed, forged,
// changed, not a refund): the refund contract (refund-contract.ts).
describe('Cashfree refunds against the sandbox gateway', () => {
  it("answers Cashfree's refund id, then the bank's reference once completed", async () => {
    const { cashfree, paidOrder } = setup()
    const orderId = await paidOrder(129_900)
    const input = refundOf(orderId, 49_950)

    const made = await cashfree.refund(input)
    expect(made.state).toBe('pending')
    expect(made.reference).toMatch(/^cf_rf_/)

    const later = await cashfree.refundStatus({ ...input, reference: made.reference ?? null })
    expect(later.state).toBe('completed')
    expect(later.reference).toMatch(/^ARN/)
  })
})
