import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWebhookReceiver } from '../../test/fakes/payout-webhook-receiver'
import { startFakeRazorpayX } from '../../test/fakes/razorpayx'
import { contractPayees, contractTransfer } from './rail-contract'
import { createRazorpayX, razorpayIdempotencyKey, razorpayXSignature } from './razorpayx'
import { PayoutRailAuthError, PayoutRailError, type PayoutRail } from './types'

let fake: Awaited<ReturnType<typeof startFakeRazorpayX>>
/** The last request the adapter made to each path, as sent. */
const sent = new Map<string, { headers: Record<string, string>; body: unknown }>()
const recording: typeof fetch = (url, init) => {
  const path = new URL(String(url)).pathname
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null
  sent.set(`${init?.method ?? 'GET'} ${path}`, {
    headers: (init?.headers ?? {}) as Record<string, string>,
    body,
  })
  return fetch(url, init)
}
const railWith = (overrides: Partial<Parameters<typeof createRazorpayX>[0]> = {}): PayoutRail =>
  createRazorpayX({ ...fake.creds, baseUrl: fake.baseUrl, fetch: recording, ...overrides })
let rail: PayoutRail
beforeAll(async () => {
  fake = await startFakeRazorpayX()
  rail = railWith()
})
afterAll(() => fake.close())

