import { paiseToRupees, rupeesToPaise } from '@techbazaar/shared'
import { z } from 'zod'
import { cashfreeRefunds } from './cashfree-refunds'
import { verifyCashfreeSignature } from './cashfree-signature'
import { errorText } from './refund-support'
import {
  PaymentProviderError,
  PaymentSignatureError,
  type PaymentProvider,
  type ProviderPaymentState,
} from './types'

export { cashfreeSignature } from './cashfree-signature'

export interface CashfreeOptions {
  clientId: string
  clientSecret: string
  /** e.g. https://sandbox.cashfree.com/pg; tests point it at a local fake. */
  baseUrl: string
  environment: 'sandbox' | 'production'
  /** The built-in sandbox gateway passes its in-process handler here. */
  fetch?: typeof fetch
  sandbox?: boolean
}

const API_VERSION = '2023-08-01'

const createOrderAnswer = z.object({ order_id: z.string(), payment_session_id: z.string() })
const orderAnswer = z.object({
  order_id: z.string(),
  order_amount: z.number(),
  order_currency: z.string(),
  order_status: z.string(),
})
const existingOrderAnswer = z.object({
  order_id: z.string(),
  order_status: z.string(),
  payment_session_id: z.string().nullish(),
})
/** States whose session the shop can still hand out (PAID so a webhook or status check settles it). */
const RESUMABLE = new Set(['ACTIVE', 'PAID'])
const webhookBody = z.object({
  type: z.string(),
  data: z.object({
    order: z.object({
      order_id: z.string(),
      order_amount: z.number(),
      order_currency: z.string(),
    }),
    payment: z.object({
      cf_payment_id: z.union([z.string(), z.number()]).transform(String),
      payment_status: z.string(),
      payment_amount: z.number(),
      payment_currency: z.string(),
    }),
  }),
})

const ORDER_STATES: Record<string, ProviderPaymentState> = {
  PAID: 'paid',
  EXPIRED: 'failed',
  TERMINATED: 'failed',
  TERMINATION_REQUESTED: 'failed',
}
const PAYMENT_STATES: Record<string, ProviderPaymentState> = {
  SUCCESS: 'paid',
  FAILED: 'failed',
  USER_DROPPED: 'failed',
  CANCELLED: 'failed',
  VOID: 'failed',
}

/** Cashfree PG orders API (payment session, Get Order re-check, webhook HMAC). */
export function createCashfree(opts: CashfreeOptions): PaymentProvider {
  const http = opts.fetch ?? fetch
  /** Answers the JSON body; null for a 404 when `missingOk` (Get Order of an unknown order). */
  async function call(method: string, path: string, body?: unknown, missingOk = false) {
    let response: Response
    try {
      response = await http(`${opts.baseUrl}${path}`, {
        method,
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'x-client-id': opts.clientId,
          'x-client-secret': opts.clientSecret,
          'x-api-version': API_VERSION,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      })
    } catch (err) {
      throw new PaymentProviderError(`Cashfree unreachable: ${String(err)}`)
    }
    const json: unknown = await response.json().catch(() => null)
    if (missingOk && response.status === 404) return null
    if (!response.ok) {
      // Cashfree's error body says why ("refund amount is greater than refundable amount").
      const why = errorText(json)
      throw new PaymentProviderError(
        `Cashfree ${method} ${path} answered ${response.status}${why ? `: ${why}` : ''}`,
        response.status,
      )
    }
    return json
  }

  return {
    name: 'CASHFREE',
    sandbox: opts.sandbox ?? false,
    async createPayment(input) {
      const answer = createOrderAnswer.safeParse(
        await call('POST', '/orders', {
          order_id: input.orderId,
          order_amount: paiseToRupees(input.amountPaise),
          order_currency: 'INR',
          customer_details: {
            customer_id: input.customer.id,
            customer_phone: input.customer.phone,
            customer_email: input.customer.email,
            customer_name: input.customer.name,
          },
          order_meta: { return_url: input.returnUrl, notify_url: input.notifyUrl },
          order_expiry_time: input.expiresAt.toISOString(),
        }),
      )
      if (!answer.success) throw new PaymentProviderError('Cashfree create order: bad answer')
      return { providerOrderId: answer.data.order_id, sessionId: answer.data.payment_session_id }
    },
    async findPayment(orderId) {
      // Cashfree refuses a second create with the same order_id (409 order_already_exists) and the
      // return URL carries that id, so a retry keeps it: Get Order answers the session it made.
      const json = await call('GET', `/orders/${encodeURIComponent(orderId)}`, undefined, true)
      if (json === null) return null
      const answer = existingOrderAnswer.safeParse(json)
      if (!answer.success) throw new PaymentProviderError('Cashfree get order: bad answer')
      const { order_id: id, order_status: status, payment_session_id: sessionId } = answer.data
      if (!RESUMABLE.has(status) || !sessionId) {
        throw new PaymentProviderError(`Cashfree order ${id} is ${status}; it cannot be paid`)
      }
      return { providerOrderId: id, sessionId }
    },
    verifyReturn(params) {
      const id = params.order_id
      if (!id) throw new PaymentSignatureError('order_id missing')
      return { providerOrderId: id }
    },
    verifyWebhook(rawBody, headers) {
      verifyCashfreeSignature(opts.clientSecret, rawBody, headers)
      const parsed = webhookBody.safeParse(JSON.parse(rawBody))
      if (!parsed.success) throw new PaymentSignatureError('not a payment webhook')
      const { order, payment } = parsed.data.data
      return {
        eventId: `${payment.cf_payment_id}:${payment.payment_status}`,
        type: parsed.data.type,
        providerOrderId: order.order_id,
        providerPaymentId: payment.cf_payment_id,
        state: PAYMENT_STATES[payment.payment_status] ?? 'pending',
        amountPaise: rupeesToPaise(payment.payment_amount),
        currency: payment.payment_currency,
        payload: JSON.parse(rawBody) as unknown,
      }
    },
    async fetchStatus(providerOrderId) {
      const answer = orderAnswer.safeParse(
        await call('GET', `/orders/${encodeURIComponent(providerOrderId)}`),
      )
      if (!answer.success) throw new PaymentProviderError('Cashfree get order: bad answer')
      return {
        providerOrderId: answer.data.order_id,
        state: ORDER_STATES[answer.data.order_status] ?? 'pending',
        amountPaise: rupeesToPaise(answer.data.order_amount),
        currency: answer.data.order_currency,
      }
    },
    async cancel(providerOrderId) {
      try {
        await call('PATCH', `/orders/${encodeURIComponent(providerOrderId)}`, {
          order_status: 'TERMINATED',
        })
      } catch (err) {
        // A 4xx: the order is no longer active (paid, expired, terminated) or unknown; asking
        // again cannot change that. Anything else (unreachable, 5xx, 429) is worth a retry.
        const refused =
          err instanceof PaymentProviderError &&
          err.status !== undefined &&
          err.status >= 400 &&
          err.status < 500 &&
          err.status !== 429
        if (!refused) throw err
      }
    },
    ...cashfreeRefunds(call, opts.clientSecret),
    deposit(sessionId) {
      return opts.sandbox
        ? {
            paymentMode: 'CASHFREE',
            data: {
              payment_session_id: sessionId,
              redirectUrl: `/sandbox-gateway?payment_session_id=${encodeURIComponent(sessionId)}`,
            },
          }
        : {
            paymentMode: 'CASHFREE',
            data: { payment_session_id: sessionId, environment: opts.environment },
          }
    },
  }
}
