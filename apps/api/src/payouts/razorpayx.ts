/**
 * RazorpayX Payouts (issue 28): the marketplace pays sellers from its RazorpayX current account.
 *
 * The contract used, as Razorpay documents it (razorpay.com/docs/api/x: contacts, fund-accounts,
 * payouts, payout-idempotency, account-validation, webhooks):
 * - Basic auth `key_id:key_secret`; base `https://api.razorpay.com/v1` (RAZORPAYX_BASE_URL).
 * - `POST /contacts` {name, email, contact, type, reference_id (≤ 40)}: a contact with the same
 *   details is answered back (200) rather than made twice. Ours: reference_id = the seller's id.
 * - `POST /fund_accounts` {contact_id, account_type: bank_account, bank_account {name, ifsc,
 *   account_number}}: likewise answered back when it exists.
 * - `POST /payouts` with `X-Payout-Idempotency: <payout id>` (mandatory since 15 March 2025; 4-36
 *   letters, digits, `-`, `_`, spaces; a retry must carry the same body) and {account_number: the
 *   marketplace's RazorpayX account, fund_account_id, amount (paise), currency INR, mode, purpose
 *   payout, queue_if_low_balance true, reference_id: payout id, narration (≤ 30, letters, digits,
 *   spaces)}. A repeat answers the first payout.
 * - `GET /payouts?account_number=…&reference_id=<payout id>`: our payout by our id.
 * - Statuses: processed → paid (`utr`); failed, reversed, rejected, cancelled → failed
 *   (`status_details.description`, else `failure_reason`); pending, queued, scheduled, processing
 *   and anything new → processing.
 * - Webhooks: `X-Razorpay-Signature` = hex HMAC-SHA256(webhook secret, raw body); payout.processed,
 *   payout.reversed, payout.failed, payout.rejected carry the payout in `payload.payout.entity`
 *   with our id in `reference_id`; other events are acknowledged and ignored.
 * - Penny drop: `POST /fund_accounts/validations` {account_number, fund_account {id}, amount 100,
 *   currency INR, notes}, answered at once as `created`; `GET /fund_accounts/validations/:id`:
 *   completed with results.account_status active → verified (results.registered_name), invalid →
 *   failed; status failed → failed (the bank did not answer); created → pending.
 *
 * Choices: mode IMPS up to ₹5 lakh (its ceiling), NEFT above; the payout needs no status poll to
 * be sent again safely since the idempotency key is the payout id.
 * [CHECK] `reference_id` as a filter of Fetch All Payouts: the docs list account_number, contact_id,
 * fund_account_id, mode, status and paging; the adapter also keeps only items whose reference_id is
 * ours, so an ignored filter can only answer "none" (then a retry is still idempotent).
 * [CHECK] Razorpay says Account Validation works for RazorpayX Lite accounts; a current-account
 * merchant may need the Composite Account Validation API instead.
 * [CHECK] A repeat sent while the first is still being made may answer 409; we then read the status.
 */
