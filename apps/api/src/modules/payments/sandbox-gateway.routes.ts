import { formatRupees } from '@techbazaar/shared'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Payments } from '../../payments'
import { escape, page } from './html'

/**
 * `/sandbox-gateway`: the built-in stand-in for a payment provider's hosted page. It shows the
 * amount, offers Pay and Fail (a plain form POST: the CSP allows no inline script), sends the
 * shop the provider's signed webhook, and returns the browser to the provider's return URL.
 */
export async function sandboxGatewayRoutes(app: FastifyInstance, opts: { payments: Payments }) {
  const { sandbox } = opts.payments
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

  app.get('/sandbox-gateway', async (request, reply) => {
    const { payment_session_id: sessionId = '' } = request.query as Record<string, string>
    const order = sandbox.findBySession(sessionId)
    if (!order || order.status !== 'ACTIVE') return invalid(reply)
    return reply.type('text/html; charset=utf-8').send(
      page(
        'Sandbox payment',
        `<h1>Sandbox payment gateway</h1>
<p class="note">Plays Cashfree for ${escape(app.deps.config.shopName)}. No real money moves.</p>
<div>Amount to pay</div>
<div class="amount" data-testid="sandbox-amount">${escape(formatRupees(order.amount))}</div>
<div class="note">Order ${escape(order.orderId)}</div>
<form method="post" action="/sandbox-gateway">
<input type="hidden" name="payment_session_id" value="${escape(sessionId)}">
<div class="row"><button class="fail" name="outcome" value="fail">Fail</button><button class="pay" name="outcome" value="pay">Pay</button></div>
</form>`,
      ),
    )
  })

  app.post('/sandbox-gateway', async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string>
    const outcome = form.outcome === 'pay' ? 'pay' : form.outcome === 'fail' ? 'fail' : undefined
    const done = outcome && sandbox.complete(form.payment_session_id ?? '', outcome, app.deps.now())
    if (!done) return invalid(reply)
    // Deliver the webhook the way Cashfree would (raw signed body), before the browser returns.
    const delivered = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook/cashfree',
      headers: done.webhook.headers,
      payload: done.webhook.rawBody,
    })
    if (delivered.statusCode >= 300) {
      request.log.warn(
        { status: delivered.statusCode, body: delivered.body },
        'sandbox webhook refused',
      )
    }
    return reply.redirect(done.returnUrl, 303)
  })

  const { sandboxPayu } = opts.payments

  // PayU's hosted page: the browser posts the signed form here, as it would to /_payment.
  app.post('/sandbox-gateway/payu', async (request, reply) => {
    const fields = (request.body ?? {}) as Record<string, string>
    const txnid = sandboxPayu.accept(fields)
    const txn = txnid ? sandboxPayu.find(txnid) : undefined
    if (!txnid || !txn || txn.status !== 'pending') return invalid(reply)
    return reply.type('text/html; charset=utf-8').send(
      page(
        'Sandbox payment',
        `<h1>Sandbox payment gateway</h1>
<p class="note">Plays PayU for ${escape(app.deps.config.shopName)}. No real money moves.</p>
<div>Amount to pay</div>
<div class="amount" data-testid="sandbox-amount">${escape(formatRupees(Number(txn.fields.amount)))}</div>
<div class="note">Transaction ${escape(txnid)}</div>
<form method="post" action="/sandbox-gateway/payu/complete">
<input type="hidden" name="txnid" value="${escape(txnid)}">
<div class="row"><button class="fail" name="outcome" value="fail">Fail</button><button class="pay" name="outcome" value="pay">Pay</button></div>
</form>`,
      ),
    )
  })

  app.post('/sandbox-gateway/payu/complete', async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string>
    const outcome = form.outcome === 'pay' ? 'pay' : form.outcome === 'fail' ? 'fail' : undefined
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

  const { sandboxGatepay } = opts.payments

  // GatePay's hosted checkout (the `location` its order call answered).
  app.get('/sandbox-gateway/gatepay', async (request, reply) => {
    const { prepayId = '' } = request.query as Record<string, string>
    const order = sandboxGatepay.find(prepayId)
    if (!order || order.status !== 'PENDING') return invalid(reply)
    return reply.type('text/html; charset=utf-8').send(
      page(
        'Sandbox payment',
        `<h1>Sandbox payment gateway</h1>
<p class="note">Plays GatePay for ${escape(app.deps.config.shopName)}. No real money moves.</p>
<div>Amount to pay</div>
<div class="amount" data-testid="sandbox-amount">${escape(formatRupees(Number(order.orderAmount)))}</div>
<div class="note">Order ${escape(order.merchantTradeNo)}</div>
<form method="post" action="/sandbox-gateway/gatepay">
<input type="hidden" name="prepayId" value="${escape(prepayId)}">
<div class="row"><button class="fail" name="outcome" value="fail">Fail</button><button class="pay" name="outcome" value="pay">Pay</button></div>
</form>`,
      ),
    )
  })

  app.post('/sandbox-gateway/gatepay', async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string>
    const outcome = form.outcome === 'pay' ? 'pay' : form.outcome === 'fail' ? 'fail' : undefined
    const done = outcome && sandboxGatepay.complete(form.prepayId ?? '', outcome, app.deps.now())
    if (!done) return invalid(reply)
    const delivered = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook/gatepay',
      headers: done.notification.headers,
      payload: done.notification.rawBody,
    })
    if (delivered.statusCode >= 300) {
      request.log.warn({ status: delivered.statusCode }, 'sandbox GatePay notification refused')
    }
    return reply.redirect(done.returnUrl, 303)
  })

  const { sandboxPhonepe } = opts.payments

  // PhonePe's PAY_PAGE (the redirect URL its pay call answered).
  app.get('/sandbox-gateway/phonepe', async (request, reply) => {
    const { txn: txnId = '' } = request.query as Record<string, string>
    const txn = sandboxPhonepe.find(txnId)
    if (!txn || txn.code !== 'PAYMENT_PENDING') return invalid(reply)
    return reply.type('text/html; charset=utf-8').send(
      page(
        'Sandbox payment',
        `<h1>Sandbox payment gateway</h1>
<p class="note">Plays PhonePe for ${escape(app.deps.config.shopName)}. No real money moves.</p>
<div>Amount to pay</div>
<div class="amount" data-testid="sandbox-amount">${escape(formatRupees(txn.amount / 100))}</div>
<div class="note">Transaction ${escape(txnId)}</div>
<form method="post" action="/sandbox-gateway/phonepe">
<input type="hidden" name="txn" value="${escape(txnId)}">
<div class="row"><button class="fail" name="outcome" value="fail">Fail</button><button class="pay" name="outcome" value="pay">Pay</button></div>
</form>`,
      ),
    )
  })

  app.post('/sandbox-gateway/phonepe', async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string>
    const outcome = form.outcome === 'pay' ? 'pay' : form.outcome === 'fail' ? 'fail' : undefined
    const done = outcome && sandboxPhonepe.complete(form.txn ?? '', outcome)
    if (!done) return invalid(reply)
    const delivered = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook/phonepay',
      headers: done.callback.headers,
      payload: done.callback.rawBody,
    })
    if (delivered.statusCode >= 300) {
      request.log.warn({ status: delivered.statusCode }, 'sandbox PhonePe callback refused')
    }
    return reply.redirect(done.redirectUrl, 303)
  })
}
