import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { rupeesToPaise } from '@techbazaar/shared'
import { z } from 'zod'
import { payuRefunds, type PayuCommand } from './payu-refunds'
import { httpFailure, rupeesText } from './refund-support'
import {
  PaymentProviderError,
  PaymentSignatureError,
  type PaymentProvider,
  type ProviderPaymentState,
  type VerifiedEvent,
} from './types'

export interface PayuOptions {
  key: string
  salt: string
  /** The hosted page, e.g. https://test.payu.in/_payment. */
  paymentUrl: string
  /**
   * The postservice API (verify_payment, cancel_refund_transaction, check_action_status), e.g.
   * https://test.payu.in/merchant/postservice.php?form=2.
   */
  verifyUrl: string
  fetch?: typeof fetch
  sandbox?: boolean
}

const sha512 = (text: string) => createHash('sha512').update(text).digest('hex')
const UDFS = ['udf1', 'udf2', 'udf3', 'udf4', 'udf5'] as const

/** sha512(key|txnid|amount|productinfo|firstname|email|udf1..udf5||||||SALT), on the posted strings. */
export function payuRequestHash(salt: string, f: Record<string, string | undefined>): string {
  const parts = [f.key, f.txnid, f.amount, f.productinfo, f.firstname, f.email]
  return sha512(
    [...parts, ...UDFS.map((u) => f[u]), '', '', '', '', '', salt].map((p) => p ?? '').join('|'),
  )
}

/** sha512([additional_charges|]SALT|status||||||udf5..udf1|email|firstname|productinfo|amount|txnid|key). */
export function payuResponseHash(salt: string, f: Record<string, string | undefined>): string {
  const parts = [
    salt,
    f.status,
    '',
    '',
    '',
    '',
    '',
    ...[...UDFS].reverse().map((u) => f[u]),
    f.email,
    f.firstname,
    f.productinfo,
    f.amount,
    f.txnid,
    f.key,
  ].map((p) => p ?? '')
  if (f.additional_charges) parts.unshift(f.additional_charges)
  return sha512(parts.join('|'))
}

export const payuCommandHash = (key: string, command: string, var1: string, salt: string) =>
  sha512(`${key}|${command}|${var1}|${salt}`)

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a.toLowerCase())
  const y = Buffer.from(b.toLowerCase())
  return x.length === y.length && timingSafeEqual(x, y)
}

const STATES: Record<string, ProviderPaymentState> = {
  success: 'paid',
  failure: 'failed',
  failed: 'failed',
}

const verifyAnswer = z.object({
  status: z.union([z.number(), z.string()]),
  transaction_details: z.record(
    z.string(),
    z.object({
      txnid: z.string().optional(),
      status: z.string(),
      amt: z.union([z.string(), z.number()]).optional(),
      mihpayid: z.union([z.string(), z.number()]).optional(),
    }),
  ),
})

/** PayU India hosted checkout: request hash, response hash, verify_payment re-check. */
export function createPayu(opts: PayuOptions): PaymentProvider {
  const http = opts.fetch ?? fetch

  const command: PayuCommand = async (name, vars) => {
    let response: Response
    try {
      response = await http(opts.verifyUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: new URLSearchParams({
          key: opts.key,
          command: name,
          ...vars,
          hash: payuCommandHash(opts.key, name, vars.var1, opts.salt),
        }).toString(),
        signal: AbortSignal.timeout(10_000),
      })
    } catch (err) {
      throw new PaymentProviderError(`PayU ${name} unreachable: ${String(err)}`)
    }
    if (!response.ok) throw httpFailure(`PayU ${name}`, response.status)
    try {
      return (await response.json()) as unknown
    } catch {
      throw new PaymentProviderError(`PayU ${name}: the answer is not JSON`)
    }
  }

  function verifySigned(fields: Record<string, string | undefined>) {
    if (!fields.hash || !fields.txnid || fields.key !== opts.key) {
      throw new PaymentSignatureError('PayU response incomplete')
    }
    if (!safeEqual(fields.hash, payuResponseHash(opts.salt, fields))) {
      throw new PaymentSignatureError('PayU response hash mismatch')
    }
    return fields as Record<string, string | undefined> & { txnid: string }
  }

  return {
    name: 'PAYU',
    sandbox: opts.sandbox ?? false,
    async createPayment() {
      // PayU has no server-side order: the txnid (≤ 25 characters) is the provider's order id.
      const txnid = `TB${randomBytes(11).toString('hex')}`
      return { providerOrderId: txnid, sessionId: `payu_${txnid}` }
    },
    async findPayment() {
      // Nothing to find: the checkout is made here (a fresh txnid each time) and PayU first hears
      // of it when the browser posts the form, so a txnid nobody was shown was never paid.
      return null
    },
    hostedForm(input) {
      const fields: Record<string, string> = {
        key: opts.key,
        txnid: input.providerOrderId,
        amount: rupeesText(input.amountPaise),
        productinfo: 'TechBazaar order',
        firstname: input.customer.name.slice(0, 60),
        email: input.customer.email,
        phone: input.customer.phone,
        surl: input.returnUrl,
        furl: input.returnUrl,
        udf1: input.orderId,
        udf2: '',
        udf3: '',
        udf4: '',
        udf5: '',
      }
      return {
        action: opts.paymentUrl,
        fields: { ...fields, hash: payuRequestHash(opts.salt, fields) },
      }
    },
    verifyReturn(params) {
      return { providerOrderId: verifySigned(params).txnid }
    },
    verifyWebhook(rawBody) {
      const fields = verifySigned(Object.fromEntries(new URLSearchParams(rawBody)))
      return {
        eventId: `${fields.mihpayid ?? fields.txnid}:${fields.status}`,
        type: `PAYU_${(fields.status ?? 'unknown').toUpperCase()}`,
        providerOrderId: fields.txnid,
        providerPaymentId: fields.mihpayid,
        state: STATES[fields.status ?? ''] ?? 'pending',
        amountPaise: rupeesToPaise(Number(fields.amount)),
        currency: 'INR',
        payload: fields,
      } satisfies VerifiedEvent
    },
    async fetchStatus(txnid) {
      let json: unknown
      try {
        json = await command('verify_payment', { var1: txnid })
      } catch (err) {
        // Whatever went wrong, the payment's state is unknown: the caller asks again later.
        throw new PaymentProviderError(`PayU verify_payment failed: ${String(err)}`)
      }
      const answer = verifyAnswer.safeParse(json)
      const detail = answer.success ? answer.data.transaction_details[txnid] : undefined
      if (!detail)
        return { providerOrderId: txnid, state: 'pending', amountPaise: -1, currency: 'INR' }
      return {
        providerOrderId: detail.txnid ?? txnid,
        state: STATES[detail.status] ?? 'pending',
        amountPaise: rupeesToPaise(Number(detail.amt)),
        currency: 'INR',
        providerPaymentId: detail.mihpayid === undefined ? undefined : String(detail.mihpayid),
      }
    },
    async cancel() {
      // A PayU transaction that was never paid simply lapses; there is nothing to close.
    },
    ...payuRefunds(command),
    deposit(sessionId) {
      return {
        paymentMode: 'PAYU',
        data: {
          redirectUrl: `/api/payments/payu/checkout?payment_session_id=${encodeURIComponent(sessionId)}`,
        },
      }
    },
  }
}
