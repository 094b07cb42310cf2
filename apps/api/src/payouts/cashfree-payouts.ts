/**
 * Cashfree Payouts v2 (issue 28): the marketplace pays sellers from its Cashfree payouts balance.
 *
 * The contract used, as Cashfree documents it (docs: api-reference/payouts/v2; its generated v2
 * SDKs, cashfree/cashfree-payout, carry the same paths and fields):
 * - Headers `x-client-id`, `x-client-secret`, `x-api-version: 2024-01-01` (the only dated version
 *   of Payouts v2 so far). Base `https://api.cashfree.com/payout`, sandbox
 *   `https://sandbox.cashfree.com/payout` (configuration: CASHFREE_PAYOUTS_BASE_URL / _ENV).
 * - `POST /beneficiary` {beneficiary_id (≤ 50), beneficiary_name, beneficiary_instrument_details
 *   {bank_account_number, bank_ifsc}, beneficiary_contact_details {beneficiary_email,
 *   beneficiary_phone, beneficiary_country_code}}: 201; 409 `beneficiary_id_already_exists` (ours,
 *   from before: fine); 409 `beneficiary_already_exists` (the same account under another id: refused).
 * - `POST /transfers` {transfer_id (≤ 40, letters, digits, `_`), transfer_amount (rupees, ≥ 1.00),
 *   transfer_currency INR, transfer_mode, beneficiary_details {beneficiary_id}, transfer_remarks
 *   (≤ 70, letters, digits, spaces)}: async, answers RECEIVED with `cf_transfer_id`.
 * - `GET /transfers?transfer_id=` (or cf_transfer_id): the transfer; 404 when Cashfree has none.
 * - Statuses: SUCCESS → paid (`transfer_utr`); FAILED, REJECTED, REVERSED, MANUALLY_REJECTED →
 *   failed (`status_description`, else `status_code`); RECEIVED, PENDING, QUEUED,
 *   APPROVAL_PENDING and anything new → processing. SUCCESS can still turn REVERSED: the rail then
 *   says failed and the payout run takes the money back into the seller's balance.
 * - Webhooks v2: `x-webhook-signature` = base64(HMAC-SHA256(client secret, `x-webhook-timestamp` +
 *   raw body)), the same scheme as Cashfree PG; body {type, data {transfer_id, cf_transfer_id,
 *   status, status_code, status_description, transfer_utr}, event_time}; TRANSFER_SUCCESS,
 *   TRANSFER_ACKNOWLEDGED, TRANSFER_FAILED, TRANSFER_REVERSED, TRANSFER_REJECTED are about a
 *   payout's outcome; the rest (balance alerts, approvals, incidents) are acknowledged and ignored.
 * - Bank-account check: Cashfree Verification (Secure ID), its own base (`https://api.cashfree.com/
 *   verification`, CASHFREE_VERIFICATION_BASE_URL): `POST /bank-account/sync` {bank_account, ifsc,
 *   name, phone} → {reference_id, name_at_bank, account_status, account_status_code}; VALID →
 *   verified, INVALID → failed, anything else → pending.
 *
 * Choices: transfer_mode `banktransfer` (Cashfree's default: it routes by amount and by what the
 * bank takes; IMPS alone stops at ₹5 lakh). Our payout id is a UUID, whose hyphens transfer_id
 * does not take: it travels with `_` for `-` and comes back the same way. The beneficiary id is
 * a digest of the bank account (Cashfree refuses a second beneficiary for the same account and
 * IFSC), so a seller who changes its bank account gets a new beneficiary rather than money sent
 * to the old one, and two sellers paid into one account share one.
 *
 * [CHECK] The duplicate transfer_id answer (409 `transfer_id_already_exists`) and the unknown
 * beneficiary answer on a transfer (404 `beneficiary_not_found`) are read from integrations, not
 * from Cashfree's own table; the adapter also recognises them by their words.
 * [CHECK] `GET /bank-account?reference_id=` for a check that answered pending, and whether the
 * Secure ID product takes the Payouts keys (some accounts get separate ones) and an x-api-version
 * (we send 2023-12-18, the version its OpenAPI document carries).
 */
