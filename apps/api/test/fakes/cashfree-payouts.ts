import Fastify, { type FastifyReply } from 'fastify'
import { cashfreePayoutSignature } from '../../src/payouts/cashfree-payouts'

type Body = Record<string, unknown>
type Call = 'beneficiary' | 'transfer' | 'status' | 'verify'

export interface FakeCashfreeTransfer {
  transfer_id: string
  cf_transfer_id: string
  status: string
  status_code: string
  status_description: string
  beneficiary_details: { beneficiary_id: string }
  transfer_amount: number
  /** The amount exactly as it came in the request body ("100000.50"). */
  amountText: string
  transfer_mode: string
  transfer_remarks: string | null
  transfer_utr: string | null
  added_on: string
  updated_on: string
}

const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/
const error = (reply: FastifyReply, status: number, code: string, message: string) =>
  reply.status(status).send({ type: 'invalid_request_error', code, message })

/**
 * A local stand-in for Cashfree Payouts v2 (beneficiary, standard transfer, transfer status) and
 * the Verification bank-account check, as their docs describe them: header auth with a dated
 * x-api-version, bodies validated with Cashfree's `{type, code, message}` errors, a repeated
 * transfer_id refused with 409 and nothing made, state kept. Transfers stay RECEIVED until a test
 * `finish`es them (paid, or failed for an account in `failAccounts`); `outage(call)` answers 500,
 * and `outage('transfer', 'after')` makes the transfer then answers 500 (an unknown outcome).
 */
