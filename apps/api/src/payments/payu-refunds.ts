import { z } from 'zod'
import { providerRefundKey, refundStateOf, refusal, rupeesText } from './refund-support'
import { PaymentProviderError, type PaymentProvider, type RefundOutcome } from './types'

/**
 * A postservice command (form `key`, `command`, `var1..`, `hash = sha512(key|command|var1|salt)`):
 * its JSON answer; PaymentProviderError when PayU could not be asked (retried).
 */
export type PayuCommand = (
  command: string,
  vars: { var1: string; var2?: string; var3?: string },
) => Promise<unknown>

/** PayU's token (var2) is at most 23 characters. */
const TOKEN_MAX = 23
/** "Token already exists": PayU has a refund under this token, from an earlier attempt. */
const TOKEN_EXISTS = 106
/** "Transaction lock could not be obtained": busy, worth asking again. */
const LOCKED = 120

const id = z.union([z.string(), z.number()]).transform((v) => String(v).trim())
const refundAnswer = z.object({
  status: z.union([z.number(), z.string()]).transform(Number),
  msg: z.string().nullish(),
  // Captured payments answer request_id; a cancelled authorisation answers txn_update_id.
  request_id: id.nullish(),
  txn_update_id: id.nullish(),
  error_code: z.union([z.number(), z.string()]).transform(Number).nullish(),
})
const actionDetail = z.object({
  request_id: id.nullish(),
  token: z.string().nullish(),
  action: z.string().nullish(),
  status: z.string(),
  bank_arn: id.nullish(),
  remark: z.string().nullish(),
})
type ActionDetail = z.infer<typeof actionDetail>
const actionAnswer = z.object({
  status: z.union([z.number(), z.string()]).transform(Number),
  msg: z.string().nullish(),
  transaction_details: z.record(z.string(), z.unknown()).nullish(),
})

/** QUEUED, IN PROGRESS, REQUESTED, PENDING and od_hit are all still on their way. */
const STATES = {
  completed: ['SUCCESS', 'COMPLETED'],
  failed: ['FAILURE', 'FAILED', 'REJECT', 'REJECTED', 'CANCELLED'],
} as const

function outcomeOf(detail: ActionDetail, reference: string | undefined): RefundOutcome {
  const state = refundStateOf(detail.status, STATES)
  // Keep the request_id as the reference: refundStatus looks the refund up by it.
  const ref = detail.request_id || reference
  return {
    state,
    ...(ref ? { reference: ref } : {}),
    ...(state === 'failed' ? { message: detail.remark || `PayU refund ${detail.status}` } : {}),
  }
}

/**
 * PayU refunds on the postservice API: `cancel_refund_transaction` (var1 = mihpayid, var2 = our
 * token, var3 = rupees) answers a request_id; `check_action_status` on that request_id (or on the
 * mihpayid with var2 = "payuid", to find a token whose request_id was never heard) tracks it.
 */
export function payuRefunds(
  command: PayuCommand,
): Pick<PaymentProvider, 'refund' | 'refundStatus'> {
  /** The refund actions check_action_status lists under `key` (a request_id or a mihpayid). */
  async function actions(var1: string, var2?: string): Promise<ActionDetail[]> {
    const answer = actionAnswer.safeParse(
      await command('check_action_status', var2 ? { var1, var2 } : { var1 }),
    )
    if (!answer.success) throw new PaymentProviderError('PayU check_action_status: bad answer')
    const listed = answer.data.transaction_details?.[var1]
    if (answer.data.status !== 1 && !answer.data.transaction_details) {
      throw refusal(`PayU check_action_status: ${answer.data.msg ?? 'refused'}`)
    }
    if (!listed || typeof listed !== 'object') return [] // "No action status found"
    // Keyed by request_id under the asked id; tolerate the detail sitting there directly.
    const entries = 'status' in listed ? [listed] : Object.values(listed)
    return entries.flatMap((entry) => {
      const detail = actionDetail.safeParse(entry)
      return detail.success && (detail.data.action ?? 'refund') === 'refund' ? [detail.data] : []
    })
  }

  async function byToken(mihpayid: string, token: string): Promise<ActionDetail | undefined> {
    return (await actions(mihpayid, 'payuid')).find((d) => d.token === token)
  }

  return {
    async refund({ providerPaymentId, providerRefundId, amountPaise }) {
      if (!providerPaymentId) {
        throw refusal('PayU cannot refund this payment: its PayU id (mihpayid) was never recorded')
      }
      const token = providerRefundKey(providerRefundId, TOKEN_MAX)
      const answer = refundAnswer.safeParse(
        await command('cancel_refund_transaction', {
          var1: providerPaymentId,
          var2: token,
          var3: rupeesText(amountPaise),
        }),
      )
      if (!answer.success) throw new PaymentProviderError('PayU refund: bad answer')
      const { status, msg, error_code: code } = answer.data
      if (status === 1) {
        const reference = answer.data.request_id || answer.data.txn_update_id || undefined
        return { state: 'pending', ...(reference ? { reference } : {}) }
      }
      if (code === TOKEN_EXISTS || /token already exists/i.test(msg ?? '')) {
        // An earlier attempt reached PayU: answer where that refund stands.
        const detail = await byToken(providerPaymentId, token)
        return detail ? outcomeOf(detail, undefined) : { state: 'pending' }
      }
      if (code === LOCKED || /lock could not be obtained/i.test(msg ?? '')) {
        throw new PaymentProviderError(`PayU refund: ${msg ?? 'transaction locked'}`)
      }
      throw refusal(
        `PayU refused the refund: ${msg ?? 'no reason given'}${code ? ` (${code})` : ''}`,
      )
    },
    async refundStatus({ providerPaymentId, providerRefundId, reference }) {
      let detail: ActionDetail | undefined
      if (reference) {
        const listed = await actions(reference)
        detail = listed.find((d) => d.request_id === reference) ?? listed[0]
      } else if (providerPaymentId) {
        detail = await byToken(providerPaymentId, providerRefundKey(providerRefundId, TOKEN_MAX))
      } else {
        throw refusal('PayU refund cannot be looked up without its request_id or mihpayid')
      }
      if (!detail) {
        throw new PaymentProviderError(`PayU has no refund ${reference ?? providerRefundId}`, 404)
      }
      return outcomeOf(detail, reference ?? undefined)
    },
  }
}
