import { paiseToRupees } from '@techbazaar/shared'
import { z } from 'zod'
import { verifyCashfreeSignature } from './cashfree-signature'
import { isRefusal, refundStateOf } from './refund-support'
import {
  PaymentProviderError,
  PaymentSignatureError,
  type PaymentProvider,
  type RefundOutcome,
} from './types'

/** Cashfree's `call`: the JSON body; PaymentProviderError with the HTTP status on a non-2xx. */
type CashfreeCall = (method: string, path: string, body?: unknown) => Promise<unknown>

/** A Cashfree refund entity (Create Refund, Get Refund and the refund webhook all carry it). */
const refundEntity = z.object({
  cf_refund_id: z.union([z.string(), z.number()]).transform(String).nullish(),
  refund_id: z.string(),
  refund_status: z.string(),
  status_description: z.string().nullish(),
  // The bank's reference (ARN) once the money has moved.
  refund_arn: z.union([z.string(), z.number()]).transform(String).nullish(),
})
const refundWebhookBody = z.object({
  type: z.literal('REFUND_STATUS_WEBHOOK'),
  data: z.object({ refund: refundEntity }),
})

/** PENDING and ONHOLD (held for want of balance) are still on their way. */
const STATES = { completed: ['SUCCESS'], failed: ['CANCELLED', 'FAILED'] } as const

function outcomeOf(entity: z.infer<typeof refundEntity>): RefundOutcome {
  const state = refundStateOf(entity.refund_status, STATES)
  const reference = entity.refund_arn || entity.cf_refund_id || undefined
  return {
    state,
    ...(reference ? { reference } : {}),
    ...(state === 'failed'
      ? { message: entity.status_description || `Cashfree refund ${entity.refund_status}` }
      : {}),
  }
}

/** 429 and 5xx lose their status, so only a real refusal reads as one. */
function retryable(err: unknown): unknown {
  return err instanceof PaymentProviderError && err.status !== undefined && !isRefusal(err)
    ? new PaymentProviderError(err.message)
    : err
}

/**
 * Cashfree refunds: Create Refund `POST /orders/{order_id}/refunds` under our refund_id, Get
 * Refund `GET /orders/{order_id}/refunds/{refund_id}`, and the signed REFUND_STATUS_WEBHOOK.
 */
export function cashfreeRefunds(
  call: CashfreeCall,
  clientSecret: string,
): Pick<PaymentProvider, 'refund' | 'refundStatus' | 'parseRefundWebhook'> {
  const path = (orderId: string, refundId?: string) =>
    `/orders/${encodeURIComponent(orderId)}/refunds${refundId ? `/${encodeURIComponent(refundId)}` : ''}`

  async function getRefund(orderId: string, refundId: string): Promise<RefundOutcome> {
    const answer = refundEntity.safeParse(
      await call('GET', path(orderId, refundId)).catch((err: unknown) => {
        throw retryable(err)
      }),
    )
    if (!answer.success) throw new PaymentProviderError('Cashfree get refund: bad answer')
    return outcomeOf(answer.data)
  }

  return {
    async refund({ providerOrderId, providerRefundId, amountPaise, note }) {
      let json: unknown
      try {
        json = await call('POST', path(providerOrderId), {
          // Rupees as a JSON number: paise / 100 prints back as its exact two-decimal text.
          refund_amount: paiseToRupees(amountPaise),
          refund_id: providerRefundId,
          refund_note: note.slice(0, 100),
        })
      } catch (err) {
        // 409 refund_already_exists: an earlier attempt reached Cashfree; answer where it stands.
        if (err instanceof PaymentProviderError && err.status === 409) {
          return getRefund(providerOrderId, providerRefundId)
        }
        throw retryable(err)
      }
      const answer = refundEntity.safeParse(json)
      if (!answer.success) throw new PaymentProviderError('Cashfree create refund: bad answer')
      return outcomeOf(answer.data)
    },
    async refundStatus({ providerOrderId, providerRefundId }) {
      return getRefund(providerOrderId, providerRefundId)
    },
    parseRefundWebhook(rawBody, headers) {
      verifyCashfreeSignature(clientSecret, rawBody, headers)
      let body: unknown
      try {
        body = JSON.parse(rawBody)
      } catch {
        throw new PaymentSignatureError('webhook body is not JSON')
      }
      const parsed = refundWebhookBody.safeParse(body)
      if (!parsed.success) return null
      return {
        providerRefundId: parsed.data.data.refund.refund_id,
        outcome: outcomeOf(parsed.data.data.refund),
      }
    },
  }
}
