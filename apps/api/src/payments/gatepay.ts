import { randomBytes } from 'node:crypto'
import { rupeesToPaise } from '@techbazaar/shared'
import { z } from 'zod'
import { gatepayRefunds, type GatepaySend } from './gatepay-refunds'
import { gatepaySignature, verifyGatepaySignature } from './gatepay-signature'
import {
  PaymentProviderError,
  PaymentSignatureError,
  type PaymentProvider,
  type ProviderPaymentState,
} from './types'
import { rupeesText } from './refund-support'

export interface GatepayOptions {
  clientId: string
  secret: string
  /** e.g. https://openplatform.gateapi.io; tests point it at a local fake. */
  baseUrl: string
  /** The currency the merchant account settles in (the amount is sent as is). */
  currency: string
  fetch?: typeof fetch
  sandbox?: boolean
}

export { gatepaySignature } from './gatepay-signature'

const orderAnswer = z.object({
  status: z.literal('SUCCESS'),
  data: z.object({ prepayId: z.string(), location: z.string() }),
})
const queryAnswer = z.object({
  status: z.literal('SUCCESS'),
  data: z.object({
    merchantTradeNo: z.string(),
    status: z.string(),
    currency: z.string(),
    orderAmount: z.union([z.string(), z.number()]),
  }),
})
const tradeData = z.object({
  merchantTradeNo: z.string(),
  currency: z.string(),
  orderAmount: z.union([z.string(), z.number()]),
})
const notification = z.object({
  bizType: z.string(),
  bizId: z.string(),
  bizStatus: z.string(),
  // The docs show `data` as a JSON string; an object is accepted too.
  data: z.union([z.string(), z.record(z.string(), z.unknown())]),
})

const ORDER_STATES: Record<string, ProviderPaymentState> = {
  PAID: 'paid',
  EXPIRED: 'failed',
  CANCELLED: 'failed',
  ERROR: 'failed',
}
const BIZ_STATES: Record<string, ProviderPaymentState> = {
  PAY_SUCCESS: 'paid',
  PAY_CLOSE: 'failed',
  PAY_ERROR: 'failed',
}

/** GatePay checkout (signed requests, hosted `location`, signed PAY notifications). */
export function createGatepay(opts: GatepayOptions): PaymentProvider {
  const http = opts.fetch ?? fetch
  const send: GatepaySend = async (path, body) => {
    const raw = JSON.stringify(body)
    const timestamp = String(Date.now())
    const nonce = randomBytes(16).toString('hex')
    let response: Response
    try {
      response = await http(`${opts.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-GatePay-Certificate-ClientId': opts.clientId,
          'X-GatePay-Timestamp': timestamp,
          'X-GatePay-Nonce': nonce,
          'X-GatePay-Signature': gatepaySignature(opts.secret, timestamp, nonce, raw),
        },
        body: raw,
        signal: AbortSignal.timeout(10_000),
      })
    } catch (err) {
      throw new PaymentProviderError(`GatePay unreachable: ${String(err)}`)
    }
    return { status: response.status, json: (await response.json().catch(() => null)) as unknown }
  }
  async function call(path: string, body: unknown) {
    const { status, json } = await send(path, body)
    if (status >= 300) throw new PaymentProviderError(`GatePay ${path} answered ${status}`)
    return json
  }

  return {
    name: 'GATEPAY',
    sandbox: opts.sandbox ?? false,
    currency: opts.currency,
    async createPayment(input) {
      // A retry cannot count on reusing the order id (see findPayment): 32 hex characters then,
      // plain letters and digits. The browser still returns with the shop's own order id.
      const tradeNo = input.retry ? randomBytes(16).toString('hex') : input.orderId
      const answer = orderAnswer.safeParse(
        await call('/v1/pay/checkout/order', {
          merchantTradeNo: tradeNo,
          currency: opts.currency,
          orderAmount: rupeesText(input.amountPaise),
          env: { terminalType: 'WEB' },
          goods: { goodsName: 'TechBazaar order' },
          orderExpireTime: input.expiresAt.getTime(),
          returnUrl: input.returnUrl.replaceAll('{order_id}', input.orderId),
          cancelUrl: input.returnUrl.replaceAll('{order_id}', input.orderId),
        }),
      )
      if (!answer.success) throw new PaymentProviderError('GatePay create order: bad answer')
      return {
        providerOrderId: tradeNo,
        sessionId: `gatepay_${answer.data.data.prepayId}`,
        redirectUrl: answer.data.data.location,
      }
    },
    async findPayment() {
      // The query call answers an order's status and amount but not its checkout `location`, and
      // the contract does not say whether a reused merchantTradeNo is refused: nothing to reuse,
      // so a retry creates under a fresh trade number (an order nobody was sent to lapses).
      return null
    },
    verifyReturn(params) {
      const id = params.order_id
      if (!id) throw new PaymentSignatureError('order_id missing')
      return { providerOrderId: id }
    },
    verifyWebhook(rawBody, headers) {
      verifyGatepaySignature(opts.secret, rawBody, headers)
      const parsed = notification.safeParse(JSON.parse(rawBody))
      if (!parsed.success || parsed.data.bizType !== 'PAY') {
        throw new PaymentSignatureError('not a payment notification')
      }
      const { bizId, bizStatus, data } = parsed.data
      const trade = tradeData.safeParse(typeof data === 'string' ? JSON.parse(data) : data)
      if (!trade.success) throw new PaymentSignatureError('notification without trade data')
      return {
        eventId: `${bizId}:${bizStatus}`,
        type: `PAY:${bizStatus}`,
        providerOrderId: trade.data.merchantTradeNo,
        providerPaymentId: bizId,
        state: BIZ_STATES[bizStatus] ?? 'pending',
        amountPaise: rupeesToPaise(Number(trade.data.orderAmount)),
        currency: trade.data.currency,
        payload: parsed.data,
      }
    },
    async fetchStatus(merchantTradeNo) {
      const answer = queryAnswer.safeParse(
        await call('/v1/pay/checkout/query', { merchantTradeNo }),
      )
      if (!answer.success) throw new PaymentProviderError('GatePay query: bad answer')
      return {
        providerOrderId: answer.data.data.merchantTradeNo,
        state: ORDER_STATES[answer.data.data.status] ?? 'pending',
        amountPaise: rupeesToPaise(Number(answer.data.data.orderAmount)),
        currency: answer.data.data.currency,
      }
    },
    async cancel() {
      // An unpaid GatePay order lapses at orderExpireTime.
    },
    ...gatepayRefunds(send, opts.secret),
    deposit() {
      // Checkout sends the browser straight to GatePay's `location`; the shop keeps no copy of
      // it, so a /deposit link for GatePay has nowhere to go (the page says the link is invalid).
      return { paymentMode: 'GATEPAY', data: {} }
    },
    webhookAck: { returnCode: 'SUCCESS', returnMessage: '' },
  }
}