describe('RazorpayX: payouts', () => {
  it('sends paise as an integer, IMPS up to ₹5 lakh and NEFT above, under our id', async () => {
    const input = contractTransfer(contractPayees.good(), 10_000_050)
    await rail.transfer(input)
    const request = sent.get('POST /v1/payouts')
    expect(request?.headers['X-Payout-Idempotency']).toBe(input.payoutId)
    expect(request?.body).toEqual({
      account_number: '7878780080316316',
      fund_account_id: expect.stringMatching(/^fa_/),
      amount: 10_000_050,
      currency: 'INR',
      mode: 'IMPS',
      purpose: 'payout',
      queue_if_low_balance: true,
      reference_id: input.payoutId,
      narration: 'TechBazaar payout week 47',
    })
    await rail.transfer(contractTransfer(contractPayees.good(), 50_000_001))
    expect(sent.get('POST /v1/payouts')?.body).toMatchObject({ amount: 50_000_001, mode: 'NEFT' })
  })

  it('sends ₹0.01 as 1 paisa, which RazorpayX refuses (status kept: nothing was made)', async () => {
    const input = contractTransfer(contractPayees.good(), 1)
    const failed = rail.transfer(input)
    await expect(failed).rejects.toMatchObject({ status: 400 })
    await expect(failed).rejects.toThrow(/amount must be at least 100/)
    expect(fake.payoutsFor(input.payoutId)).toEqual([])
  })

  it('makes the seller a vendor contact by its id, with one fund account for its account', async () => {
    const payee = contractPayees.good()
    await rail.transfer(contractTransfer(payee))
    expect(sent.get('POST /v1/contacts')?.body).toEqual({
      name: 'Asha Traders Electronics',
      email: 'payouts@seller.example.in',
      contact: '9845012345',
      type: 'vendor',
      reference_id: payee.sellerId,
    })
    const before = fake.fundAccounts.size
    // A restarted shop asks again: RazorpayX answers the same contact and fund account back.
    await railWith().transfer(contractTransfer(payee))
    expect(fake.fundAccounts.size).toBe(before)
  })

  it('answers the first payout to a repeat from a fresh process, and makes nothing', async () => {
    const input = contractTransfer(contractPayees.good())
    const first = await rail.transfer(input)
    expect(await railWith().transfer(input)).toEqual(first)
    expect(fake.payoutCalls.get(input.payoutId)).toBe(2)
    expect(fake.payoutsFor(input.payoutId)).toHaveLength(1)
  })

  it('keys an id that does not fit the idempotency header by a digest of it', () => {
    const id = '3f2b8c1e-5a6d-4e7f-9a0b-1c2d3e4f5a6b'
    expect(razorpayIdempotencyKey(id)).toBe(id)
    const long = razorpayIdempotencyKey('payout/with/slashes')
    expect(long).toMatch(/^[0-9a-f]{36}$/)
    expect(razorpayIdempotencyKey('payout/with/slashes')).toBe(long)
  })

  it('makes 5xx and an unreachable RazorpayX unknown outcomes, and wrong keys a refusal', async () => {
    fake.outage('payout')
    try {
      const failed = rail.transfer(contractTransfer(contractPayees.good()))
      await expect(failed).rejects.toBeInstanceOf(PayoutRailError)
      await expect(failed).rejects.toMatchObject({ status: undefined })
    } finally {
      fake.outage('payout', false)
    }
    const down = railWith({ fetch: () => Promise.reject(new TypeError('fetch failed')) })
    await expect(down.transfer(contractTransfer(contractPayees.good()))).rejects.toMatchObject({
      status: undefined,
    })
    await expect(
      railWith({ keySecret: 'wrong' }).transfer(contractTransfer(contractPayees.good())),
    ).rejects.toMatchObject({ status: 401 })
  })

  it('reads the status when the same key is still being made (409)', async () => {
    const input = contractTransfer(contractPayees.good())
    const first = await rail.transfer(input)
    const busy: typeof fetch = async (url, init) =>
      init?.method === 'POST' && String(url).endsWith('/payouts')
        ? new Response(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR' } }), { status: 409 })
        : fetch(url, init)
    expect(await railWith({ fetch: busy }).transfer(input)).toEqual(first)
  })

  it('finds our payout among others even if the reference filter were ignored', async () => {
    const input = contractTransfer(contractPayees.good())
    await rail.transfer(input)
    await rail.transfer(contractTransfer(contractPayees.good()))
    const unfiltered: typeof fetch = (url, init) => {
      const u = new URL(String(url))
      u.searchParams.delete('reference_id')
      return fetch(u, init)
    }
    const blind = railWith({ fetch: unfiltered })
    expect((await blind.transferStatus(input.payoutId))?.railReference).toBe(
      fake.payoutsFor(input.payoutId)[0]?.id,
    )
    expect(await blind.transferStatus(crypto.randomUUID())).toBeNull()
  })

  it('says failed with the bank words for a reversed payout', async () => {
    const input = contractTransfer(contractPayees.good())
    await rail.transfer(input)
    fake.finish(input.payoutId, 'reversed')
    expect(await rail.transferStatus(input.payoutId)).toMatchObject({
      status: 'failed',
      failureReason: 'The beneficiary bank declined the payout',
    })
  })
})

describe('RazorpayX: penny drop', () => {
  it('answers pending first, then the registered name', async () => {
    const payee = contractPayees.good()
    const first = await rail.verifyAccount(payee, 'ours-1')
    expect(first).toMatchObject({ status: 'pending', reference: expect.stringMatching(/^fav_/) })
    expect(sent.get('POST /v1/fund_accounts/validations')?.body).toMatchObject({
      account_number: '7878780080316316',
      amount: 100,
      currency: 'INR',
      notes: { reference: 'ours-1' },
    })
    fake.settleValidations()
    expect(await rail.accountCheck(first.reference)).toEqual({
      status: 'verified',
      reference: first.reference,
      nameAtBank: 'ASHA TRADERS',
      reason: null,
    })
  })

  it('fails a validation the bank could not complete', async () => {
    const first = await rail.verifyAccount(contractPayees.good(), 'ours-2')
    const validation = fake.validations.get(first.reference)!
    validation.status = 'failed'
    expect(await rail.accountCheck(first.reference)).toMatchObject({
      status: 'failed',
      reason: expect.stringMatching(/did not answer/),
    })
  })
})

describe('RazorpayX: webhooks', () => {
  const signed = (body: unknown, secret = fake.creds.webhookSecret) => {
    const rawBody = JSON.stringify(body)
    return { rawBody, headers: { 'x-razorpay-signature': razorpayXSignature(secret, rawBody) } }
  }

  it('reads failed payouts with their description; ignores events about no outcome', async () => {
    const input = contractTransfer(contractPayees.good())
    await rail.transfer(input)
    expect(rail.verifyWebhook(fake.webhook(input.payoutId))).toBeNull() // payout.initiated
    fake.finish(input.payoutId, 'failed')
    expect(rail.verifyWebhook(fake.webhook(input.payoutId))).toMatchObject({
      payoutId: input.payoutId,
      status: 'failed',
      failureReason: 'The beneficiary bank declined the payout',
    })
  })

  it('ignores a payout made by hand (no reference id), refuses what is no webhook', () => {
    const entity = { id: 'pout_1', status: 'processed', utr: '123', reference_id: null }
    const byHand = { event: 'payout.processed', payload: { payout: { entity } } }
    expect(rail.verifyWebhook(signed(byHand))).toBeNull()
    expect(() => rail.verifyWebhook(signed({ hello: 1 }))).toThrow(PayoutRailAuthError)
    const empty = { event: 'payout.processed', payload: {} }
    expect(() => rail.verifyWebhook(signed(empty))).toThrow(PayoutRailAuthError)
    expect(() => rail.verifyWebhook(signed(byHand, 'guessed'))).toThrow(PayoutRailAuthError)
  })

  it('refuses every webhook when no secret is set', async () => {
    const input = contractTransfer(contractPayees.good())
    await rail.transfer(input)
    const blind = railWith({ webhookSecret: undefined })
    expect(() => blind.verifyWebhook(fake.webhook(input.payoutId))).toThrow(/no RazorpayX webhook/)
  })

  it('takes the webhook the fake POSTs over HTTP, and a receiver with another secret refuses it', async () => {
    const input = contractTransfer(contractPayees.good())
    await rail.transfer(input)
    fake.finish(input.payoutId)
    const receiver = await startWebhookReceiver(rail)
    const refusing = await startWebhookReceiver(railWith({ webhookSecret: 'another' }))
    try {
      expect(await fake.sendWebhook(receiver.url, input.payoutId)).toBe(200)
      expect(receiver.received).toEqual([
        expect.objectContaining({ payoutId: input.payoutId, status: 'paid' }),
      ])
      expect(await fake.sendWebhook(refusing.url, input.payoutId)).toBe(400)
    } finally {
      await receiver.close()
      await refusing.close()
    }
  })
})
