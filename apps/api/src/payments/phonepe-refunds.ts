import { z } from 'zod'
import { phonepeVerify } from './phonepe-verify'
import { httpFailure, refusal } from './refund-support'
import { PaymentProviderError, type PaymentProvider, type RefundOutcome } from './types'

/** One signed PhonePe call: the HTTP status and JSON body; throws only when PhonePe is unreachable. */
export type PhonepeSend = (
  path: string,
  init: { method: string; body?: string; verify: string },
) => Promise<{ status: number; json: unknown }>

const answerBody = z.object({
  success: z.boolean().optional(),
  code: z.string(),
  message: z.string().nullish(),
  data: z
    .object({
      transactionId: z.string().nullish(),
      state: z.string().nullish(),
      responseCode: z.string().nullish(),
      responseCodeDescription: z.string().nullish(),
    })
    .nullish(),
})
type Answer = z.infer<typeof answerBody>

/**
 * Codes after which the refund may or may not exist ("check status before retrying"), and the
 * code for one PhonePe does not know.
 */
const UNSURE = new Set(['INTERNAL_SERVER_ERROR', 'TIMED_OUT', 'PAYMENT_PENDING'])
const NOT_FOUND = 'TRANSACTION_NOT_FOUND'

function outcomeOf(answer: Answer): RefundOutcome {
  const reference = answer.data?.transactionId || undefined
  const ref = reference ? { reference } : {}
  if (answer.code === 'PAYMENT_SUCCESS') return { state: 'completed', ...ref }
  if (answer.code === 'PAYMENT_PENDING') return { state: 'pending', ...ref }
  // PAYMENT_ERROR, PAYMENT_DECLINED, TIMED_OUT, ...: the refund did not go through.
  const why =
    answer.data?.responseCodeDescription ||
    answer.data?.responseCode ||
    answer.message ||
    answer.code
  return { state: 'failed', ...ref, message: `PhonePe refund failed: ${why}` }
}

/**
 * PhonePe PG v1 refunds: `POST /pg/v1/refund` with the base64 request and X-VERIFY over it and
 * the path; the refund is a transaction of its own (our merchantTransactionId), tracked with the
 * status call `GET /pg/v1/status/{merchantId}/{merchantTransactionId}`.
 */
export function phonepeRefunds(
  send: PhonepeSend,
  opts: { merchantId: string; saltKey: string; saltIndex: string },
): Pick<PaymentProvider, 'refund' | 'refundStatus'> {
  /** Where the refund under `refundTxnId` stands; undefined when PhonePe has none. */
  async function lookup(refundTxnId: string): Promise<RefundOutcome | undefined> {
    const path = `/pg/v1/status/${encodeURIComponent(opts.merchantId)}/${encodeURIComponent(refundTxnId)}`
    const { status, json } = await send(path, {
      method: 'GET',
      verify: phonepeVerify(path, opts.saltKey, opts.saltIndex),
    })
    const answer = answerBody.safeParse(json)
    if (status === 404 || (answer.success && answer.data.code === NOT_FOUND)) return undefined
    if (status >= 300) throw httpFailure('PhonePe refund status', status, answer.data?.code)
    if (!answer.success) throw new PaymentProviderError('PhonePe refund status: bad answer')
    if (answer.data.code === 'INTERNAL_SERVER_ERROR') {
      throw new PaymentProviderError('PhonePe refund status: INTERNAL_SERVER_ERROR')
    }
    return outcomeOf(answer.data)
  }

  return {
    async refund({ providerOrderId, providerRefundId, amountPaise }) {
      const payload = Buffer.from(
        JSON.stringify({
          merchantId: opts.merchantId,
          // The payment's own merchantTransactionId, and ours for this refund.
          originalTransactionId: providerOrderId,
          merchantTransactionId: providerRefundId,
          amount: amountPaise,
        }),
      ).toString('base64')
      const { status, json } = await send('/pg/v1/refund', {
        method: 'POST',
        body: JSON.stringify({ request: payload }),
        verify: phonepeVerify(`${payload}/pg/v1/refund`, opts.saltKey, opts.saltIndex),
      })
      const answer = answerBody.safeParse(json)
      if (status >= 500 || status === 429) {
        // It may still have been made: a repeat under the same id is then answered with it.
        throw httpFailure('PhonePe refund', status)
      }
      if (status < 300 && answer.success && answer.data.success !== false) {
        return outcomeOf(answer.data)
      }
      const code = answer.success ? answer.data.code : `HTTP ${status}`
      // A repeat of a refund PhonePe already has is refused as a new one would be (the amount
      // is gone): the refund it has under our id is the answer.
      const existing = await lookup(providerRefundId)
      if (existing) return existing
      if (UNSURE.has(code)) throw new PaymentProviderError(`PhonePe refund: ${code}`)
      const why =
        (answer.success && (answer.data.data?.responseCode || answer.data.message)) || code
      throw refusal(
        `PhonePe refused the refund: ${why} (${code})`,
        status >= 400 && status < 500 ? status : 400,
      )
    },
    async refundStatus({ providerRefundId }) {
      const outcome = await lookup(providerRefundId)
      if (!outcome) throw new PaymentProviderError(`PhonePe has no refund ${providerRefundId}`, 404)
      return outcome
    },
  }
}