export async function startFakeCashfreePayouts(
  creds = { clientId: 'cf-payouts-id', secret: 'cf-payouts-secret' },
) {
  const beneficiaries = new Map<string, Body>()
  const transfers = new Map<string, FakeCashfreeTransfer>()
  /** Transfer requests per transfer_id, refused repeats included. */
  const transferCalls = new Map<string, number>()
  const checks = new Map<string, Body>()
  /** Accounts the bank says do not exist (the check answers INVALID). */
  const invalidAccounts = new Set<string>()
  /** Accounts whose check stays RECEIVED until `settleChecks`. */
  const slowAccounts = new Set<string>()
  /** Accounts whose transfers fail on `finish`, with the bank's reason. */
  const failAccounts = new Map<string, string>()
  const down = new Map<Call, 'before' | 'after'>()
  let nextId = 900_100
  const now = () => new Date().toISOString().slice(0, 19)

  const app = Fastify()
  // The raw body is kept: a test reads the amount exactly as the adapter wrote it.
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, { raw: String(body), json: JSON.parse(String(body)) as unknown })
    } catch (err) {
      done(err as Error)
    }
  })
  const bodyOf = (request: { body: unknown }) => {
    const b = request.body as { raw?: string; json?: unknown } | undefined
    const json = b?.json && typeof b.json === 'object' ? (b.json as Body) : {}
    return { raw: b?.raw ?? '', json }
  }
  app.addHook('onRequest', async (request, reply) => {
    if (
      request.headers['x-client-id'] !== creds.clientId ||
      request.headers['x-client-secret'] !== creds.secret
    ) {
      return error(
        reply,
        401,
        'authentication_failed',
        'Invalid clientId and clientSecret combination',
      )
    }
    const version = request.headers['x-api-version']
    if (request.url.startsWith('/payout/') && version !== '2024-01-01') {
      return error(reply, 400, 'x-api-version_value_invalid', 'x-api-version : is invalid')
    }
  })
  const broken = (call: Call, reply: FastifyReply) =>
    down.get(call) === 'before' ? reply.status(500).send({ message: 'internal error' }) : undefined

  app.post('/payout/beneficiary', async (request, reply) => {
    if (broken('beneficiary', reply)) return reply
    const { json: b } = bodyOf(request)
    const instrument = (b.beneficiary_instrument_details ?? {}) as Body
    const id = typeof b.beneficiary_id === 'string' ? b.beneficiary_id : ''
    if (!id)
      return error(
        reply,
        400,
        'beneficiary_id_missing',
        'beneficiary_id : is missing in the request',
      )
    if (id.length > 50 || !/^[A-Za-z0-9_|.-]+$/.test(id)) {
      return error(reply, 400, 'beneficiary_id_invalid', `beneficiary_id : invalid value ${id}`)
    }
    if (typeof b.beneficiary_name !== 'string' || !b.beneficiary_name.trim()) {
      return error(
        reply,
        400,
        'beneficiary_name_missing',
        'beneficiary_name : is missing in the request',
      )
    }
    const account = String(instrument.bank_account_number ?? '')
    const ifsc = String(instrument.bank_ifsc ?? '')
    if (!/^[A-Za-z0-9]{4,25}$/.test(account)) {
      return error(reply, 400, 'bank_account_number_invalid', 'bank_account_number : is invalid')
    }
    if (!IFSC.test(ifsc)) return error(reply, 400, 'bank_ifsc_invalid', 'bank_ifsc : is invalid')
    if (beneficiaries.has(id)) {
      return error(reply, 409, 'beneficiary_id_already_exists', 'Beneficiary Id already exists')
    }
    const same = [...beneficiaries.values()].find((x) => {
      const other = x.beneficiary_instrument_details as Body
      return other.bank_account_number === account && other.bank_ifsc === ifsc
    })
    if (same) return error(reply, 409, 'beneficiary_already_exists', 'Beneficiary already exists')
    const made = { ...b, beneficiary_status: 'VERIFIED', added_on: now() }
    beneficiaries.set(id, made)
    return reply.status(201).send(made)
  })

  app.post('/payout/transfers', async (request, reply) => {
    if (broken('transfer', reply)) return reply
    const { raw, json: b } = bodyOf(request)
    const id = typeof b.transfer_id === 'string' ? b.transfer_id : ''
    if (id) transferCalls.set(id, (transferCalls.get(id) ?? 0) + 1)
    if (!id)
      return error(reply, 400, 'transfer_id_missing', 'transfer_id : is missing in the request')
    if (!/^[A-Za-z0-9_]{1,40}$/.test(id)) {
      return error(
        reply,
        400,
        'transfer_id_invalid',
        'transfer_id : should be alphanumeric or _ and at most 40 characters',
      )
    }
    const amountText = /"transfer_amount":(-?[0-9.eE+-]+)/.exec(raw)?.[1] ?? ''
    const amount = b.transfer_amount
    if (typeof amount !== 'number') {
      return error(
        reply,
        400,
        'transfer_amount_missing',
        'transfer_amount : is missing or not a number',
      )
    }
    if (amount < 1) {
      return error(
        reply,
        400,
        'transfer_amount_invalid',
        'transfer_amount : should be greater than or equal to 1.00',
      )
    }
    const mode = typeof b.transfer_mode === 'string' ? b.transfer_mode : 'banktransfer'
    if (!['banktransfer', 'imps', 'neft', 'rtgs', 'upi'].includes(mode)) {
      return error(reply, 400, 'transfer_mode_invalid', 'transfer_mode : is invalid')
    }
    const remarks = typeof b.transfer_remarks === 'string' ? b.transfer_remarks : null
    if (remarks !== null && (remarks.length > 70 || !/^[A-Za-z0-9 ]*$/.test(remarks))) {
      return error(
        reply,
        400,
        'transfer_remarks_invalid',
        'transfer_remarks : alphanumeric and spaces, at most 70',
      )
    }
    const beneficiaryId = String((b.beneficiary_details as Body | undefined)?.beneficiary_id ?? '')
    if (!beneficiaries.has(beneficiaryId)) {
      return error(reply, 404, 'beneficiary_not_found', 'Beneficiary does not exist')
    }
    if (transfers.has(id)) {
      return error(reply, 409, 'transfer_id_already_exists', 'Transfer Id already exists')
    }
    const transfer: FakeCashfreeTransfer = {
      transfer_id: id,
      cf_transfer_id: String(nextId++),
      status: 'RECEIVED',
      status_code: 'RECEIVED',
      status_description:
        'The transfer has been received by Cashfree successfully for further processing.',
      beneficiary_details: { beneficiary_id: beneficiaryId },
      transfer_amount: amount,
      amountText,
      transfer_mode: mode,
      transfer_remarks: remarks,
      transfer_utr: null,
      added_on: now(),
      updated_on: now(),
    }
    transfers.set(id, transfer)
    if (down.get('transfer') === 'after') return reply.status(502).send('<html>Bad Gateway</html>')
    return reply.status(200).send(publicView(transfer))
  })

  app.get('/payout/transfers', async (request, reply) => {
    if (broken('status', reply)) return reply
    const { transfer_id: id } = request.query as { transfer_id?: string }
    if (!id)
      return error(reply, 400, 'transfer_id_missing', 'transfer_id or cf_transfer_id is required')
    const transfer = transfers.get(id)
    if (!transfer) return error(reply, 404, 'transfer_not_found', 'Transfer does not exist')
    return publicView(transfer)
  })

  app.post('/verification/bank-account/sync', async (request, reply) => {
    if (broken('verify', reply)) return reply
    const { json: b } = bodyOf(request)
    const account = String(b.bank_account ?? '')
    const ifsc = String(b.ifsc ?? '')
    if (!account || !ifsc) {
      return error(reply, 400, 'bank_account_missing', 'bank_account and ifsc are required')
    }
    const referenceId = nextId++
    const status = invalidAccounts.has(account)
      ? { account_status: 'INVALID', account_status_code: 'INVALID_BANK_ACCOUNT' }
      : slowAccounts.has(account)
        ? { account_status: 'RECEIVED', account_status_code: 'RECEIVED' }
        : { account_status: 'VALID', account_status_code: 'ACCOUNT_IS_VALID' }
    const check = {
      reference_id: referenceId,
      name_at_bank: status.account_status === 'INVALID' ? null : String(b.name ?? '').toUpperCase(),
      bank_name: 'YES BANK',
      utr: String(referenceId).padStart(12, '4'),
      name_match_result: 'DIRECT_MATCH',
      ...status,
    }
    checks.set(String(referenceId), check)
    return check
  })
  app.get('/verification/bank-account', async (request, reply) => {
    const check = checks.get((request.query as { reference_id?: string }).reference_id ?? '')
    return check ?? error(reply, 404, 'verification_not_found', 'reference_id does not exist')
  })

  const address = await app.listen({ port: 0, host: '127.0.0.1' })

  function publicView(t: FakeCashfreeTransfer) {
    const { amountText: _raw, ...view } = t
    return view
  }

  /** The v2 webhook Cashfree sends for a transfer's current state. */
  function webhook(transferId: string, opts: { secret?: string; timestamp?: string } = {}) {
    const t = transfers.get(transferId)
    if (!t) throw new Error(`no fake transfer ${transferId}`)
    const type =
      t.status === 'SUCCESS'
        ? 'TRANSFER_SUCCESS'
        : t.status === 'RECEIVED'
          ? 'TRANSFER_APPROVED'
          : `TRANSFER_${t.status}`
    const rawBody = JSON.stringify({ data: publicView(t), event_time: t.updated_on, type })
    const timestamp = opts.timestamp ?? String(Date.now())
    return {
      rawBody,
      headers: {
        'content-type': 'application/json',
        'x-webhook-timestamp': timestamp,
        'x-webhook-signature': cashfreePayoutSignature(
          opts.secret ?? creds.secret,
          timestamp,
          rawBody,
        ),
        'x-webhook-version': '2024-01-01',
      },
    }
  }

  return {
    creds,
    baseUrl: `${address}/payout`,
    verificationBaseUrl: `${address}/verification`,
    beneficiaries,
    transfers,
    transferCalls,
    invalidAccounts,
    slowAccounts,
    failAccounts,
    /** Brings a transfer to its end as the bank answers: paid, or failed for `failAccounts`. */
    finish(transferId: string, outcome?: 'SUCCESS' | 'FAILED' | 'REVERSED' | 'REJECTED') {
      const t = transfers.get(transferId)
      if (!t) throw new Error(`no fake transfer ${transferId}`)
      const beneficiary = beneficiaries.get(t.beneficiary_details.beneficiary_id)
      const account = String(
        (beneficiary?.beneficiary_instrument_details as Body | undefined)?.bank_account_number,
      )
      const reason = failAccounts.get(account)
      const end = outcome ?? (reason ? 'FAILED' : 'SUCCESS')
      t.status = end
      t.updated_on = now()
      if (end === 'SUCCESS') {
        t.status_code = 'COMPLETED'
        t.status_description = 'The transfer has been credited to the beneficiary.'
        t.transfer_utr = `CFUTR${t.cf_transfer_id}`
      } else {
        t.status_code = end === 'REVERSED' ? 'INVALID_ACCOUNT_FAIL' : 'BENE_BANK_DECLINED'
        t.status_description = reason ?? 'The beneficiary bank declined the transfer.'
      }
    },
    /** Bank checks left RECEIVED now answer VALID. */
    settleChecks() {
      for (const check of checks.values()) {
        if (check.account_status === 'RECEIVED') {
          Object.assign(check, { account_status: 'VALID', account_status_code: 'ACCOUNT_IS_VALID' })
        }
      }
    },
    outage(call: Call, when: 'before' | 'after' | false = 'before') {
      if (when) down.set(call, when)
      else down.delete(call)
    },
    webhook,
    /** POSTs the transfer's webhook to `url`, signed; answers the receiver's HTTP status. */
    async sendWebhook(url: string, transferId: string) {
      const { rawBody, headers } = webhook(transferId)
      const response = await fetch(url, { method: 'POST', headers, body: rawBody })
      return response.status
    },
    close: () => app.close(),
  }
}
