import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { isRefusal } from './refund-support'
import type { SandboxRefund } from './sandbox-refunds'
import {
  PaymentProviderError,
  PaymentSignatureError,
  type PaymentProvider,
  type RefundInput,
} from './types'

/**
 * The promises of a `PaymentProvider`'s refunds (types.ts; decision 55), run against every
 * provider's adapter with the in-process sandbox that plays its API. The refund worker reads the
 * errors: a refusal (`isRefusal`: a 4xx other than 429) marks the refund failed at once; any other
 * PaymentProviderError is unanswered and asked again under the same id. Each adapter's own test
 * file keeps its request shapes, signatures and quirks.
 */

/** A signed notification as the provider sends it. */
export interface Notice {
  rawBody: string
  headers: Record<string, string>
}

/** A payment at the provider, as a refund names it. */
export interface Payment {
  providerOrderId: string
  providerPaymentId: string | null
  /** The signed notification of the payment itself (providers that notify). */
  notice?: Notice
}

export interface RefundHarness {
  provider: PaymentProvider
  /** A payment of `amountPaise` the shopper paid on the sandbox's page. */
  paid(amountPaise: number): Promise<Payment>
  /** A checkout made at the provider and never paid. */
  unpaid(amountPaise: number): Promise<Payment>
  /** The next refund is accepted, then reported failed with `message` when polled. */
  failNextRefund(message: string): void
  /** The refunds the provider holds for a payment. */
  held(providerOrderId: string): SandboxRefund[]
  /** The signed refund notification for a refund (providers that send them). */
  refundNotice?(providerRefundId: string): Notice
  /** `notice`'s headers signed with a secret that is not the shop's. */
  forge?(notice: Notice): Record<string, string>
}

export interface RefundContractSetup {
  /** A fresh sandbox and adapter; `wrap` stands between the adapter and the provider. */
  start(wrap?: (real: typeof fetch) => typeof fetch): RefundHarness
  /** True for the request that asks for a refund (a test makes it fail). */
  isRefundCall(input: Parameters<typeof fetch>[0], init?: RequestInit): boolean
  /** The provider's words when more than the payment has left is asked for. */
  excessSays: RegExp
  /** True when the provider sends refund notifications (`parseRefundWebhook`). */
  notifies: boolean
}

/** Our refund id: letters and digits, 21 characters (every provider takes it as it is). */
const newRefundId = () => `R${randomUUID().replaceAll('-', '').slice(0, 20)}`

const refundOf = (payment: Payment, amountPaise: number, providerRefundId = newRefundId()) =>
  ({
    providerOrderId: payment.providerOrderId,
    providerPaymentId: payment.providerPaymentId,
    amountPaise,
    providerRefundId,
    note: 'Return of order TB-10234',
  }) satisfies RefundInput

const total = (refunds: SandboxRefund[]) => refunds.reduce((sum, r) => sum + r.amountPaise, 0)

/** What a call threw (or a marker when it did not). */
const thrown = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (err: unknown) => err,
  )

