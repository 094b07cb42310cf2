import { isDeepStrictEqual } from 'node:util'
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify'
import { razorpayXSignature } from '../../src/payouts/razorpayx'

type Body = Record<string, unknown>
type Call = 'contact' | 'fund_account' | 'validation' | 'payout' | 'fetch'

export interface FakeRazorpayPayout {
  id: string
  entity: 'payout'
  fund_account_id: string
  amount: number
  currency: string
  fees: number
  tax: number
  status: string
  utr: string | null
  mode: string
  purpose: string
  reference_id: string | null
  narration: string | null
  status_details: { description: string; source: string; reason: string } | null
  failure_reason: string | null
  created_at: number
}

const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/
const PURPOSES = ['refund', 'cashback', 'payout', 'salary', 'utility bill', 'vendor bill']
const error = (reply: FastifyReply, status: number, description: string, field?: string) =>
  reply.status(status).send({
    error: {
      code:
        status === 401 ? 'BAD_REQUEST_ERROR' : status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR',
      description,
      source: 'business',
      step: null,
      reason: null,
      metadata: {},
      field: field ?? null,
    },
  })

/**
 * A local stand-in for RazorpayX as its docs describe it: Basic auth, contacts and fund accounts
 * answered back when their details repeat, fund account validations (created, then completed when
 * a test settles them), payouts that require `X-Payout-Idempotency` (a repeat with the same key
 * and body answers the first payout and makes nothing; another body is refused), payouts fetched
 * by account number and reference id, Razorpay's `{error: {code, description, field}}` on bad
 * bodies, and signed `payout.*` webhooks. Payouts stay `processing` until a test `finish`es them
 * (processed, or failed for an account in `failAccounts`).
 */
