import Fastify from 'fastify'
import { gatepaySignature } from '../../src/payments/gatepay'

interface FakeGatepayOrder {
  prepayId: string
  merchantTradeNo: string
  currency: string
  orderAmount: string
  status: 'PENDING' | 'PAID' | 'EXPIRED' | 'ERROR'
}

/**
 * A local stand-in for GatePay's checkout API: every request must carry a valid
 * X-GatePay-Signature over the raw body; notifications are signed the same way.
 */
export async function startFakeGatepay(creds = { clientId: 'gp-client', secret: 'gp-secret' }) {
  const orders = new Map<string, FakeGatepayOrder>()
  const app = Fastify()
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  )
  app.addHook('preHandler', async (request, reply) => {
    const h = request.headers as Record<string, string>
    const expected = gatepaySignature(
      creds.secret,
      h['x-gatepay-timestamp'] ?? '',
      h['x-gatepay-nonce'] ?? '',
      String(request.body),
    )
    if (
      h['x-gatepay-certificate-clientid'] !== creds.clientId ||
      h['x-gatepay-signature'] !== expected
    ) {
      return reply.send({ status: 'FAIL', code: '400002', label: 'INVALID_SIGNATURE' })
    }
  })
  app.post('/v1/pay/checkout/order', async (request) => {
    const body = JSON.parse(String(request.body)) as Record<string, string>
    const order: FakeGatepayOrder = {
      prepayId: `pp${orders.size + 1}`,
      merchantTradeNo: body.merchantTradeNo ?? '',
      currency: body.currency ?? '',
      orderAmount: body.orderAmount ?? '',
      status: 'PENDING',
    }
    orders.set(order.merchantTradeNo, order)
    return {
      status: 'SUCCESS',
      data: {
        prepayId: order.prepayId,
        location: `https://pay.gate.example/checkout/${order.prepayId}`,
      },
    }
  })
  app.post('/v1/pay/checkout/query', async (request) => {
    const body = JSON.parse(String(request.body)) as Record<string, string>
    const order = orders.get(body.merchantTradeNo ?? '')
    return order ? { status: 'SUCCESS', data: order } : { status: 'FAIL', label: 'ORDER_NOT_FOUND' }
  })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })

  return {
    env: {
      GATEPAY_CLIENT_ID: creds.clientId,
      GATEPAY_SECRET: creds.secret,
      GATEPAY_BASE_URL: address,
      GATEPAY_CURRENCY: 'INR',
    },
    orders,
    /** A PAY notification as GatePay sends it; `secret` lets a test forge one. */
    notification(
      merchantTradeNo: string,
      opts: { bizStatus?: string; orderAmount?: string; secret?: string } = {},
    ) {
      const order = orders.get(merchantTradeNo)
      if (!order) throw new Error(`no fake order ${merchantTradeNo}`)
      const rawBody = JSON.stringify({
        bizType: 'PAY',
        bizId: order.prepayId,
        bizStatus: opts.bizStatus ?? 'PAY_SUCCESS',
        data: JSON.stringify({
          merchantTradeNo,
          currency: order.currency,
          orderAmount: opts.orderAmount ?? order.orderAmount,
        }),
      })
      const timestamp = String(Date.now())
      const nonce = crypto.randomUUID()
      return {
        payload: rawBody,
        headers: {
          'content-type': 'application/json',
          'x-gatepay-timestamp': timestamp,
          'x-gatepay-nonce': nonce,
          'x-gatepay-signature': gatepaySignature(
            opts.secret ?? creds.secret,
            timestamp,
            nonce,
            rawBody,
          ),
        },
      }
    },
    close: () => app.close(),
  }
}
