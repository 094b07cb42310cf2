import { randomBytes } from 'node:crypto'
import { gatepaySignature } from './gatepay-signature'
import { paiseOfRupees, rupeesText } from './refund-support'
import {
  createRefundBook,
  type RefundBook,
  type SandboxRefund,
  type SandboxRefundControls,
} from './sandbox-refunds'

interface SandboxGatepayOrder {
  prepayId: string
  merchantTradeNo: string
  currency: string
  orderAmount: string
  returnUrl: string
  status: 'PENDING' | 'PAID' | 'ERROR'
}

/**
 * The sandbox's GatePay: answers the signed order, query, refund and refund query calls, and
 * signs the PAY notification GatePay would send when the person on the page pays or fails (and
 * the PAY_REFUND one a refund's outcome brings).
 */
export interface SandboxGatepay extends SandboxRefundControls {
  readonly clientId: string
  readonly secret: string
  gatepayFetch: typeof fetch
  find(prepayId: string): SandboxGatepayOrder | undefined
  complete(
    prepayId: string,
    outcome: 'pay' | 'fail',
    now: Date,
  ): {
    notification: { rawBody: string; headers: Record<string, string> }
    returnUrl: string
  } | null
  /** The signed PAY_REFUND notification for a refund (settling it as a query does). */
  refundNotification(
    refundRequestId: string,
    now: Date,
  ): { rawBody: string; headers: Record<string, string> } | null
}

export function createSandboxGatepay(): SandboxGatepay {
  const clientId = 'sandbox'
  const secret = randomBytes(32).toString('base64url')
  const orders = new Map<string, SandboxGatepayOrder>()
  const byTrade = new Map<string, string>()
  const book = createRefundBook('gr')
  const refunds = gatepayRefundCalls(
    book,
    (prepayId) => orders.get(prepayId),
    (tradeNo) => orders.get(byTrade.get(tradeNo) ?? ''),
  )
  const sign = (rawBody: string, now: Date) => {
    const timestamp = String(now.getTime())
    const nonce = randomBytes(16).toString('hex')
    return {
      'content-type': 'application/json',
      'x-gatepay-timestamp': timestamp,
      'x-gatepay-nonce': nonce,
      'x-gatepay-signature': gatepaySignature(secret, timestamp, nonce, rawBody),
    }
  }

  const gatepayFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers)
    const raw = String(init?.body)
    const signed =
      headers.get('x-gatepay-certificate-clientid') === clientId &&
      headers.get('x-gatepay-signature') ===
        gatepaySignature(
          secret,
          headers.get('x-gatepay-timestamp') ?? '',
          headers.get('x-gatepay-nonce') ?? '',
          raw,
        )
    if (!signed)
      return Response.json({ status: 'FAIL', code: '400002', label: 'INVALID_SIGNATURE' })
    const body = JSON.parse(raw) as Record<string, string>
    const path = new URL(String(input instanceof Request ? input.url : input)).pathname
    if (path.endsWith('/order/refund')) return Response.json(refunds.refund(body))
    if (path.endsWith('/order/refund/query')) return Response.json(refunds.query(body))
    if (path.endsWith('/checkout/order')) {
      const prepayId = randomBytes(12).toString('hex')
      orders.set(prepayId, {
        prepayId,
        merchantTradeNo: body.merchantTradeNo ?? '',
        currency: body.currency ?? '',
        orderAmount: body.orderAmount ?? '0',
        returnUrl: body.returnUrl ?? '/',
        status: 'PENDING',
      })
      byTrade.set(body.merchantTradeNo ?? '', prepayId)
      return Response.json({
        status: 'SUCCESS',
        code: '000000',
        data: { prepayId, location: `/sandbox-gateway/gatepay?prepayId=${prepayId}` },
      })
    }
    const order = orders.get(byTrade.get(body.merchantTradeNo ?? '') ?? '')
    if (!order) return Response.json({ status: 'FAIL', code: '400020', label: 'ORDER_NOT_FOUND' })
    return Response.json({ status: 'SUCCESS', code: '000000', data: order })
  }

  return {
    clientId,
    secret,
    gatepayFetch,
    find: (prepayId) => orders.get(prepayId),
    complete(prepayId, outcome, now) {
      const order = orders.get(prepayId)
      if (!order || order.status !== 'PENDING') return null
      order.status = outcome === 'pay' ? 'PAID' : 'ERROR'
      const rawBody = JSON.stringify({
        bizType: 'PAY',
        bizId: prepayId,
        bizStatus: outcome === 'pay' ? 'PAY_SUCCESS' : 'PAY_ERROR',
        data: JSON.stringify({
          merchantTradeNo: order.merchantTradeNo,
          currency: order.currency,
          orderAmount: order.orderAmount,
        }),
      })
      return { notification: { rawBody, headers: sign(rawBody, now) }, returnUrl: order.returnUrl }
    },
    failNextRefund: (message) => book.failNextRefund(message),
    refunds: (merchantTradeNo) => book.refunds(merchantTradeNo),
    refundNotification(refundRequestId, now) {
      const refund = book.poll(refundRequestId)
      const order = refund && orders.get(byTrade.get(refund.orderId) ?? '')
      if (!refund || !order) return null
      const rawBody = JSON.stringify({
        bizType: 'PAY_REFUND',
        bizId: refund.providerRef,
        bizStatus: REFUND_WORDS[refund.status],
        clientId,
        data: JSON.stringify({
          merchantTradeNo: order.merchantTradeNo,
          currency: order.currency,
          orderAmount: order.orderAmount,
          refundInfo: refunds.info(refund, order),
        }),
      })
      return { rawBody, headers: sign(rawBody, now) }
    },
  }
}

