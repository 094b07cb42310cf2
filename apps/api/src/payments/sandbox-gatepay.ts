import { randomBytes } from 'node:crypto'
import { gatepaySignature } from './gatepay'

interface SandboxGatepayOrder {
  prepayId: string
  merchantTradeNo: string
  currency: string
  orderAmount: string
  returnUrl: string
  status: 'PENDING' | 'PAID' | 'ERROR'
}

/**
 * The sandbox's GatePay: answers the signed order and query calls, and signs the PAY
 * notification GatePay would send when the person on the page pays or fails.
 */
export interface SandboxGatepay {
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
}

export function createSandboxGatepay(): SandboxGatepay {
  const clientId = 'sandbox'
  const secret = randomBytes(32).toString('base64url')
  const orders = new Map<string, SandboxGatepayOrder>()
  const byTrade = new Map<string, string>()

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
      const timestamp = String(now.getTime())
      const nonce = randomBytes(16).toString('hex')
      return {
        notification: {
          rawBody,
          headers: {
            'content-type': 'application/json',
            'x-gatepay-timestamp': timestamp,
            'x-gatepay-nonce': nonce,
            'x-gatepay-signature': gatepaySignature(secret, timestamp, nonce, rawBody),
          },
        },
        returnUrl: order.returnUrl,
      }
    },
  }
}
