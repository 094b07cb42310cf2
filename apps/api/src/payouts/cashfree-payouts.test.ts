import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeCashfreePayouts } from '../../test/fakes/cashfree-payouts'
import { startWebhookReceiver } from '../../test/fakes/payout-webhook-receiver'
import {
  cashfreeBeneficiaryId,
  cashfreePayoutSignature,
  cashfreeTransferId,
  createCashfreePayouts,
  payoutIdOfTransfer,
  withRupees,
} from './cashfree-payouts'
import { contractPayees, contractTransfer } from './rail-contract'
import { PayoutRailAuthError, PayoutRailError, type Payee, type PayoutRail } from './types'

let fake: Awaited<ReturnType<typeof startFakeCashfreePayouts>>
/** Every call the adapters made, as "METHOD path". */
const calls: string[] = []
const counting: typeof fetch = (url, init) => {
  calls.push(`${init?.method ?? 'GET'} ${new URL(String(url)).pathname}`)
  return fetch(url, init)
}
const railWith = (overrides: { fetch?: typeof fetch; clientSecret?: string } = {}): PayoutRail =>
  createCashfreePayouts({
    clientId: fake.creds.clientId,
    clientSecret: overrides.clientSecret ?? fake.creds.secret,
    baseUrl: fake.baseUrl,
    verificationBaseUrl: fake.verificationBaseUrl,
    fetch: overrides.fetch ?? counting,
  })
let rail: PayoutRail
beforeAll(async () => {
  fake = await startFakeCashfreePayouts()
  rail = railWith()
})
afterAll(() => fake.close())

const withAccount = (payee: Payee, accountNumber: string): Payee => ({
  ...payee,
  account: { ...payee.account, accountNumber },
})
const sentTransfer = (payoutId: string) => fake.transfers.get(cashfreeTransferId(payoutId))

describe('Cashfree Payouts: amounts and ids', () => {
  it('writes rupees exactly from paise, never through a float', () => {
    expect(withRupees({ transfer_id: 'x' }, 1)).toBe('{"transfer_id":"x","transfer_amount":0.01}')
    expect(withRupees({}, 10_000_050)).toBe('{"transfer_amount":100000.50}')
    expect(withRupees({}, 123_456_789_012)).toBe('{"transfer_amount":1234567890.12}')
  })

  it('sends ₹1,00,000.50 as 100000.50', async () => {
    const input = contractTransfer(contractPayees.good(), 10_000_050)
    await rail.transfer(input)
    expect(sentTransfer(input.payoutId)).toMatchObject({
      amountText: '100000.50',
      transfer_amount: 100000.5,
      transfer_mode: 'banktransfer',
      transfer_remarks: 'TechBazaar payout week 47',
    })
  })

  it('sends ₹0.01 as 0.01, which Cashfree refuses (a refusal: it keeps its status)', async () => {
    const input = contractTransfer(contractPayees.good(), 1)
    const failed = rail.transfer(input)
    await expect(failed).rejects.toMatchObject({ status: 400 })
    await expect(failed).rejects.toThrow(/transfer_amount_invalid/)
    expect(sentTransfer(input.payoutId)).toBeUndefined()
    expect(fake.transferCalls.get(cashfreeTransferId(input.payoutId))).toBe(1)
  })

  it('carries a UUID payout id as a transfer_id with underscores, and back', () => {
    const id = '3f2b8c1e-5a6d-4e7f-9a0b-1c2d3e4f5a6b'
    expect(cashfreeTransferId(id)).toBe('3f2b8c1e_5a6d_4e7f_9a0b_1c2d3e4f5a6b')
    expect(payoutIdOfTransfer(cashfreeTransferId(id))).toBe(id)
    expect(cashfreeTransferId('PAYOUT_42')).toBe('PAYOUT_42')
    expect(payoutIdOfTransfer('PAYOUT_42')).toBe('PAYOUT_42')
    for (const bad of ['has space', 'x'.repeat(41), 'semi;colon', '']) {
      expect(() => cashfreeTransferId(bad)).toThrow(PayoutRailError)
    }
  })

  it('refuses remarks Cashfree would refuse by cleaning them to letters, digits and spaces', async () => {
    const input = {
      ...contractTransfer(contractPayees.good()),
      remark: 'Payout #12 — Nov/2026 (₹)',
    }
    await rail.transfer(input)
    expect(sentTransfer(input.payoutId)?.transfer_remarks).toBe('Payout 12 Nov 2026')
  })
})

