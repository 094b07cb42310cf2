import {
  captureBody,
  captureResponse,
  depositResponse,
  formatPaise,
  paymentSessionQuery,
  type PaymentStatus,
  paymentStatusResponse,
} from '@techbazaar/shared'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { App } from '../../app-types'
import { assertSelf } from '../../plugins/auth'
import { escape, page } from '../../lib/html'
import {
  depositFor,
  handleWebhook,
  hostedFormFor,
  reconcile,
  paymentDepsOf,
} from './payments.service'

const CAPTURE_MESSAGES: Record<PaymentStatus, string> = {
  paid: 'Payment is successful!',
  pending: 'Your payment is still being confirmed. Please check your orders in a minute.',
  failed: 'Your order was cancelled and nothing was charged. You can order again at any time.',
  refunded: 'This payment was refunded.',
}

const COD_MESSAGE =
  'This order is paid by cash on delivery: you pay when it arrives. Nothing is paid online.'

/**
 * Where the status page sends the browser once the provider has answered; the success page
 * names the order by its number.
 */
function redirectFor(result: { orderNumber: string; paymentStatus: PaymentStatus }): string {
  return result.paymentStatus === 'paid'
    ? `/shop/payment-success?order=${encodeURIComponent(result.orderNumber)}`
    : '/shop/account'
}

export async function paymentsRoutes(app: App) {
  const deps = paymentDepsOf(app.deps)

  app.post(
    '/shop/order/capture',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payments'],
        summary: 'Confirms a payment after re-checking it with the provider',
        body: captureBody,
        response: { 200: captureResponse },
      },
    },
    async (request) => {
      const user = assertSelf(request, undefined)
      const result = await reconcile(deps(request.log), user, { orderId: request.body.orderId })
      const message =
        result.paymentMethod === 'COD' ? COD_MESSAGE : CAPTURE_MESSAGES[result.paymentStatus]
      return { success: true as const, ...result, message }
    },
  )

  app.get(
    '/payments/deposit',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payments'],
        querystring: paymentSessionQuery,
        response: { 200: depositResponse },
      },
    },
    async (request) => {
      const user = assertSelf(request, undefined)
      const instructions = await depositFor(
        deps(request.log),
        user,
        request.query.payment_session_id,
      )
      return { success: true as const, ...instructions }
    },
  )

  app.post(
    '/payments/status',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payments'],
        body: paymentSessionQuery,
        response: { 200: paymentStatusResponse },
      },
    },
    async (request) => {
      const user = assertSelf(request, undefined)
      const result = await reconcile(deps(request.log), user, {
        sessionId: request.body.payment_session_id,
      })
      return {
        success: true as const,
        result: { ...result, redirectUrl: redirectFor(result) },
      }
    },
  )

  app.get(
    '/payments/payu/checkout',
    {
      config: { access: 'user' },
      schema: { tags: ['payments'], querystring: paymentSessionQuery },
    },
    async (request, reply) => {
      const user = assertSelf(request, undefined)
      const { form, amountPaise } = await hostedFormFor(
        deps(request.log),
        user,
        request.query.payment_session_id,
      )
      const inputs = Object.entries(form.fields)
        .map(
          ([name, value]) =>
            `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`,
        )
        .join('')
      // This page only posts to the provider, whose pages then redirect to banks: its own CSP
      // lets the form go to any https host (and the shop's sandbox), and runs no script at all.
      reply.header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self' https:; frame-ancestors 'none'; base-uri 'none'",
      )
      return reply.type('text/html; charset=utf-8').send(
        page(
          'Continue to PayU',
          `<h1>Pay with PayU</h1><p class="note">You will be taken to PayU's secure page.</p>
<div>Amount to pay</div><div class="amount">${escape(formatPaise(amountPaise))}</div>
<form method="post" action="${escape(form.action)}">${inputs}
<div class="row"><button class="pay" type="submit">Continue to PayU</button></div></form>`,
        ),
      )
    },
  )

  // Webhooks are verified on the exact bytes the provider signed, so these routes (alone) keep
  // the body as a string instead of parsing it.
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json')
    const keepRaw = (
      _req: unknown,
      body: string | Buffer,
      done: (err: null, body: string) => void,
    ) => done(null, String(body))
    raw.addContentTypeParser('application/json', { parseAs: 'string' }, keepRaw)
    raw.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, keepRaw)

    // PayU posts the browser back here (a cross-site POST, so no session cookie): the response
    // hash and a verify_payment re-check decide; the browser then goes to the return page.
    raw.withTypeProvider<ZodTypeProvider>().post(
      '/payments/return/:provider',
      {
        // No session: the cross-site return carries none; the response hash decides.
        config: { access: 'public' },
        schema: {
          tags: ['payments'],
          params: z.object({ provider: z.string().max(20) }),
          body: z.string().max(100_000),
        },
      },
      async (request, reply) => {
        let orderId: string | undefined
        try {
          ;({ orderId } = await handleWebhook(
            deps(request.log),
            request.params.provider,
            request.body,
            request.headers,
          ))
        } catch (err) {
          request.log.warn({ err }, 'payment return refused')
        }
        const query = orderId ? `?order_id=${encodeURIComponent(orderId)}` : ''
        return reply.redirect(`/shop/paypal-return${query}`, 303)
      },
    )
    raw.withTypeProvider<ZodTypeProvider>().post(
      '/payments/webhook/:provider',
      {
        // No session: the provider signs its notifications; the signature is the credential.
        config: { access: 'public' },
        schema: {
          tags: ['payments'],
          summary: 'Signed provider notifications (applied once each)',
          params: z.object({ provider: z.string().max(20) }),
          body: z.string().max(100_000),
        },
      },
      async (request) => {
        const result = await handleWebhook(
          deps(request.log),
          request.params.provider,
          request.body,
          request.headers,
        )
        // Some providers prescribe the acknowledgement's body (GatePay's returnCode).
        return result.ack ?? { success: true, applied: result.applied }
      },
    )
  })
}