/** GatePay's refund states as its PAY_REFUND notification words them. */
const REFUND_WORDS = {
  PENDING: 'REFUND_PROCESS',
  SUCCESS: 'REFUND_SUCCESS',
  FAILED: 'REFUND_REJECTED',
} as const

/**
 * `/v1/pay/order/refund` {refundRequestId (at most 32), prepayId, refundAmount, refundReason} and
 * `/v1/pay/order/refund/query` {refundRequestId}, answered in GatePay's envelope. The failure
 * codes are the sandbox's own (GatePay's list for refunds is not public).
 */
function gatepayRefundCalls(
  book: RefundBook,
  byPrepay: (prepayId: string) => SandboxGatepayOrder | undefined,
  byTradeNo: (merchantTradeNo: string) => SandboxGatepayOrder | undefined,
) {
  const fail = (code: string, label: string, errorMessage: string) => ({
    status: 'FAIL',
    code,
    label,
    errorMessage,
  })
  const info = (refund: SandboxRefund, order: SandboxGatepayOrder) => ({
    refundRequestId: refund.refundId,
    prepayId: order.prepayId,
    orderAmount: order.orderAmount,
    refundAmount: rupeesText(refund.amountPaise),
  })

  return {
    info,
    refund(body: Record<string, string>) {
      const refundId = body.refundRequestId ?? ''
      if (!refundId || refundId.length > 32) {
        return fail('400001', 'PARAM_ERROR', 'refundRequestId must be 1 to 32 characters')
      }
      const order = byPrepay(body.prepayId ?? '')
      if (!order) return fail('400020', 'ORDER_NOT_FOUND', 'order not found')
      if (order.status !== 'PAID') return fail('400007', 'ORDER_NOT_PAID', 'order is not paid')
      const attempt = book.attempt({
        orderId: order.merchantTradeNo,
        refundId,
        amountPaise: paiseOfRupees(body.refundAmount ?? ''),
        paidPaise: paiseOfRupees(order.orderAmount),
      })
      switch (attempt.kind) {
        case 'created':
        case 'repeated':
          return {
            status: 'SUCCESS',
            code: '000000',
            errorMessage: '',
            data: { ...info(attempt.refund, order), channelId: '' },
          }
        case 'conflict':
          return fail('400610', 'REFUND_REQUEST_ID_USED', 'refundRequestId already used')
        case 'tooMuch':
          return fail(
            '400609',
            'REFUND_AMOUNT_EXCEEDED',
            `refund amount exceeds the refundable ${rupeesText(attempt.refundablePaise)}`,
          )
        default:
          return fail('400001', 'PARAM_ERROR', 'refundAmount invalid')
      }
    },
    query(body: Record<string, string>) {
      const refund = book.poll(body.refundRequestId ?? '')
      const order = refund && byTradeNo(refund.orderId)
      if (!refund || !order) return fail('400020', 'REFUND_NOT_FOUND', 'refund not found')
      return {
        status: 'SUCCESS',
        code: '000000',
        errorMessage: '',
        data: {
          ...info(refund, order),
          merchantTradeNo: order.merchantTradeNo,
          refundGateId: refund.providerRef,
          refundStatus: REFUND_WORDS[refund.status],
          errMsg: refund.failure ?? '',
        },
      }
    },
  }
}