export async function startFakeRazorpayX(
  creds = {
    keyId: 'rzp_test_payouts',
    keySecret: 'rzpx-secret',
    accountNumber: '7878780080316316',
    webhookSecret: 'rzpx-webhook-secret',
  },
) {
  const contacts = new Map<string, Body>()
  const fundAccounts = new Map<string, Body>()
  const validations = new Map<string, Body>()
  const payouts = new Map<string, FakeRazorpayPayout>()
  /** The payout and request body per idempotency key. */
  const byKey = new Map<string, { payoutId: string; body: Body }>()
  /** Payout requests per reference_id, repeats included. */
  const payoutCalls = new Map<string, number>()
  const invalidAccounts = new Set<string>()
  const failAccounts = new Map<string, string>()
  const down = new Set<Call>()
  let seq = 1
  const id = (prefix: string) => `${prefix}_${String(seq++).padStart(14, '0')}`
  const epoch = () => Math.floor(Date.now() / 1000)
  const expected = `Basic ${Buffer.from(`${creds.keyId}:${creds.keySecret}`).toString('base64')}`

  const app = Fastify()
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.authorization !== expected) {
      return error(reply, 401, 'The api key provided is invalid')
    }
  })
  const broken = (call: Call, reply: FastifyReply) =>
    down.has(call)
      ? error(reply, 500, 'We are facing some trouble completing your request at the moment.')
      : undefined
  const body = (request: FastifyRequest) =>
    request.body && typeof request.body === 'object' ? (request.body as Body) : {}

  app.post('/v1/contacts', async (request, reply) => {
    if (broken('contact', reply)) return reply
    const b = body(request)
    const name = typeof b.name === 'string' ? b.name : ''
    if (name.length < 3 || name.length > 50)
      return error(reply, 400, 'The name must be between 3 and 50 characters.', 'name')
    if (
      b.reference_id !== undefined &&
      (typeof b.reference_id !== 'string' || b.reference_id.length > 40)
    ) {
      return error(
        reply,
        400,
        'The reference id may not be greater than 40 characters.',
        'reference_id',
      )
    }
    const details = {
      name,
      email: b.email ?? null,
      contact: b.contact ?? null,
      type: b.type ?? null,
      reference_id: b.reference_id ?? null,
    }
    const same = [...contacts.values()].find((c) =>
      Object.entries(details).every(([k, v]) => isDeepStrictEqual(c[k], v)),
    )
    if (same) return reply.status(200).send(same)
    const contact = {
      id: id('cont'),
      entity: 'contact',
      ...details,
      active: true,
      notes: {},
      created_at: epoch(),
    }
    contacts.set(contact.id, contact)
    return reply.status(201).send(contact)
  })

  app.post('/v1/fund_accounts', async (request, reply) => {
    if (broken('fund_account', reply)) return reply
    const b = body(request)
    if (!contacts.has(String(b.contact_id)))
      return error(reply, 400, 'The id provided does not exist', 'contact_id')
    if (b.account_type !== 'bank_account')
      return error(reply, 400, 'Invalid account type: ' + String(b.account_type), 'account_type')
    const bank = (b.bank_account ?? {}) as Body
    if (typeof bank.name !== 'string' || bank.name.length < 3)
      return error(reply, 400, 'The name field is required.', 'name')
    if (!IFSC.test(String(bank.ifsc)))
      return error(reply, 400, 'The ifsc must be 11 characters.', 'ifsc')
    if (!/^[A-Za-z0-9]{5,35}$/.test(String(bank.account_number))) {
      return error(reply, 400, 'The account number format is invalid.', 'account_number')
    }
    const same = [...fundAccounts.values()].find(
      (f) =>
        f.contact_id === b.contact_id &&
        isDeepStrictEqual((f.bank_account as Body).account_number, bank.account_number) &&
        (f.bank_account as Body).ifsc === bank.ifsc,
    )
    if (same) return reply.status(200).send(same)
    const fundAccount = {
      id: id('fa'),
      entity: 'fund_account',
      contact_id: b.contact_id,
      account_type: 'bank_account',
      bank_account: {
        ifsc: bank.ifsc,
        bank_name: 'HDFC Bank',
        name: bank.name,
        account_number: bank.account_number,
      },
      active: true,
      batch_id: null,
      created_at: epoch(),
    }
    fundAccounts.set(fundAccount.id, fundAccount)
    return reply.status(201).send(fundAccount)
  })

  app.post('/v1/fund_accounts/validations', async (request, reply) => {
    if (broken('validation', reply)) return reply
    const b = body(request)
    if (b.account_number !== creds.accountNumber)
      return error(reply, 400, 'The account number is invalid.', 'account_number')
    const fundAccount = fundAccounts.get(String((b.fund_account as Body | undefined)?.id))
    if (!fundAccount) return error(reply, 400, 'The id provided does not exist', 'fund_account.id')
    if (b.amount !== 100 || b.currency !== 'INR')
      return error(reply, 400, 'The amount must be 100 paise in INR.', 'amount')
    const validation = {
      id: id('fav'),
      entity: 'fund_account.validation',
      fund_account: fundAccount,
      status: 'created',
      amount: 100,
      currency: 'INR',
      notes: b.notes ?? {},
      results: { account_status: null, registered_name: null },
      created_at: epoch(),
      utr: null,
    }
    validations.set(validation.id, validation)
    return reply.status(201).send(validation)
  })
  app.get('/v1/fund_accounts/validations/:id', async (request, reply) => {
    const validation = validations.get((request.params as { id: string }).id)
    return validation ?? error(reply, 400, 'The id provided does not exist', 'id')
  })

  app.post('/v1/payouts', async (request, reply) => {
    if (broken('payout', reply)) return reply
    const b = body(request)
    const key = request.headers['x-payout-idempotency']
    if (typeof key !== 'string' || !key) {
      return error(
        reply,
        400,
        'Idempotency key is missing. Include idempotency header and key in the request.',
        'X-Payout-Idempotency',
      )
    }
    if (!/^[A-Za-z0-9_ -]{4,36}$/.test(key))
      return error(reply, 400, 'The idempotency key format is invalid.', 'X-Payout-Idempotency')
    if (typeof b.reference_id === 'string')
      payoutCalls.set(b.reference_id, (payoutCalls.get(b.reference_id) ?? 0) + 1)
    const first = byKey.get(key)
    if (first) {
      if (!isDeepStrictEqual(first.body, b)) {
        return error(reply, 400, 'Different request body sent for the same idempotency key')
      }
      return reply.status(200).send(payouts.get(first.payoutId))
    }
    if (b.account_number !== creds.accountNumber)
      return error(reply, 400, 'The account number is invalid.', 'account_number')
    if (!fundAccounts.has(String(b.fund_account_id)))
      return error(reply, 400, 'The id provided does not exist', 'fund_account_id')
    if (typeof b.amount !== 'number' || !Number.isInteger(b.amount) || b.amount < 100) {
      return error(reply, 400, 'The amount must be at least 100.', 'amount')
    }
    if (b.currency !== 'INR') return error(reply, 400, 'Currency is not supported', 'currency')
    if (!['IMPS', 'NEFT', 'RTGS', 'UPI'].includes(String(b.mode)))
      return error(reply, 400, 'Invalid payout mode', 'mode')
    if (!PURPOSES.includes(String(b.purpose)))
      return error(reply, 400, 'Invalid purpose: ' + String(b.purpose), 'purpose')
    if (
      b.reference_id !== undefined &&
      (typeof b.reference_id !== 'string' || b.reference_id.length > 40)
    ) {
      return error(
        reply,
        400,
        'The reference id may not be greater than 40 characters.',
        'reference_id',
      )
    }
    if (
      b.narration !== undefined &&
      (typeof b.narration !== 'string' || !/^[A-Za-z0-9 ]{0,30}$/.test(b.narration))
    ) {
      return error(
        reply,
        400,
        'The narration may only contain alphabets, numbers and spaces, at most 30.',
        'narration',
      )
    }
    const payout: FakeRazorpayPayout = {
      id: id('pout'),
      entity: 'payout',
      fund_account_id: String(b.fund_account_id),
      amount: b.amount,
      currency: 'INR',
      fees: 0,
      tax: 0,
      status: 'processing',
      utr: null,
      mode: String(b.mode),
      purpose: String(b.purpose),
      reference_id: typeof b.reference_id === 'string' ? b.reference_id : null,
      narration: typeof b.narration === 'string' ? b.narration : null,
      status_details: null,
      failure_reason: null,
      created_at: epoch(),
    }
    payouts.set(payout.id, payout)
    byKey.set(key, { payoutId: payout.id, body: b })
    return reply.status(200).send(payout)
  })

  app.get('/v1/payouts', async (request, reply) => {
    if (broken('fetch', reply)) return reply
    const q = request.query as { account_number?: string; reference_id?: string }
    if (q.account_number !== creds.accountNumber)
      return error(reply, 400, 'The account number field is required.', 'account_number')
    const items = [...payouts.values()].filter(
      (p) => q.reference_id === undefined || p.reference_id === q.reference_id,
    )
    return { entity: 'collection', count: items.length, items }
  })
  app.get('/v1/payouts/:id', async (request, reply) => {
    const payout = payouts.get((request.params as { id: string }).id)
    return payout ?? error(reply, 400, 'The id provided does not exist', 'id')
  })

  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  const byReference = (referenceId: string) => {
    const found = [...payouts.values()].filter((p) => p.reference_id === referenceId)
    if (found.length === 0) throw new Error(`no fake payout ${referenceId}`)
    return found
  }

  /** The `payout.*` webhook RazorpayX sends for a payout's current state. */
  function webhook(referenceId: string, opts: { secret?: string } = {}) {
    const payout = byReference(referenceId)[0]!
    const event = `payout.${payout.status === 'processing' ? 'initiated' : payout.status}`
    const rawBody = JSON.stringify({
      entity: 'event',
      account_id: 'acc_00000000000001',
      event,
      contains: ['payout'],
      payload: { payout: { entity: payout } },
      created_at: epoch(),
    })
    return {
      rawBody,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-event-id': `evt_${payout.id}_${payout.status}`,
        'x-razorpay-signature': razorpayXSignature(opts.secret ?? creds.webhookSecret, rawBody),
      },
    }
  }

  return {
    creds,
    baseUrl: `${address}/v1`,
    contacts,
    fundAccounts,
    validations,
    payouts,
    payoutCalls,
    invalidAccounts,
    failAccounts,
    /** Payouts made under our reference id (the fake's book). */
    payoutsFor: (referenceId: string) =>
      [...payouts.values()].filter((p) => p.reference_id === referenceId),
    /** Brings a payout to its end: processed, or failed for `failAccounts` (or as told). */
    finish(referenceId: string, outcome?: 'processed' | 'failed' | 'reversed' | 'rejected') {
      for (const payout of byReference(referenceId)) {
        const bank = fundAccounts.get(payout.fund_account_id)?.bank_account as Body | undefined
        const reason = failAccounts.get(String(bank?.account_number))
        const end = outcome ?? (reason ? 'failed' : 'processed')
        payout.status = end
        if (end === 'processed') {
          payout.utr = `RZPX${payout.id.slice(-8)}UTR`
          payout.status_details = {
            description:
              'Payout is processed and the money has been credited into the beneficiaries account',
            source: 'beneficiary_bank',
            reason: 'payout_processed',
          }
        } else {
          payout.status_details = {
            description: reason ?? 'The beneficiary bank declined the payout',
            source: 'beneficiary_bank',
            reason: 'bank_account_invalid',
          }
        }
      }
    },
    /** Validations waiting as `created` complete: active, or invalid for `invalidAccounts`. */
    settleValidations() {
      for (const v of validations.values()) {
        if (v.status !== 'created') continue
        const bank = (v.fund_account as Body).bank_account as Body
        const invalid = invalidAccounts.has(String(bank.account_number))
        v.status = 'completed'
        v.results = invalid
          ? {
              account_status: 'invalid',
              registered_name: null,
              details: 'The beneficiary account is invalid.',
            }
          : { account_status: 'active', registered_name: String(bank.name).toUpperCase() }
      }
    },
    outage(call: Call, on = true) {
      if (on) down.add(call)
      else down.delete(call)
    },
    webhook,
    /** POSTs the payout's webhook to `url`, signed; answers the receiver's HTTP status. */
    async sendWebhook(url: string, referenceId: string) {
      const { rawBody, headers } = webhook(referenceId)
      const response = await fetch(url, { method: 'POST', headers, body: rawBody })
      return response.status
    },
    close: () => app.close(),
  }
}