import { createHmac } from 'node:crypto'
import { z } from 'zod'
import { rupeesText } from '../payments/refund-support'
import {
  bankText,
  digest,
  failure,
  header,
  isRecord,
  readAnswer,
  safeEqual,
  send,
  tenDigits,
  type RailAnswer,
} from './rail-http'
import {
  PayoutRailAuthError,
  PayoutRailError,
  type AccountCheck,
  type Payee,
  type PayoutRail,
  type TransferState,
} from './types'

export interface CashfreePayoutsOptions {
  clientId: string
  clientSecret: string
  /** e.g. https://sandbox.cashfree.com/payout; tests point it at a local fake. */
  baseUrl: string
  /** e.g. https://sandbox.cashfree.com/verification. */
  verificationBaseUrl: string
  fetch?: typeof fetch
}

const API_VERSION = '2024-01-01'
const VERIFICATION_API_VERSION = '2023-12-18'
const TRANSFER_MODE = 'banktransfer'

const text = z.string().nullish()
const transferAnswer = z.object({
  transfer_id: z.string(),
  cf_transfer_id: z.union([z.string(), z.number()]).transform(String).nullish(),
  status: z.string(),
  status_code: text,
  status_description: text,
  transfer_utr: text,
})
const checkAnswer = z.object({
  reference_id: z.union([z.string(), z.number()]).transform(String),
  name_at_bank: text,
  account_status: z.string(),
  account_status_code: text,
})
const webhookBody = z.object({ type: z.string(), data: z.unknown() })

const PAID = new Set(['SUCCESS'])
const FAILED = new Set(['FAILED', 'REJECTED', 'REVERSED', 'MANUALLY_REJECTED'])
const OUTCOME_EVENTS = new Set([
  'TRANSFER_SUCCESS',
  'TRANSFER_ACKNOWLEDGED',
  'TRANSFER_FAILED',
  'TRANSFER_REVERSED',
  'TRANSFER_REJECTED',
])

/** Cashfree's codes in words a seller can act on; others are shown as Cashfree wrote them. */
const REASONS: Record<string, string> = {
  INVALID_BANK_ACCOUNT: 'The bank says the account number or IFSC is wrong',
  INVALID_BENE_ACCOUNT_OR_IFSC: 'The bank says the account number or IFSC is wrong',
  INVALID_ACCOUNT_FAIL: 'The bank says the account number or IFSC is wrong',
  INVALID_IFSC: 'The IFSC is not a valid branch code',
  ACCOUNT_BLOCKED: 'The bank says this account is blocked or frozen',
  NRE_ACCOUNT: 'This is an NRE account, which cannot receive payouts',
  FRAUD_ACCOUNT: 'The bank flagged this account; payouts to it are blocked',
  BENE_BANK_DECLINED: "The seller's bank declined the transfer",
  INSUFFICIENT_BALANCE: "The marketplace's payout balance was too low",
}
const reasonOf = (code: string | null | undefined, description?: string | null) =>
  description?.trim() || (code ? (REASONS[code] ?? `Cashfree: ${code}`) : null)

const UUID_UNDERSCORED = /^[0-9a-f]{8}_[0-9a-f]{4}_[0-9a-f]{4}_[0-9a-f]{4}_[0-9a-f]{12}$/i
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Our payout id as Cashfree's transfer_id (letters, digits and `_`, at most 40). */
export function cashfreeTransferId(payoutId: string): string {
  if (UUID.test(payoutId)) return payoutId.replaceAll('-', '_')
  if (/^[A-Za-z0-9_]{1,40}$/.test(payoutId) && !UUID_UNDERSCORED.test(payoutId)) return payoutId
  throw new PayoutRailError(`payout id ${payoutId} cannot be a Cashfree transfer_id`, 400)
}

/** The payout id a transfer_id stands for (the inverse of cashfreeTransferId). */
export function payoutIdOfTransfer(transferId: string): string {
  return UUID_UNDERSCORED.test(transferId) ? transferId.replaceAll('_', '-') : transferId
}

/**
 * The beneficiary for this very bank account (43 characters, letters, digits and `_`). Cashfree
 * keeps one beneficiary per account and IFSC, so the id names the account, not the seller: two
 * sellers paid into one account share it, and a seller who changes its account gets a new one.
 */
export function cashfreeBeneficiaryId(payee: Payee): string {
  const account = digest(payee.account.accountNumber.trim(), payee.account.ifsc.toUpperCase())
  return `TB_${account.slice(0, 40)}`
}

