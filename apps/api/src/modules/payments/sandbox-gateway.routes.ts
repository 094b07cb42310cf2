import { formatRupees, paiseToRupees } from '@techbazaar/shared'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { escape, page } from '../../lib/html'

/**
 * `/sandbox-gateway`: the built-in stand-in for a payment provider's hosted page. It shows the
 * amount, offers Pay and Fail (a plain form POST: the CSP allows no inline script), sends the
 * shop the provider's signed webhook, and returns the browser to the provider's return URL.
 */
export async function sandboxGatewayRoutes(app: FastifyInstance) {
  const { sandbox } = app.deps.payments
  // A provider's hosted checkout: whoever holds the checkout link pays, signed in or not.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: 'public' }
  })
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 10_000 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  )

  const invalid = (reply: FastifyReply) =>
    reply
      .status(404)
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Payment link not valid',
          '<h1>Payment link is invalid, expired, or already used.</h1><p class="note">Start the payment again from your orders.</p><p><a href="/shop/account">Go to my orders</a></p>',
        ),
      )

  /** The provider's hosted page: amount, reference and Pay / Fail posting `field` back. */
  const checkoutPage = (
    reply: FastifyReply,
    p: {
      provider: string
      amount: number
      reference: string
      action: string
      field: [string, string]
    },
  ) =>
    reply.type('text/html; charset=utf-8').send(
      page(
        'Sandbox payment',
        `<h1>Sandbox payment gateway</h1>
<p class="note">Plays ${escape(p.provider)} for ${escape(app.deps.config.shopName)}. No real money moves.</p>
<div>Amount to pay</div>
<div class="amount" data-testid="sandbox-amount">${escape(formatRupees(p.amount))}</div>
<div class="note">${escape(p.reference)}</div>
<form method="post" action="${escape(p.action)}">
<input type="hidden" name="${escape(p.field[0])}" value="${escape(p.field[1])}">
<div class="row"><button class="fail" name="outcome" value="fail">Fail</button><button class="pay" name="outcome" value="pay">Pay</button></div>
</form>`,
      ),
    )

  /** The posted Pay / Fail choice and the rest of the form. */
  const readOutcome = (request: FastifyRequest) => {
    const form = (request.body ?? {}) as Record<string, string>
    const outcome = form.outcome === 'pay' ? 'pay' : form.outcome === 'fail' ? 'fail' : undefined
    return { form, outcome } as const
  }

  /** Delivers the provider's signed callback (raw body) to the shop, as the provider would. */
  const deliver = async (
    request: FastifyRequest,
    url: string,
    message: { headers: Record<string, string>; rawBody: string },
  ) => {
    const delivered = await app.inject({
      method: 'POST',
      url,
      headers: message.headers,
      payload: message.rawBody,
    })
    if (delivered.statusCode >= 300) {
      request.log.warn({ url, status: delivered.statusCode }, 'sandbox callback refused')
    }
  }

  app.get('/sandbox-gateway', async (request, reply) => {
    const { payment_session_id: sessionId = '' } = request.query as Record<string, string>
    const order = sandbox.findBySession(sessionId)
    if (!order || order.status !== 'ACTIVE') return invalid(reply)
    return checkoutPage(reply, {
      provider: 'Cashfree',
      amount: order.amount,
      reference: `Order ${order.orderId}`,
      action: '/sandbox-gateway',
      field: ['payment_session_id', sessionId],
    })
  })

  app.post('/sandbox-gateway', async (request, reply) => {
    const { form, outcome } = readOutcome(request)
    const done = outcome && sandbox.complete(form.payment_session_id ?? '', outcome, app.deps.now())
    if (!done) return invalid(reply)
    await deliver(request, '/api/payments/webhook/cashfree', done.webhook)
    return reply.redirect(done.returnUrl, 303)
  })

  const { sandboxPayu } = app.deps.payments

  // PayU's hosted page: the browser posts the signed form here, as it would to /_payment.
  app.post('/sandbox-gateway/payu', async (request, reply) => {
    const fields = (request.body ?? {}) as Record<string, string>
    const txnid = sandboxPayu.accept(fields)
    const txn = txnid ? sandboxPayu.find(txnid) : undefined
    if (!txnid || !txn || txn.status !== 'pending') return invalid(reply)
    return checkoutPage(reply, {
      provider: 'PayU',
      amount: Number(txn.fields.amount),
      reference: `Transaction ${txnid}`,
      action: '/sandbox-gateway/payu/complete',
      field: ['txnid', txnid],
    })
  })

  app.post('/sandbox-gateway/payu/complete', async (request, reply) => {
    const { form, outcome } = readOutcome(request)
    const done = outcome && sandboxPayu.complete(form.txnid ?? '', outcome)
    if (!done) return invalid(reply)
    // PayU posts the signed response to surl/furl through the browser; the sandbox delivers the
    // same fields to the shop directly and sends the browser where the shop answered.
    const target = new URL(done.postTo, app.deps.config.appUrl)
    const answer = await app.inject({
      method: 'POST',
      url: `${target.pathname}${target.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(done.fields).toString(),
    })
    const location = answer.headers.location
    return reply.redirect(typeof location === 'string' ? location : '/shop/account', 303)
  })

  const { sandboxGatepay } = app.deps.payments

  // GatePay's hosted checkout (the `location` its order call answered).
  app.get('/sandbox-gateway/gatepay', async (request, reply) => {
    const { prepayId = '' } = request.query as Record<string, string>
    const order = sandboxGatepay.find(prepayId)
    if (!order || order.status !== 'PENDING') return invalid(reply)
    return checkoutPage(reply, {
      provider: 'GatePay',
      amount: Number(order.orderAmount),
      reference: `Order ${order.merchantTradeNo}`,
      action: '/sandbox-gateway/gatepay',
      field: ['prepayId', prepayId],
    })
  })

  app.post('/sandbox-gateway/gatepay', async (request, reply) => {
    const { form, outcome } = readOutcome(request)
    const done = outcome && sandboxGatepay.complete(form.prepayId ?? '', outcome, app.deps.now())
    if (!done) return invalid(reply)
    await deliver(request, '/api/payments/webhook/gatepay', done.notification)
    return reply.redirect(done.returnUrl, 303)
  })

  const { sandboxPhonepe } = app.deps.payments

  // PhonePe's PAY_PAGE (the redirect URL its pay call answered).
  app.get('/sandbox-gateway/phonepe', async (request, reply) => {
    const { txn: txnId = '' } = request.query as Record<string, string>
    const txn = sandboxPhonepe.find(txnId)
    if (!txn || txn.code !== 'PAYMENT_PENDING') return invalid(reply)
    return checkoutPage(reply, {
      provider: 'PhonePe',
      amount: paiseToRupees(txn.amount),
      reference: `Transaction ${txnId}`,
      action: '/sandbox-gateway/phonepe',
      field: ['txn', txnId],
    })
  })

  app.post('/sandbox-gateway/phonepe', async (request, reply) => {
    const { form, outcome } = readOutcome(request)
    const done = outcome && sandboxPhonepe.complete(form.txn ?? '', outcome)
    if (!done) return invalid(reply)
    await deliver(request, '/api/payments/webhook/phonepay', done.callback)
    return reply.redirect(done.redirectUrl, 303)
  })
}
