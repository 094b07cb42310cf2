import { randomInt } from 'node:crypto'
import { paiseToRupees, rupeesToPaise } from '@techbazaar/shared'
import { sandboxJson as json, type RefundBook, type SandboxRefund } from './sandbox-refunds'
import { rupeesText } from './refund-support'

/** What the refund calls need of a sandbox Cashfree order. */
interface PaidOrder {
  orderId: string
  /** Rupees, as Cashfree holds order_amount. */
  amount: number
  currency: string
  status: string
}

/**
 * The sandbox's Cashfree refunds API: Create Refund `POST /orders/{id}/refunds` (409
 * refund_already_exists for a refund_id it has, 400 when more than the refundable amount) and Get
 * Refund `GET /orders/{id}/refunds/{refund_id}` (the first one settles it), with Cashfree's
 * refund entity and error bodies.
 */
export function cashfreeRefundFetch(
  book: RefundBook,
  findOrder: (id: string) => PaidOrder | undefined,
) {
  const cfPaymentIds = new Map<string, string>()
  function entity(refund: SandboxRefund, order: PaidOrder) {
    const settled = refund.status !== 'PENDING'
    let cfPaymentId = cfPaymentIds.get(order.orderId)
    if (!cfPaymentId) {
      cfPaymentId = String(randomInt(1e9, 1e10))
      cfPaymentIds.set(order.orderId, cfPaymentId)
    }
    return {
      cf_payment_id: cfPaymentId,
      cf_refund_id: refund.providerRef,
      refund_id: refund.refundId,
      order_id: order.orderId,
      entity: 'refund',
      // Cashfree writes rupees as a number (2 decimals).
      refund_amount: paiseToRupees(refund.amountPaise),
      refund_currency: order.currency,
      refund_status: refund.status === 'FAILED' ? 'CANCELLED' : refund.status,
      status_description:
        refund.status === 'FAILED'
          ? (refund.failure ?? 'Refund cancelled')
          : refund.status === 'SUCCESS'
            ? 'Refund processed successfully'
            : 'In Progress',
      refund_arn: refund.status === 'SUCCESS' ? `ARN${refund.providerRef.slice(-10)}` : null,
      refund_type: 'MERCHANT_INITIATED',
      refund_mode: 'STANDARD',
      created_at: refund.createdAt.toISOString(),
      processed_at: settled ? new Date().toISOString() : null,
    }
  }

  function handle(method: string, orderId: string, refundId: string | undefined, body: unknown) {
    const order = findOrder(orderId)
    if (!order) {
      return json(404, {
        code: 'order_not_found',
        message: 'order not found',
        type: 'invalid_request_error',
      })
    }
    if (method === 'GET' && refundId) {
      const refund = book.find(decodeURIComponent(refundId))
      if (!refund || refund.orderId !== orderId) {
        return json(404, {
          code: 'refund_not_found',
          message: 'refund not found',
          type: 'invalid_request_error',
        })
      }
      return json(200, entity(book.poll(refund.refundId) ?? refund, order))
    }
    if (method !== 'POST' || refundId) return json(404, { code: 'not_found' })
    const input = JSON.parse(String(body)) as { refund_id?: string; refund_amount?: number }
    if (!input.refund_id || typeof input.refund_amount !== 'number') {
      return json(400, {
        code: 'refund_id_missing',
        message: 'refund_id and refund_amount are required',
        type: 'invalid_request_error',
      })
    }
    if (order.status !== 'PAID') {
      return json(400, {
        code: 'order_not_paid',
        message: 'refund can only be made for a paid order',
        type: 'invalid_request_error',
      })
    }
    const attempt = book.attempt({
      orderId,
      refundId: input.refund_id,
      amountPaise: rupeesToPaise(input.refund_amount),
      paidPaise: rupeesToPaise(order.amount),
    })
    switch (attempt.kind) {
      case 'created':
        return json(200, entity(attempt.refund, order))
      case 'repeated':
      case 'conflict':
        return json(409, {
          code: 'refund_already_exists',
          message: 'refund with this refund_id already exists',
          type: 'invalid_request_error',
        })
      case 'tooMuch':
        return json(400, {
          code: 'refund_amount_invalid',
          message: `refund amount is greater than refundable amount (${rupeesText(attempt.refundablePaise)})`,
          type: 'invalid_request_error',
        })
      case 'badAmount':
        return json(400, {
          code: 'refund_amount_invalid',
          message: 'refund_amount must be positive',
          type: 'invalid_request_error',
        })
    }
  }

  return { handle, entity }
}
