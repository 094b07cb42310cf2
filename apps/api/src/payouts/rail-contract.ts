import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  PayoutRailAuthError,
  type AccountCheck,
  type Payee,
  type PayoutRail,
  type PayoutWebhookRequest,
  type TransferInput,
} from './types'

/**
 * The promises of the `PayoutRail` interface (types.ts), run against every rail that moves money
 * with its local fake (the sandbox rail in-process). Each adapter's own test file keeps what only
 * that adapter does: its request shapes, its words, its odd answers.
 */

/** What a contract run needs of a rail and its fake. */
export interface RailHarness {
  rail: PayoutRail
  /** A payee whose account checks out and whose transfers are paid. */
  good: Payee
  /** A payee whose bank says the account is not valid. */
  badAccount: Payee
  /** A payee whose account checks out but whose transfers the bank fails. */
  failing: Payee
  /** Lets checks the rail answered `pending` reach their end (a sandbox answers at once). */
  settleChecks(): void
  /** Brings the rail's side of a transfer to its end as the bank answers it (sandbox: nothing). */
  finish(payoutId: string): void
  /** Transfers the rail's own book holds under our payout id. */
  held(payoutId: string): number
  /** The signed webhook the rail sends for the payout's current state; null: it sends none. */
  webhook(payoutId: string): PayoutWebhookRequest | null
  close(): Promise<void>
}

export interface RailContractSetup {
  start(): Promise<RailHarness>
}

const holder = (name: string, accountNumber: string, sellerId = crypto.randomUUID()): Payee => ({
  sellerId,
  name: `${name} Electronics`,
  email: 'payouts@seller.example.in',
  phone: '+91 98450 12345',
  account: { holderName: name, accountNumber, ifsc: 'HDFC0001234' },
})

/** Account numbers every contract run uses; the harness tells its fake which ones fail. */
export const contractPayees = {
  good: () => holder('Asha Traders', '50100234567891'),
  badAccount: () => holder('Ravi Mobiles', '50100234560000'),
  failing: () => holder('Kiran Audio', '50100234561111'),
}

export const contractTransfer = (payee: Payee, amountPaise = 1_234_50): TransferInput => ({
  payoutId: crypto.randomUUID(),
  amountPaise,
  payee,
  remark: 'TechBazaar payout week 47',
})

export function describeRailContract(name: string, setup: RailContractSetup): void {
  describe(`Payout rail contract: ${name}`, () => {
    let h: RailHarness
    let rail: PayoutRail
    beforeAll(async () => {
      h = await setup.start()
      rail = h.rail
    })
    afterAll(() => h.close())

    /** A check to its end: asked again once the rail's side has settled when it answered pending. */
    const checked = async (payee: Payee): Promise<AccountCheck> => {
      const first = await rail.verifyAccount(payee, crypto.randomUUID())
      if (first.status !== 'pending') return first
      h.settleChecks()
      return rail.accountCheck(first.reference)
    }

    it('verifies a good account with the name the bank holds', async () => {
      const check = await checked(h.good)
      expect(check.status).toBe('verified')
      expect(check.nameAtBank).toMatch(/\S/)
      expect(check.reference).toMatch(/\S/)
      expect(check.reason).toBeNull()
    })

    it('fails an account the bank says is not valid, with a reason', async () => {
      const check = await checked(h.badAccount)
      expect(check.status).toBe('failed')
      expect(check.reason).toMatch(/\S/)
      expect(check.nameAtBank).toBeNull()
    })

    it('takes a transfer, and a repeat under the same payout id moves nothing', async () => {
      const input = contractTransfer(h.good)
      const first = await rail.transfer(input)
      expect(first.status).toBe('processing')
      expect(first.railReference).toMatch(/\S/)
      const again = await rail.transfer(input)
      expect(again).toEqual(first)
      expect(h.held(input.payoutId)).toBe(1)
    })

    it('answers paid with a UTR once the bank has paid', async () => {
      const input = contractTransfer(h.good)
      const sent = await rail.transfer(input)
      h.finish(input.payoutId)
      const state = await rail.transferStatus(input.payoutId)
      expect(state).toEqual({
        status: 'paid',
        railReference: sent.railReference,
        utr: expect.stringMatching(/\S/),
        failureReason: null,
      })
      // A repeat after it was paid still moves nothing, and says paid.
      expect(await rail.transfer(input)).toEqual(state)
      expect(h.held(input.payoutId)).toBe(1)
    })

    it('answers failed with a reason when the bank fails the transfer', async () => {
      const input = contractTransfer(h.failing)
      await rail.transfer(input)
      h.finish(input.payoutId)
      const state = await rail.transferStatus(input.payoutId)
      expect(state?.status).toBe('failed')
      expect(state?.failureReason).toMatch(/\S/)
      expect(state?.utr).toBeNull()
    })

    it('answers null for a payout id it never took', async () => {
      expect(await rail.transferStatus(crypto.randomUUID())).toBeNull()
    })

    it('accepts its own signed webhook and refuses a tampered one', async () => {
      const input = contractTransfer(h.good)
      await rail.transfer(input)
      h.finish(input.payoutId)
      const request = h.webhook(input.payoutId)
      if (!request) {
        // A rail that sends no webhooks refuses every one.
        const forged = { rawBody: JSON.stringify({ payoutId: input.payoutId }), headers: {} }
        expect(() => rail.verifyWebhook(forged)).toThrow(PayoutRailAuthError)
        return
      }
      expect(rail.verifyWebhook(request)).toEqual({
        payoutId: input.payoutId,
        ...(await rail.transferStatus(input.payoutId)),
      })
      const tampered = request.rawBody.replace(input.payoutId.slice(0, 8), '00000000')
      expect(tampered).not.toBe(request.rawBody)
      expect(() => rail.verifyWebhook({ ...request, rawBody: tampered })).toThrow(
        PayoutRailAuthError,
      )
      expect(() => rail.verifyWebhook({ ...request, headers: {} })).toThrow(PayoutRailAuthError)
    })
  })
}
