import { z } from 'zod'
import { verifyGatepaySignature } from './gatepay-signature'
import {
  httpFailure,
  providerRefundKey,
  refundStateOf,
  refusal,
  rupeesText,
} from './refund-support'
import {
  PaymentProviderError,
  PaymentSignatureError,
  type PaymentProvider,
  type RefundOutcome,
} from './types'

/** One signed GatePay POST: the HTTP status and JSON body; throws only when GatePay is unreachable. */
export type GatepaySend = (
  path: string,
  body: unknown,
) => Promise<{ status: number; json: unknown }>

/** GatePay's refundRequestId: "unique, no more than 32 characters". */
const REQUEST_ID_MAX = 32

const id = z.union([z.string(), z.number()]).transform(String)
const envelope = z.object({
  status: z.string(),
  code: id.nullish(),
  label: z.string().nullish(),
  errorMessage: z.string().nullish(),
  data: z.unknown().optional(),
})
/**
 * The refund in a refund or refund-query answer. **[UNCONFIRMED]** docs.gate.com names the query
 * call (`POST /v1/pay/order/refund/query` by refundRequestId) but not its answer's fields: the
 * state is read from `refundStatus` or `status`, in the words of the PAY_REFUND notification
 * (REFUND_SUCCESS, REFUND_PROCESS, REFUND_REJECTED) or plain SUCCESS / PROCESS / FAIL.
 */
const refundData = z.object({
  refundRequestId: z.string().nullish(),
  refundGateId: id.nullish(),
  gateRefundId: id.nullish(),
  refundId: id.nullish(),
  refundStatus: z.string().nullish(),
  status: z.string().nullish(),
  errMsg: z.string().nullish(),
  refund_fail_reason: z.string().nullish(),
})
type RefundData = z.infer<typeof refundData>
const prepayData = z.object({ prepayId: id })
const notification = z.object({
  bizType: z.string(),
  bizId: id,
  bizStatus: z.string(),
  data: z.union([z.string(), z.record(z.string(), z.unknown())]),
})
const refundNotice = z.object({ refundInfo: z.object({ refundRequestId: z.string() }) })

const STATES = {
  completed: ['REFUND_SUCCESS', 'SUCCESS'],
  failed: ['REFUND_REJECTED', 'REJECTED', 'REFUND_FAIL', 'REFUND_FAILED', 'FAIL', 'FAILED'],
} as const

function outcomeOf(data: RefundData): RefundOutcome {
  const word = data.refundStatus || data.status
  const state = refundStateOf(word, STATES)
  const reference = data.refundGateId || data.gateRefundId || data.refundId || undefined
  return {
    state,
    ...(reference ? { reference } : {}),
    ...(state === 'failed'
      ? { message: data.refund_fail_reason || data.errMsg || `GatePay refund ${word}` }
      : {}),
  }
}

/** GatePay's own failure codes starting 5 are its errors (worth a retry), as 5xx HTTP is. */
const transient = (code: string | null | undefined) => Boolean(code && code.startsWith('5'))
const failureText = (env: z.infer<typeof envelope>) =>
  env.errorMessage || env.label || (env.code ? `code ${env.code}` : 'no reason given')

/**
 * GatePay (Gate.com) web-payment refunds, per docs.gate.com: `POST /v1/pay/order/refund`
 * {refundRequestId, prepayId, refundAmount, refundReason}, `POST /v1/pay/order/refund/query`
 * {refundRequestId}, and the signed PAY_REFUND notification. Every call is signed like the
 * checkout calls (the adapter's `send`).
 */