export function describeRefundContract(name: string, setup: RefundContractSetup): void {
  describe(`Refund contract: ${name}`, () => {
    it('accepts a refund as pending under our id, to the paisa, and a poll completes it', async () => {
      const h = setup.start()
      const payment = await h.paid(100_001)
      const input = refundOf(payment, 100_001)
      const made = await h.provider.refund(input)
      expect(made.state).toBe('pending')
      expect(h.held(payment.providerOrderId)).toEqual([
        expect.objectContaining({ refundId: input.providerRefundId, amountPaise: 100_001 }),
      ])
      const later = await h.provider.refundStatus({ ...input, reference: made.reference ?? null })
      expect(later.state).toBe('completed')
      expect(later.reference).toMatch(/\S/)
      expect(later.message).toBeUndefined()
    })

    it('answers the same refund when asked again under the same id, making no second', async () => {
      const h = setup.start()
      const payment = await h.paid(50_000)
      const input = refundOf(payment, 20_000)
      expect((await h.provider.refund(input)).state).toBe('pending')
      // The repeat answers where the first stands now (some providers settle it on the look-up).
      const again = await h.provider.refund(input)
      expect(['pending', 'completed']).toContain(again.state)
      expect(h.held(payment.providerOrderId)).toHaveLength(1)
      // Polled after the repeat, it is the one refund, and it completes.
      const later = await h.provider.refundStatus({ ...input, reference: again.reference ?? null })
      expect(later.state).toBe('completed')
    })

    it('reports a refund the provider fails as failed with its reason, and frees its amount', async () => {
      const h = setup.start()
      const payment = await h.paid(50_000)
      h.failNextRefund('Beneficiary account closed')
      const input = refundOf(payment, 50_000)
      const made = await h.provider.refund(input)
      expect(made.state).toBe('pending')
      const failed = await h.provider.refundStatus({ ...input, reference: made.reference ?? null })
      expect(failed.state).toBe('failed')
      expect(failed.message).toMatch(/Beneficiary account closed/)
      // A retry is a new attempt under a new id, and the failed one no longer holds the money.
      const retry = refundOf(payment, 50_000)
      const retried = await h.provider.refund(retry)
      expect(retried.state).toBe('pending')
      expect(
        (await h.provider.refundStatus({ ...retry, reference: retried.reference ?? null })).state,
      ).toBe('completed')
    })

    it("refuses more than the payment has left with the provider's words, a refusal", async () => {
      const h = setup.start()
      const payment = await h.paid(50_000)
      await h.provider.refund(refundOf(payment, 30_000))
      const err = await thrown(h.provider.refund(refundOf(payment, 20_001)))
      expect(err).toBeInstanceOf(PaymentProviderError)
      expect(err).toMatchObject({ status: 400, message: expect.stringMatching(setup.excessSays) })
      expect(isRefusal(err)).toBe(true)
      expect(total(h.held(payment.providerOrderId))).toBe(30_000)
      // Exactly the rest is still refundable, to the paisa.
      expect((await h.provider.refund(refundOf(payment, 20_000))).state).toBe('pending')
      expect(total(h.held(payment.providerOrderId))).toBe(50_000)
    })

    it('never refunds more than was paid, however many refunds race', async () => {
      const h = setup.start()
      const payment = await h.paid(100_000)
      const results = await Promise.allSettled(
        Array.from({ length: 6 }, () => h.provider.refund(refundOf(payment, 40_000))),
      )
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2)
      for (const r of results) {
        if (r.status === 'rejected') expect(isRefusal(r.reason)).toBe(true)
      }
      expect(total(h.held(payment.providerOrderId))).toBe(80_000)
    })

    it('refuses a refund of a payment that was never made, a refusal', async () => {
      const h = setup.start()
      const payment = await h.unpaid(10_000)
      const err = await thrown(h.provider.refund(refundOf(payment, 10_000)))
      expect(err).toBeInstanceOf(PaymentProviderError)
      expect(isRefusal(err)).toBe(true)
      expect(h.held(payment.providerOrderId)).toEqual([])
    })

    it('counts an unreachable provider, a 5xx and a 429 as unanswered (asked again)', async () => {
      for (const answer of ['down', 503, 429] as const) {
        const h = setup.start((real) => async (input, init) => {
          if (!setup.isRefundCall(input, init)) return real(input, init)
          if (answer === 'down') throw new TypeError('fetch failed')
          return Response.json({ message: 'busy', code: 'BUSY' }, { status: answer })
        })
        const payment = await h.paid(10_000)
        const err = await thrown(h.provider.refund(refundOf(payment, 10_000)))
        expect(err).toBeInstanceOf(PaymentProviderError)
        expect(err).toMatchObject({ status: undefined })
        expect(isRefusal(err)).toBe(false)
      }
    })

    if (!setup.notifies) {
      it('sends no refund notifications: its refunds are polled', () => {
        expect(setup.start().provider.parseRefundWebhook).toBeUndefined()
      })
      return
    }

    /** A paid, refunded payment and its refund's signed notification. */
    const notified = async () => {
      const h = setup.start()
      const payment = await h.paid(20_000)
      const input = refundOf(payment, 20_000)
      await h.provider.refund(input)
      if (!h.refundNotice || !h.forge || !h.provider.parseRefundWebhook) {
        throw new Error(`${name} notifies refunds: its harness signs them`)
      }
      const parse = h.provider.parseRefundWebhook.bind(h.provider)
      return { h, payment, input, notice: h.refundNotice(input.providerRefundId), parse }
    }

    it('reads a signed refund notification: our refund id and where it stands', async () => {
      const { input, notice, parse } = await notified()
      expect(parse(notice.rawBody, notice.headers)).toEqual({
        providerRefundId: input.providerRefundId,
        outcome: expect.objectContaining({ state: 'completed' }),
      })
    })

    it('throws on a wrong signature, a body changed after signing, or none', async () => {
      const { h, notice, parse } = await notified()
      const forged = h.forge!(notice)
      expect(() => parse(notice.rawBody, forged)).toThrow(PaymentSignatureError)
      // A completed refund rewritten as a failed one.
      const changed = notice.rawBody.replace('SUCCESS', 'REJECTED')
      expect(changed).not.toBe(notice.rawBody)
      expect(() => parse(changed, notice.headers)).toThrow(PaymentSignatureError)
      expect(() => parse(notice.rawBody, {})).toThrow(PaymentSignatureError)
    })

    it('answers null for a signed notification that is not about a refund', async () => {
      const { payment, parse } = await notified()
      if (!payment.notice) throw new Error(`${name} notifies payments: its harness keeps them`)
      expect(parse(payment.notice.rawBody, payment.notice.headers)).toBeNull()
    })
  })
}