/** The signature Cashfree puts on a webhook (the fakes sign with it too). */
export function cashfreePayoutSignature(secret: string, timestamp: string, rawBody: string) {
  return createHmac('sha256', secret)
    .update(timestamp + rawBody)
    .digest('base64')
}

/**
 * The JSON of `body` with `"transfer_amount"` written as the exact rupee text of `paise` ("0.01",
 * "100000.50"): amounts are integer paise inside and never pass through a float on the way out.
 */
export function withRupees(body: Record<string, unknown>, paise: number): string {
  const marker = '__TB_AMOUNT__'
  return JSON.stringify({ ...body, transfer_amount: marker }).replace(
    `"${marker}"`,
    rupeesText(paise),
  )
}

function stateOf(answer: z.infer<typeof transferAnswer>): TransferState {
  const status = answer.status.toUpperCase()
  const railReference = answer.cf_transfer_id ?? null
  if (PAID.has(status)) {
    return { status: 'paid', railReference, utr: answer.transfer_utr || null, failureReason: null }
  }
  if (FAILED.has(status)) {
    return {
      status: 'failed',
      railReference,
      utr: answer.transfer_utr || null,
      failureReason:
        reasonOf(answer.status_code, answer.status_description) ?? `Cashfree: ${status}`,
    }
  }
  return { status: 'processing', railReference, utr: null, failureReason: null }
}

/** Cashfree's `{type, code, message}` error, in a line. */
function errorOf(answer: RailAnswer): { code: string; line: string } {
  const body = isRecord(answer.json) ? answer.json : {}
  const code = typeof body.code === 'string' ? body.code : ''
  const message = typeof body.message === 'string' ? body.message : answer.text.slice(0, 200)
  return { code, line: [code, message].filter(Boolean).join(': ') }
}

const isDuplicateTransfer = (answer: RailAnswer) => {
  const { code, line } = errorOf(answer)
  return (
    answer.status === 409 &&
    (code === 'transfer_id_already_exists' || /transfer.?id.*already exists/i.test(line))
  )
}
const isUnknownBeneficiary = (answer: RailAnswer) => {
  const { code, line } = errorOf(answer)
  return (
    answer.status === 404 &&
    (code === 'beneficiary_not_found' || /beneficiary.*(not found|does not exist)/i.test(line))
  )
}

function checkOf(answer: z.infer<typeof checkAnswer>): AccountCheck {
  const status = answer.account_status.toUpperCase()
  const reference = answer.reference_id
  if (status === 'VALID') {
    return { status: 'verified', reference, nameAtBank: answer.name_at_bank || null, reason: null }
  }
  if (status === 'INVALID') {
    const reason = reasonOf(answer.account_status_code) ?? 'The bank says this account is invalid'
    return { status: 'failed', reference, nameAtBank: null, reason }
  }
  return {
    status: 'pending',
    reference,
    nameAtBank: null,
    reason: 'The bank has not answered the check yet',
  }
}