export function gatepayRefunds(
  send: GatepaySend,
  secret: string,
): Pick<PaymentProvider, 'refund' | 'refundStatus' | 'parseRefundWebhook'> {
  /** Where the refund under `refundRequestId` stands; undefined when GatePay has none. */
  async function lookup(refundRequestId: string): Promise<RefundOutcome | undefined> {
    const { status, json } = await send('/v1/pay/order/refund/query', { refundRequestId })
    if (status >= 500 || status === 429) throw httpFailure('GatePay refund query', status)
    const env = envelope.safeParse(json)
    if (!env.success) throw new PaymentProviderError('GatePay refund query: bad answer')
    if (env.data.status !== 'SUCCESS') {
      if (transient(env.data.code)) {
        throw new PaymentProviderError(`GatePay refund query: ${failureText(env.data)}`)
      }
      return undefined
    }
    const data = refundData.safeParse(env.data.data)
    if (!data.success) throw new PaymentProviderError('GatePay refund query: bad answer')
    return outcomeOf(data.data)
  }

  /** The GatePay order (prepayId) a payment was made under, asked by our merchantTradeNo. */
  async function prepayIdOf(merchantTradeNo: string, recorded: string | null | undefined) {
    const { status, json } = await send('/v1/pay/checkout/query', { merchantTradeNo })
    if (status >= 500 || status === 429) throw httpFailure('GatePay order query', status)
    const env = envelope.safeParse(json)
    const data =
      env.success && env.data.status === 'SUCCESS' ? prepayData.safeParse(env.data.data) : null
    // The payment notification's bizId is the prepayId too (recorded as providerPaymentId).
    const prepayId = (data?.success ? data.data.prepayId : undefined) || recorded
    if (!prepayId) throw refusal(`GatePay has no paid order ${merchantTradeNo} to refund`)
    return prepayId
  }

  return {
    async refund({ providerOrderId, providerPaymentId, providerRefundId, amountPaise, note }) {
      const refundRequestId = providerRefundKey(providerRefundId, REQUEST_ID_MAX)
      const { status, json } = await send('/v1/pay/order/refund', {
        refundRequestId,
        prepayId: await prepayIdOf(providerOrderId, providerPaymentId),
        // In the order's own currency units, as the order amount was sent.
        refundAmount: rupeesText(amountPaise),
        refundReason: note.slice(0, 256),
      })
      if (status >= 500 || status === 429) throw httpFailure('GatePay refund', status)
      const env = envelope.safeParse(json)
      if (status < 300 && env.success && env.data.status === 'SUCCESS') {
        // Accepted is not refunded: the outcome comes by notification or query.
        const data = refundData.safeParse(env.data.data ?? {})
        return data.success ? outcomeOf(data.data) : { state: 'pending' }
      }
      // A repeat under a refundRequestId GatePay already has: that refund is the answer.
      const existing = await lookup(refundRequestId)
      if (existing) return existing
      const why = env.success ? failureText(env.data) : `HTTP ${status}`
      if (env.success && transient(env.data.code)) {
        throw new PaymentProviderError(`GatePay refund: ${why}`)
      }
      throw refusal(
        `GatePay refused the refund: ${why}`,
        status >= 400 && status < 500 ? status : 400,
      )
    },
    async refundStatus({ providerRefundId }) {
      const outcome = await lookup(providerRefundKey(providerRefundId, REQUEST_ID_MAX))
      if (!outcome) throw new PaymentProviderError(`GatePay has no refund ${providerRefundId}`, 404)
      return outcome
    },
    parseRefundWebhook(rawBody, headers) {
      verifyGatepaySignature(secret, rawBody, headers)
      let body: unknown
      try {
        body = JSON.parse(rawBody)
      } catch {
        throw new PaymentSignatureError('notification is not JSON')
      }
      const parsed = notification.safeParse(body)
      if (!parsed.success || parsed.data.bizType !== 'PAY_REFUND') return null
      const { bizId, bizStatus, data } = parsed.data
      let inner: unknown = data
      try {
        if (typeof data === 'string') inner = JSON.parse(data)
      } catch {
        return null
      }
      const notice = refundNotice.safeParse(inner)
      if (!notice.success) return null
      const state = refundStateOf(bizStatus, STATES)
      return {
        providerRefundId: notice.data.refundInfo.refundRequestId,
        outcome: {
          state,
          reference: bizId,
          ...(state === 'failed' ? { message: `GatePay refund ${bizStatus}` } : {}),
        },
      }
    },
  }
}
