import Fastify from 'fastify'
import { cashfreeSignature } from '../../src/payments/cashfree'

export interface FakeCashfreeOrder {
  order_id: string
  order_amount: number
  order_currency: string
  order_status: 'ACTIVE' | 'PAID' | 'EXPIRED' | 'TERMINATED'
  payment_session_id: string
}

/**
 * A local stand-in for Cashfree's PG orders API (create, get, terminate) with its header auth,
 * plus a signer for webhooks, so the real adapter is tested against the documented contract.
 */
export async function startFakeCashfree(
  creds = { clientId: 'cf-test-id', secret: 'cf-test-secret' },
) {
  const orders = new Map<string, FakeCashfreeOrder>()
  /** Every create call, refused ones included (a test counts them). */
  const creates: string[] = []
  const app = Fastify()
  app.addHook('onRequest', async (request, reply) => {
    if (
      request.headers['x-client-id'] !== creds.clientId ||
      request.headers['x-client-secret'] !== creds.secret ||
      !request.headers['x-api-version']
    ) {
      return reply.status(401).send({ code: 'request_failed', type: 'authentication_error' })
    }
  })
  app.post('/pg/orders', async (request, reply) => {
    const body = request.body as { order_id: string; order_amount: number; order_currency: string }
    creates.push(body.order_id)
    if (orders.has(body.order_id)) return reply.status(409).send({ code: 'order_already_exists' })
    const order: FakeCashfreeOrder = {
      order_id: body.order_id,
      order_amount: body.order_amount,
      order_currency: body.order_currency,
      order_status: 'ACTIVE',
      payment_session_id: `session_${crypto.randomUUID()}`,
    }
    orders.set(order.order_id, order)
    return { cf_order_id: '1', ...order }
  })
  app.get('/pg/orders/:id', async (request, reply) => {
    const order = orders.get((request.params as { id: string }).id)
    return order ?? reply.status(404).send({ code: 'order_not_found' })
  })
  app.patch('/pg/orders/:id', async (request, reply) => {
    const order = orders.get((request.params as { id: string }).id)
    if (!order) return reply.status(404).send({ code: 'order_not_found' })
    if (order.order_status === 'ACTIVE') order.order_status = 'TERMINATED'
    return order
  })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })

  return {
    baseUrl: `${address}/pg`,
    env: {
      CASHFREE_CLIENT_ID: creds.clientId,
      CASHFREE_CLIENT_SECRET: creds.secret,
      CASHFREE_BASE_URL: `${address}/pg`,
    },
    orders,
    creates,
    /** A webhook as Cashfree sends it; `secret` lets a test forge one. */
    webhook(
      orderId: string,
      opts: { status?: string; amount?: number; paymentId?: string; secret?: string } = {},
    ) {
      const order = orders.get(orderId)
      if (!order) throw new Error(`no fake order ${orderId}`)
      const status = opts.status ?? 'SUCCESS'
      const amount = opts.amount ?? order.order_amount
      // Cashfree writes amounts like 170.00: the signature covers those exact bytes.
      const rawBody = `{"data":{"order":{"order_id":"${orderId}","order_amount":${amount.toFixed(2)},"order_currency":"INR"},"payment":{"cf_payment_id":"${opts.paymentId ?? '5114910'}","payment_status":"${status}","payment_amount":${amount.toFixed(2)},"payment_currency":"INR"}},"event_time":"2026-11-22T10:00:00+05:30","type":"PAYMENT_${status === 'SUCCESS' ? 'SUCCESS' : 'FAILED'}_WEBHOOK"}`
      const timestamp = String(Date.now())
      return {
        payload: rawBody,
        headers: {
          'content-type': 'application/json',
          'x-webhook-timestamp': timestamp,
          'x-webhook-signature': cashfreeSignature(opts.secret ?? creds.secret, timestamp, rawBody),
          'x-webhook-version': '2023-08-01',
        },
      }
    },
    close: () => app.close(),
  }
}