export function createCashfreePayouts(opts: CashfreePayoutsOptions): PayoutRail {
  const http = opts.fetch ?? fetch
  /** Beneficiaries made (or found made) since this process started: no call for those. */
  const known = new Set<string>()
  const headers = (version: string) => ({
    'Content-Type': 'application/json',
    Accept: 'application/json',
    'x-client-id': opts.clientId,
    'x-client-secret': opts.clientSecret,
    'x-api-version': version,
  })
  const payouts = (method: string, path: string, body?: string) =>
    send(http, 'Cashfree Payouts', `${opts.baseUrl}${path}`, {
      method,
      headers: headers(API_VERSION),
      body,
    })
  const verification = (method: string, path: string, body?: unknown) =>
    send(http, 'Cashfree Verification', `${opts.verificationBaseUrl}${path}`, {
      method,
      headers: headers(VERIFICATION_API_VERSION),
      body: body === undefined ? undefined : JSON.stringify(body),
    })

  async function ensureBeneficiary(payee: Payee): Promise<string> {
    const id = cashfreeBeneficiaryId(payee)
    if (known.has(id)) return id
    const answer = await payouts(
      'POST',
      '/beneficiary',
      JSON.stringify({
        beneficiary_id: id,
        beneficiary_name: payee.account.holderName,
        beneficiary_instrument_details: {
          bank_account_number: payee.account.accountNumber,
          bank_ifsc: payee.account.ifsc.toUpperCase(),
        },
        beneficiary_contact_details: {
          beneficiary_email: payee.email,
          beneficiary_phone: tenDigits(payee.phone),
          beneficiary_country_code: '+91',
        },
      }),
    )
    const { code, line } = errorOf(answer)
    const ours = answer.status === 409 && code !== 'beneficiary_already_exists'
    if (!answer.ok && !ours) throw failure('Cashfree create beneficiary', answer, line)
    known.add(id)
    return id
  }

  async function transferStatus(payoutId: string): Promise<TransferState | null> {
    const id = encodeURIComponent(cashfreeTransferId(payoutId))
    const answer = await payouts('GET', `/transfers?transfer_id=${id}`)
    if (answer.status === 404) return null
    return stateOf(
      readAnswer(answer, transferAnswer, 'Cashfree get transfer', errorOf(answer).line),
    )
  }

  return {
    name: 'CASHFREE',
    sandbox: false,
    async verifyAccount(payee) {
      const answer = await verification('POST', '/bank-account/sync', {
        bank_account: payee.account.accountNumber,
        ifsc: payee.account.ifsc.toUpperCase(),
        name: payee.account.holderName,
        phone: tenDigits(payee.phone),
      })
      return checkOf(readAnswer(answer, checkAnswer, 'Cashfree bank account check'))
    },
    async accountCheck(reference) {
      const answer = await verification(
        'GET',
        `/bank-account?reference_id=${encodeURIComponent(reference)}`,
      )
      return checkOf(readAnswer(answer, checkAnswer, 'Cashfree bank account check status'))
    },
    async transfer(input) {
      const transferId = cashfreeTransferId(input.payoutId)
      const body = (beneficiaryId: string) =>
        withRupees(
          {
            transfer_id: transferId,
            transfer_currency: 'INR',
            transfer_mode: TRANSFER_MODE,
            beneficiary_details: { beneficiary_id: beneficiaryId },
            transfer_remarks: bankText(input.remark, 70),
          },
          input.amountPaise,
        )
      let beneficiaryId = await ensureBeneficiary(input.payee)
      let answer = await payouts('POST', '/transfers', body(beneficiaryId))
      if (isUnknownBeneficiary(answer)) {
        // Removed at Cashfree since we made it (a dashboard clean-up): make it again, send again.
        known.delete(beneficiaryId)
        beneficiaryId = await ensureBeneficiary(input.payee)
        answer = await payouts('POST', '/transfers', body(beneficiaryId))
      }
      if (isDuplicateTransfer(answer)) {
        // A repeat of a payout Cashfree already has (a retry after a timeout): its state, not a
        // second transfer.
        const state = await transferStatus(input.payoutId)
        if (state) return state
        throw new PayoutRailError('Cashfree says the transfer exists but cannot find it')
      }
      return stateOf(readAnswer(answer, transferAnswer, 'Cashfree transfer', errorOf(answer).line))
    },
    transferStatus,
    verifyWebhook({ rawBody, headers: given }) {
      const signature = header(given, 'x-webhook-signature')
      const timestamp = header(given, 'x-webhook-timestamp')
      if (!signature || !timestamp) throw new PayoutRailAuthError('signature headers missing')
      const expected = cashfreePayoutSignature(opts.clientSecret, timestamp, rawBody)
      if (!safeEqual(signature, expected)) throw new PayoutRailAuthError('signature mismatch')
      let json: unknown
      try {
        json = JSON.parse(rawBody)
      } catch {
        throw new PayoutRailAuthError('not a Cashfree Payouts webhook')
      }
      const body = webhookBody.safeParse(json)
      if (!body.success) throw new PayoutRailAuthError('not a Cashfree Payouts webhook')
      if (!OUTCOME_EVENTS.has(body.data.type)) return null
      const transfer = transferAnswer.safeParse(body.data.data)
      if (!transfer.success) throw new PayoutRailAuthError(`${body.data.type} without a transfer`)
      return { payoutId: payoutIdOfTransfer(transfer.data.transfer_id), ...stateOf(transfer.data) }
    },
  }
}