describe('Cashfree Payouts: beneficiaries', () => {
  it('makes the beneficiary on the first transfer only, with its account and contact', async () => {
    const payee = withAccount(contractPayees.good(), '60200011112222')
    calls.length = 0
    await rail.transfer(contractTransfer(payee))
    await rail.transfer(contractTransfer(payee))
    expect(calls.filter((c) => c.endsWith('/beneficiary'))).toHaveLength(1)
    expect(fake.beneficiaries.get(cashfreeBeneficiaryId(payee))).toMatchObject({
      beneficiary_name: 'Asha Traders',
      beneficiary_instrument_details: {
        bank_account_number: '60200011112222',
        bank_ifsc: 'HDFC0001234',
      },
      beneficiary_contact_details: {
        beneficiary_email: 'payouts@seller.example.in',
        beneficiary_phone: '9845012345',
        beneficiary_country_code: '+91',
      },
    })
  })

  it('takes "beneficiary id already exists" as ours after a restart', async () => {
    const payee = contractPayees.good()
    await rail.transfer(contractTransfer(payee))
    const restarted = railWith()
    const input = contractTransfer(payee)
    expect((await restarted.transfer(input)).status).toBe('processing')
    expect(sentTransfer(input.payoutId)).toBeDefined()
  })

  it('names the beneficiary by the account: a new account is a new one, a shared one is shared', () => {
    const payee = contractPayees.good()
    const moved = { ...payee, account: { ...payee.account, accountNumber: '9988776655' } }
    expect(cashfreeBeneficiaryId(moved)).not.toBe(cashfreeBeneficiaryId(payee))
    expect(cashfreeBeneficiaryId(payee)).toMatch(/^[A-Za-z0-9_]{1,50}$/)
    // Another seller paid into the same account (one owner, two shops).
    expect(cashfreeBeneficiaryId(contractPayees.good())).toBe(cashfreeBeneficiaryId(payee))
  })

  it('makes the beneficiary again when Cashfree no longer knows it, then sends', async () => {
    const payee = contractPayees.good()
    await rail.transfer(contractTransfer(payee))
    fake.beneficiaries.delete(cashfreeBeneficiaryId(payee))
    const input = contractTransfer(payee)
    expect((await rail.transfer(input)).status).toBe('processing')
    expect(fake.beneficiaries.has(cashfreeBeneficiaryId(payee))).toBe(true)
    expect(fake.transferCalls.get(cashfreeTransferId(input.payoutId))).toBe(2)
  })

  it('refuses when the account is a beneficiary under another id', async () => {
    const payee = withAccount(contractPayees.good(), '60200033334444')
    fake.beneficiaries.set('SOMEONE_ELSE', {
      beneficiary_id: 'SOMEONE_ELSE',
      beneficiary_instrument_details: {
        bank_account_number: payee.account.accountNumber,
        bank_ifsc: payee.account.ifsc,
      },
    })
    await expect(rail.transfer(contractTransfer(payee))).rejects.toMatchObject({ status: 409 })
    fake.beneficiaries.delete('SOMEONE_ELSE')
  })
})

describe('Cashfree Payouts: unknown outcomes and repeats', () => {
  it('reads the status when Cashfree already has the transfer_id (a retry from a fresh process)', async () => {
    const input = contractTransfer(contractPayees.good())
    const first = await rail.transfer(input)
    const again = await railWith().transfer(input)
    expect(again).toEqual(first)
    expect(fake.transferCalls.get(cashfreeTransferId(input.payoutId))).toBe(2)
    expect(
      [...fake.transfers.keys()].filter((k) => k === cashfreeTransferId(input.payoutId)),
    ).toHaveLength(1)
  })

  it('makes a 5xx after the transfer was made an unknown outcome that the status settles', async () => {
    const input = contractTransfer(contractPayees.good())
    fake.outage('transfer', 'after')
    try {
      const failed = rail.transfer(input)
      await expect(failed).rejects.toBeInstanceOf(PayoutRailError)
      await expect(failed).rejects.toMatchObject({ status: undefined })
    } finally {
      fake.outage('transfer', false)
    }
    expect((await rail.transferStatus(input.payoutId))?.status).toBe('processing')
    expect((await rail.transfer(input)).status).toBe('processing')
    expect(fake.transferCalls.get(cashfreeTransferId(input.payoutId))).toBe(2)
  })

  it('makes a 5xx before anything, and an unreachable Cashfree, unknown outcomes (no status)', async () => {
    fake.outage('transfer')
    try {
      await expect(rail.transfer(contractTransfer(contractPayees.good()))).rejects.toMatchObject({
        status: undefined,
      })
    } finally {
      fake.outage('transfer', false)
    }
    const down = railWith({ fetch: () => Promise.reject(new TypeError('fetch failed')) })
    const failed = down.transfer(contractTransfer(contractPayees.good()))
    await expect(failed).rejects.toBeInstanceOf(PayoutRailError)
    await expect(failed).rejects.toThrow(/unreachable/)
    await expect(down.transferStatus(crypto.randomUUID())).rejects.toMatchObject({
      status: undefined,
    })
  })

  it('is refused with 401 on wrong keys', async () => {
    const wrong = createCashfreePayouts({
      clientId: 'nope',
      clientSecret: 'nope',
      baseUrl: fake.baseUrl,
      verificationBaseUrl: fake.verificationBaseUrl,
    })
    await expect(wrong.transfer(contractTransfer(contractPayees.good()))).rejects.toMatchObject({
      status: 401,
    })
  })

  it('says failed with the bank reason when a paid transfer is reversed', async () => {
    const input = contractTransfer(contractPayees.good())
    await rail.transfer(input)
    fake.finish(cashfreeTransferId(input.payoutId))
    expect((await rail.transferStatus(input.payoutId))?.status).toBe('paid')
    fake.finish(cashfreeTransferId(input.payoutId), 'REVERSED')
    expect(await rail.transferStatus(input.payoutId)).toMatchObject({
      status: 'failed',
      failureReason: 'The beneficiary bank declined the transfer.',
    })
  })
})

