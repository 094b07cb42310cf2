import { randomBytes, randomInt } from 'node:crypto'
import { cashfreeSignature } from './cashfree-signature'
import { cashfreeRefundFetch } from './sandbox-cashfree-refunds'
import { createRefundBook, type SandboxRefundControls } from './sandbox-refunds'

/**
 * The built-in sandbox gateway: plays Cashfree's orders API in-process (so the real adapter
 * runs unchanged against it) and owns the `/sandbox-gateway` page where a person pays or fails.
 * Its orders live in memory: a restart forgets them, and the shop's expiry returns the stock.
 */
export interface SandboxOrder {
  orderId: string
  amount: number
  currency: string
  status: 'ACTIVE' | 'PAID' | 'TERMINATED' | 'EXPIRED'
  sessionId: string
  returnUrl: string
  customer: Record<string, unknown>
}

export interface SandboxGateway extends SandboxRefundControls {
  readonly clientId: string
  readonly secret: string
  /** A `fetch` that answers Cashfree's `/orders` calls. */
  cashfreeFetch: typeof fetch
  findBySession(sessionId: string): SandboxOrder | undefined
  /**
   * Pays or fails a session as a person on the page would, then returns the webhook Cashfree
   * would send (raw body + signed headers) and where the browser goes next.
   */
  complete(
    sessionId: string,
    outcome: 'pay' | 'fail',
    now: Date,
  ): { webhook: { rawBody: string; headers: Record<string, string> }; returnUrl: string } | null
  /**
   * The REFUND_STATUS_WEBHOOK Cashfree would send once a refund is processed (settling it as a
   * status query does), signed; null for a refund it does not hold.
   */
  refundWebhook(
    refundId: string,
    now: Date,
  ): { rawBody: string; headers: Record<string, string> } | null
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

export function createSandboxGateway(): SandboxGateway {
  const clientId = 'sandbox'
  const secret = randomBytes(32).toString('base64url')
  const orders = new Map<string, SandboxOrder>()
  const sessions = new Map<string, string>()
  const book = createRefundBook('cf_rf_')
  const refundFetch = cashfreeRefundFetch(book, (id) => orders.get(id))
  const signed = (rawBody: string, now: Date) => {
    const timestamp = String(now.getTime())
    return {
      'content-type': 'application/json',
      'x-webhook-timestamp': timestamp,
      'x-webhook-signature': cashfreeSignature(secret, timestamp, rawBody),
      'x-webhook-version': '2023-08-01',
    }
  }

  const cashfreeFetch: typeof fetch = async (input, init) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input : input.url,
    )
    const headers = new Headers(init?.headers)
    if (headers.get('x-client-id') !== clientId || headers.get('x-client-secret') !== secret) {
      return json(401, { code: 'authentication_error', type: 'authentication_error' })
    }
    const method = init?.method ?? 'GET'
    const refunds = url.pathname.match(/\/orders\/([^/]+)\/refunds(?:\/([^/]+))?$/)
    if (refunds) {
      return refundFetch.handle(
        method,
        decodeURIComponent(refunds[1] ?? ''),
        refunds[2],
        init?.body,
      )
    }
    const match = url.pathname.match(/\/orders(?:\/([^/]+))?$/)
    if (!match) return json(404, { code: 'not_found' })
    const id = match[1] ? decodeURIComponent(match[1]) : undefined
    if (method === 'POST' && !id) {
      const body = JSON.parse(String(init?.body)) as {
        order_id: string
        order_amount: number
        order_currency: string
        customer_details: Record<string, unknown>
        order_meta?: { return_url?: string }
      }
      if (orders.has(body.order_id)) return json(409, { code: 'order_already_exists' })
      const order: SandboxOrder = {
        orderId: body.order_id,
        amount: body.order_amount,
        currency: body.order_currency,
        status: 'ACTIVE',
        sessionId: `session_${randomBytes(24).toString('base64url')}`,
        returnUrl: body.order_meta?.return_url ?? '/',
        customer: body.customer_details,
      }
      orders.set(order.orderId, order)
      sessions.set(order.sessionId, order.orderId)
      return json(200, {
        cf_order_id: String(randomInt(1e9)),
        order_id: order.orderId,
        order_status: order.status,
        payment_session_id: order.sessionId,
      })
    }
    const order = id ? orders.get(id) : undefined
    if (!order) return json(404, { code: 'order_not_found' })
    if (method === 'PATCH' && order.status === 'ACTIVE') order.status = 'TERMINATED'
    // Get Order answers the session too, so a shop that lost it can resume the checkout.
    return json(200, {
      order_id: order.orderId,
      order_amount: order.amount,
      order_currency: order.currency,
      order_status: order.status,
      payment_session_id: order.sessionId,
    })
  }

  return {
    clientId,
    secret,
    cashfreeFetch,
    failNextRefund: (message) => book.failNextRefund(message),
    refunds: (orderId) => book.refunds(orderId),
    refundWebhook(refundId, now) {
      const refund = book.poll(refundId)
      const order = refund && orders.get(refund.orderId)
      if (!refund || !order) return null
      const rawBody = JSON.stringify({
        data: { refund: refundFetch.entity(refund, order) },
        event_time: now.toISOString(),
        type: 'REFUND_STATUS_WEBHOOK',
      })
      return { rawBody, headers: signed(rawBody, now) }
    },
    findBySession(sessionId) {
      const orderId = sessions.get(sessionId)
      return orderId ? orders.get(orderId) : undefined
    },
    complete(sessionId, outcome, now) {
      const order = this.findBySession(sessionId)
      if (!order || order.status !== 'ACTIVE') return null
      if (outcome === 'pay') order.status = 'PAID'
      const status = outcome === 'pay' ? 'SUCCESS' : 'FAILED'
      const rawBody = JSON.stringify({
        data: {
          order: {
            order_id: order.orderId,
            order_amount: order.amount,
            order_currency: order.currency,
          },
          payment: {
            cf_payment_id: String(randomInt(1e12)),
            payment_status: status,
            payment_amount: order.amount,
            payment_currency: order.currency,
            payment_message: outcome === 'pay' ? 'Transaction successful' : 'Payment declined',
            payment_time: now.toISOString(),
            payment_method: { upi: { upi_id: 'sandbox@upi' } },
          },
          customer_details: order.customer,
        },
        event_time: now.toISOString(),
        type: outcome === 'pay' ? 'PAYMENT_SUCCESS_WEBHOOK' : 'PAYMENT_FAILED_WEBHOOK',
      })
      return {
        webhook: { rawBody, headers: signed(rawBody, now) },
        returnUrl: order.returnUrl.replaceAll('{order_id}', encodeURIComponent(order.orderId)),
      }
    },
  }
}
