import { randomBytes, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { phonepeRefunds, type PhonepeSend } from './phonepe-refunds'
import { phonepeVerify } from './phonepe-verify'
import {
  PaymentProviderError,
  PaymentSignatureError,
  type PaymentProvider,
  type ProviderPaymentState,
} from './types'

export interface PhonepeOptions {
  merchantId: string
  saltKey: string
  saltIndex: string
  /** e.g. https://api-preprod.phonepe.com/apis/pg-sandbox; tests point it at a local fake. */
  baseUrl: string
  fetch?: typeof fetch
  sandbox?: boolean
}

export { phonepeVerify } from './phonepe-verify'

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

const payAnswer = z.object({
  success: z.literal(true),
  data: z.object({
    instrumentResponse: z.object({ redirectInfo: z.object({ url: z.string() }) }),
  }),
})
const statusBody = z.object({
  code: z.string(),
  data: z.object({
    merchantTransactionId: z.string(),
    transactionId: z.string().nullish(),
    amount: z.number(),
  }),
})

const CODES: Record<string, ProviderPaymentState> = {
  PAYMENT_SUCCESS: 'paid',
  PAYMENT_ERROR: 'failed',
  PAYMENT_DECLINED: 'failed',
  TIMED_OUT: 'failed',
}

/** PhonePe PG v1: pay (X-VERIFY), status re-check, signed server-to-server callback. */
export function createPhonepe(opts: PhonepeOptions): PaymentProvider {
  const http = opts.fetch ?? fetch
  const send: PhonepeSend = async (path, init) => {
    let response: Response
    try {
      response = await http(`${opts.baseUrl}${path}`, {
        method: init.method,
        headers: {
          'Content-Type': 'application/json',
          'X-VERIFY': init.verify,
          'X-MERCHANT-ID': opts.merchantId,
        },
        body: init.body,
        signal: AbortSignal.timeout(10_000),
      })
    } catch (err) {
      throw new PaymentProviderError(`PhonePe unreachable: ${String(err)}`)
    }
    const json: unknown = await response.json().catch(() => null)
    return { status: response.status, json }
  }
  async function call(path: string, init: { method: string; body?: string; verify: string }) {
    const { status, json } = await send(path, init)
    if (status >= 300) throw new PaymentProviderError(`PhonePe ${path} answered ${status}`)
    return json
  }

  return {
    name: 'PHONEPAY',
    sandbox: opts.sandbox ?? false,
    async createPayment(input) {
      // Under 35 characters, as PhonePe requires: the order's UUID without its dashes, or on a
      // retry a fresh id (PhonePe refuses a reused one: INVALID_TRANSACTION_ID).
      const txnId = input.retry
        ? `TB${randomBytes(15).toString('hex')}`
        : input.orderId.replaceAll('-', '')
      const payload = Buffer.from(
        JSON.stringify({
          merchantId: opts.merchantId,
          merchantTransactionId: txnId,
          merchantUserId: input.customer.id.replaceAll('-', ''),
          amount: input.amountPaise,
          redirectUrl: input.returnUrl.replaceAll('{order_id}', input.orderId),
          redirectMode: 'REDIRECT',
          callbackUrl: input.notifyUrl,
          mobileNumber: input.customer.phone,
          paymentInstrument: { type: 'PAY_PAGE' },
        }),
      ).toString('base64')
      const answer = payAnswer.safeParse(
        await call('/pg/v1/pay', {
          method: 'POST',
          body: JSON.stringify({ request: payload }),
          verify: phonepeVerify(`${payload}/pg/v1/pay`, opts.saltKey, opts.saltIndex),
        }),
      )
      if (!answer.success) throw new PaymentProviderError('PhonePe pay: bad answer')
      return {
        providerOrderId: txnId,
        sessionId: `phonepe_${txnId}`,
        redirectUrl: answer.data.data.instrumentResponse.redirectInfo.url,
      }
    },
    async findPayment() {
      // The status call tells whether a transaction exists but never gives its PAY_PAGE url back,
      // so there is nothing to reuse: a retry pays under a fresh transaction id (see createPayment);
      // one nobody was sent to simply times out.
      return null
    },
    verifyReturn(params) {
      const id = params.order_id
      if (!id) throw new PaymentSignatureError('order_id missing')
      return { providerOrderId: id.replaceAll('-', '') }
    },
    verifyWebhook(rawBody, headers) {
      const verify = headers['x-verify']
      const body = z.object({ response: z.string() }).safeParse(JSON.parse(rawBody))
      if (!body.success || typeof verify !== 'string') {
        throw new PaymentSignatureError('callback incomplete')
      }
      const expected = phonepeVerify(body.data.response, opts.saltKey, opts.saltIndex)
      if (!safeEqual(verify, expected)) throw new PaymentSignatureError('X-VERIFY mismatch')
      const decoded = statusBody.safeParse(
        JSON.parse(Buffer.from(body.data.response, 'base64').toString('utf8')),
      )
      if (!decoded.success) throw new PaymentSignatureError('callback without payment data')
      const { code, data } = decoded.data
      return {
        eventId: `${data.transactionId ?? data.merchantTransactionId}:${code}`,
        type: code,
        providerOrderId: data.merchantTransactionId,
        providerPaymentId: data.transactionId ?? undefined,
        state: CODES[code] ?? 'pending',
        amountPaise: data.amount,
        currency: 'INR',
        payload: decoded.data,
      }
    },
    async fetchStatus(txnId) {
      const path = `/pg/v1/status/${encodeURIComponent(opts.merchantId)}/${encodeURIComponent(txnId)}`
      const answer = statusBody.safeParse(
        await call(path, {
          method: 'GET',
          verify: phonepeVerify(path, opts.saltKey, opts.saltIndex),
        }),
      )
      if (!answer.success) throw new PaymentProviderError('PhonePe status: bad answer')
      return {
        providerOrderId: answer.data.data.merchantTransactionId,
        state: CODES[answer.data.code] ?? 'pending',
        amountPaise: answer.data.data.amount,
        currency: 'INR',
        providerPaymentId: answer.data.data.transactionId ?? undefined,
      }
    },
    async cancel() {
      // PhonePe has no cancel call in v1; an unpaid transaction times out.
    },
    ...phonepeRefunds(send, opts),
    deposit() {
      return { paymentMode: 'PHONEPAY', data: {} }
    },
  }
}