import { createHmac } from 'node:crypto'
import { z } from 'zod'
import {
  bankText,
  digest,
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

export interface RazorpayXOptions {
  keyId: string
  keySecret: string
  /** The marketplace's RazorpayX account number, debited by every payout. */
  accountNumber: string
  /** The secret set on the webhook in the RazorpayX dashboard; unset refuses every webhook. */
  webhookSecret?: string
  /** https://api.razorpay.com/v1; tests point it at a local fake. */
  baseUrl: string
  fetch?: typeof fetch
}

/** IMPS carries at most ₹5,00,000 per transfer (NPCI); NEFT has no ceiling. */
const IMPS_MAX_PAISE = 5_00_000_00

const text = z.string().nullish()
const idAnswer = z.object({ id: z.string() })
export const razorpayPayout = z.object({
  id: z.string(),
  status: z.string(),
  utr: text,
  reference_id: text,
  failure_reason: text,
  status_details: z.object({ description: text, reason: text }).nullish(),
  created_at: z.number().nullish(),
})
const payoutList = z.object({ items: z.array(razorpayPayout) })
const validationAnswer = z.object({
  id: z.string(),
  status: z.string(),
  results: z.object({ account_status: text, registered_name: text, details: text }).nullish(),
})
const webhookBody = z.object({
  event: z.string(),
  payload: z.object({ payout: z.object({ entity: z.unknown() }).nullish() }).nullish(),
})

const FAILED = new Set(['failed', 'reversed', 'rejected', 'cancelled'])
const OUTCOME_EVENTS = new Set([
  'payout.processed',
  'payout.reversed',
  'payout.failed',
  'payout.rejected',
])

/** Our id as the idempotency key: itself when it fits (a UUID does), else a digest of it. */
export function razorpayIdempotencyKey(payoutId: string): string {
  return /^[A-Za-z0-9_ -]{4,36}$/.test(payoutId) ? payoutId : digest(payoutId).slice(0, 36)
}

/** The signature RazorpayX puts on a webhook (the fake signs with it too). */
export function razorpayXSignature(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex')
}

function stateOf(payout: z.infer<typeof razorpayPayout>): TransferState {
  const status = payout.status.toLowerCase()
  if (status === 'processed') {
    return {
      status: 'paid',
      railReference: payout.id,
      utr: payout.utr || null,
      failureReason: null,
    }
  }
  if (FAILED.has(status)) {
    const why = payout.status_details?.description || payout.failure_reason
    return {
      status: 'failed',
      railReference: payout.id,
      utr: payout.utr || null,
      failureReason: why?.trim() || `RazorpayX: payout ${status}`,
    }
  }
  return { status: 'processing', railReference: payout.id, utr: null, failureReason: null }
}

function checkOf(answer: z.infer<typeof validationAnswer>): AccountCheck {
  const reference = answer.id
  const status = answer.status.toLowerCase()
  const account = answer.results?.account_status?.toLowerCase()
  if (status === 'completed' && account === 'active') {
    const nameAtBank = answer.results?.registered_name || null
    return { status: 'verified', reference, nameAtBank, reason: null }
  }
  if (status === 'completed' && account === 'invalid') {
    const reason = answer.results?.details || 'The bank says this account is invalid'
    return { status: 'failed', reference, nameAtBank: null, reason }
  }
  if (status === 'failed') {
    const reason = 'The bank did not answer the check; verify the account again later'
    return { status: 'failed', reference, nameAtBank: null, reason }
  }
  return { status: 'pending', reference, nameAtBank: null, reason: 'The bank is checking it' }
}

/** Razorpay's `{error: {code, description, field}}`, in a line. */
function errorLine(answer: RailAnswer): string {
  const error = isRecord(answer.json) && isRecord(answer.json.error) ? answer.json.error : {}
  const parts = [error.code, error.description, error.field].filter((p) => typeof p === 'string')
  return parts.length > 0 ? parts.join(': ') : answer.text.slice(0, 200)
}

export function createRazorpayX(opts: RazorpayXOptions): PayoutRail {
  const http = opts.fetch ?? fetch
  const auth = `Basic ${Buffer.from(`${opts.keyId}:${opts.keySecret}`).toString('base64')}`
  /** Fund accounts per seller and account since this process started. */
  const fundAccounts = new Map<string, string>()
  const call = (method: string, path: string, body?: unknown, extra: Record<string, string> = {}) =>
    send(http, 'RazorpayX', `${opts.baseUrl}${path}`, {
      method,
      headers: {
        Authorization: auth,
        'Content-Type': 'application/json',
        Accept: 'application/json',
        ...extra,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  const read = <T extends z.ZodType>(answer: RailAnswer, schema: T, what: string) =>
    readAnswer(answer, schema, `RazorpayX ${what}`, errorLine(answer))

  /** The payee's contact and fund account (RazorpayX answers existing ones back). */
  async function fundAccountOf(payee: Payee): Promise<string> {
    const { accountNumber, ifsc, holderName } = payee.account
    const key = `${payee.sellerId}|${accountNumber}|${ifsc.toUpperCase()}`
    const cached = fundAccounts.get(key)
    if (cached) return cached
    const contact = read(
      await call('POST', '/contacts', {
        name: payee.name.slice(0, 50),
        email: payee.email,
        contact: tenDigits(payee.phone),
        type: 'vendor',
        reference_id:
          payee.sellerId.length <= 40 ? payee.sellerId : digest(payee.sellerId).slice(0, 40),
      }),
      idAnswer,
      'create contact',
    )
    const fundAccount = read(
      await call('POST', '/fund_accounts', {
        contact_id: contact.id,
        account_type: 'bank_account',
        bank_account: { name: holderName, ifsc: ifsc.toUpperCase(), account_number: accountNumber },
      }),
      idAnswer,
      'create fund account',
    )
    fundAccounts.set(key, fundAccount.id)
    return fundAccount.id
  }

  async function transferStatus(payoutId: string): Promise<TransferState | null> {
    const query = new URLSearchParams({
      account_number: opts.accountNumber,
      reference_id: payoutId,
    })
    const { items } = read(await call('GET', `/payouts?${query}`), payoutList, 'fetch payouts')
    const ours = items
      .filter((p) => p.reference_id === payoutId)
      .sort((a, b) => (b.created_at ?? 0) - (a.created_at ?? 0))
    return ours[0] ? stateOf(ours[0]) : null
  }

  return {
    name: 'RAZORPAYX',
    sandbox: false,
    async verifyAccount(payee, reference) {
      const fundAccountId = await fundAccountOf(payee)
      const answer = await call('POST', '/fund_accounts/validations', {
        account_number: opts.accountNumber,
        fund_account: { id: fundAccountId },
        amount: 100,
        currency: 'INR',
        notes: { reference },
      })
      return checkOf(read(answer, validationAnswer, 'validate fund account'))
    },
    async accountCheck(reference) {
      const answer = await call(
        'GET',
        `/fund_accounts/validations/${encodeURIComponent(reference)}`,
      )
      return checkOf(read(answer, validationAnswer, 'fetch validation'))
    },
    async transfer(input) {
      if (input.payoutId.length > 40) {
        throw new PayoutRailError(
          `payout id ${input.payoutId} is longer than reference_id takes`,
          400,
        )
      }
      const fundAccountId = await fundAccountOf(input.payee)
      const answer = await call(
        'POST',
        '/payouts',
        {
          account_number: opts.accountNumber,
          fund_account_id: fundAccountId,
          amount: input.amountPaise,
          currency: 'INR',
          mode: input.amountPaise <= IMPS_MAX_PAISE ? 'IMPS' : 'NEFT',
          purpose: 'payout',
          queue_if_low_balance: true,
          reference_id: input.payoutId,
          narration: bankText(input.remark, 30),
        },
        { 'X-Payout-Idempotency': razorpayIdempotencyKey(input.payoutId) },
      )
      if (answer.status === 409) {
        // The same key while the first request is still being made: what stands is the answer.
        const state = await transferStatus(input.payoutId)
        if (state) return state
        throw new PayoutRailError(`RazorpayX payout ${input.payoutId} is still being made`)
      }
      return stateOf(read(answer, razorpayPayout, 'create payout'))
    },
    transferStatus,
    verifyWebhook({ rawBody, headers }) {
      if (!opts.webhookSecret) throw new PayoutRailAuthError('no RazorpayX webhook secret is set')
      const signature = header(headers, 'x-razorpay-signature')
      if (!safeEqual(signature, razorpayXSignature(opts.webhookSecret, rawBody))) {
        throw new PayoutRailAuthError('signature mismatch')
      }
      let json: unknown
      try {
        json = JSON.parse(rawBody)
      } catch {
        throw new PayoutRailAuthError('not a RazorpayX webhook')
      }
      const body = webhookBody.safeParse(json)
      if (!body.success) throw new PayoutRailAuthError('not a RazorpayX webhook')
      if (!OUTCOME_EVENTS.has(body.data.event)) return null
      const payout = razorpayPayout.safeParse(body.data.payload?.payout?.entity)
      if (!payout.success) throw new PayoutRailAuthError(`${body.data.event} without a payout`)
      // A payout made by hand on the dashboard carries none of our ids: not ours to settle.
      if (!payout.data.reference_id) return null
      return { payoutId: payout.data.reference_id, ...stateOf(payout.data) }
    },
  }
}