describe('Cashfree Payouts: bank-account checks', () => {
  it('says in words why the bank refused an account', async () => {
    const payee = contractPayees.badAccount()
    fake.invalidAccounts.add(payee.account.accountNumber)
    expect(await rail.verifyAccount(payee, 'ours-1')).toMatchObject({
      status: 'failed',
      reason: 'The bank says the account number or IFSC is wrong',
    })
  })

  it('answers pending while the bank has not answered, then the outcome', async () => {
    const payee = contractPayees.good()
    fake.slowAccounts.add(payee.account.accountNumber)
    const first = await rail.verifyAccount(payee, 'ours-2')
    expect(first).toMatchObject({ status: 'pending', nameAtBank: null })
    fake.settleChecks()
    expect(await rail.accountCheck(first.reference)).toMatchObject({
      status: 'verified',
      nameAtBank: 'ASHA TRADERS',
      reference: first.reference,
    })
  })
})

describe('Cashfree Payouts: webhooks', () => {
  it('reads failed and rejected transfers with their reason', async () => {
    for (const outcome of ['FAILED', 'REJECTED'] as const) {
      const input = contractTransfer(contractPayees.good())
      await rail.transfer(input)
      fake.finish(cashfreeTransferId(input.payoutId), outcome)
      expect(rail.verifyWebhook(fake.webhook(cashfreeTransferId(input.payoutId)))).toMatchObject({
        payoutId: input.payoutId,
        status: 'failed',
        failureReason: 'The beneficiary bank declined the transfer.',
      })
    }
  })

  it('acknowledges authentic events about no outcome, and refuses what is no webhook', () => {
    const signed = (rawBody: string) => {
      const timestamp = '1732340000000'
      return {
        rawBody,
        headers: {
          'x-webhook-timestamp': timestamp,
          'x-webhook-signature': cashfreePayoutSignature(fake.creds.secret, timestamp, rawBody),
        },
      }
    }
    const lowBalance = JSON.stringify({ type: 'LOW_BALANCE_ALERT', data: { balance: 10 } })
    expect(rail.verifyWebhook(signed(lowBalance))).toBeNull()
    for (const junk of ['not json', '[]', '{"type":"TRANSFER_SUCCESS","data":{}}']) {
      expect(() => rail.verifyWebhook(signed(junk))).toThrow(PayoutRailAuthError)
    }
  })

  it('refuses a webhook signed with another secret', async () => {
    const input = contractTransfer(contractPayees.good())
    await rail.transfer(input)
    const forged = fake.webhook(cashfreeTransferId(input.payoutId), { secret: 'guess' })
    expect(() => rail.verifyWebhook(forged)).toThrow(PayoutRailAuthError)
  })

  it('takes the webhook the fake POSTs over HTTP', async () => {
    const receiver = await startWebhookReceiver(rail)
    try {
      const input = contractTransfer(contractPayees.good())
      await rail.transfer(input)
      fake.finish(cashfreeTransferId(input.payoutId))
      expect(await fake.sendWebhook(receiver.url, cashfreeTransferId(input.payoutId))).toBe(200)
      expect(receiver.received).toEqual([
        expect.objectContaining({
          payoutId: input.payoutId,
          status: 'paid',
          utr: expect.any(String),
        }),
      ])
      const other = railWith({ clientSecret: 'another-secret' })
      const refusing = await startWebhookReceiver(other)
      try {
        expect(await fake.sendWebhook(refusing.url, cashfreeTransferId(input.payoutId))).toBe(400)
      } finally {
        await refusing.close()
      }
    } finally {
      await receiver.close()
    }
  })
})
