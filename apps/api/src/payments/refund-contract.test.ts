import { randomUUID } from 'node:crypto'
import { createCashfree } from './cashfree'
import { cashfreeSignature } from './cashfree-signature'
import { createGatepay } from './gatepay'
import { gatepaySignature } from './gatepay-signature'
import { createPayu } from './payu'
import { createPhonepe } from './phonepe'
import { describeRefundContract } from './refund-contract'
import { createSandboxGateway } from './sandbox'
import { createSandboxGatepay } from './sandbox-gatepay'
import { createSandboxPayu } from './sandbox-payu'
import { createSandboxPhonepe } from './sandbox-phonepe'
import type { CreatePaymentInput } from './types'

type Wrap = (real: typeof fetch) => typeof fetch
const direct: Wrap = (real) => real

/** A checkout for `amountPaise`, returning to the shop. */
const checkoutOf = (amountPaise: number): CreatePaymentInput => ({
  orderId: randomUUID(),
  amountPaise,
  customer: { id: randomUUID(), name: 'Asha', email: 'asha@example.in', phone: '9876543210' },
  returnUrl: 'https://shop.example/return?order_id={order_id}',
  expiresAt: new Date(Date.now() + 30 * 60_000),
})

describeRefundContract('Cashfree', {
  isRefundCall: (input, init) => init?.method === 'POST' && String(input).endsWith('/refunds'),
  excessSays: /refundable amount/,
  notifies: true,
  start(wrap = direct) {
    const sandbox = createSandboxGateway()
    const provider = createCashfree({
      clientId: sandbox.clientId,
      clientSecret: sandbox.secret,
      baseUrl: 'http://sandbox.invalid/pg',
      environment: 'sandbox',
      fetch: wrap(sandbox.cashfreeFetch),
      sandbox: true,
    })
    return {
      provider,
      async paid(amountPaise) {
        const input = checkoutOf(amountPaise)
        const checkout = await provider.createPayment(input)
        const done = sandbox.complete(checkout.sessionId, 'pay', new Date())
        if (!done) throw new Error('the sandbox took the payment')
        // Cashfree's order id is ours.
        return { providerOrderId: input.orderId, providerPaymentId: null, notice: done.webhook }
      },
      async unpaid(amountPaise) {
        const input = checkoutOf(amountPaise)
        await provider.createPayment(input)
        return { providerOrderId: input.orderId, providerPaymentId: null }
      },
      failNextRefund: (message) => sandbox.failNextRefund(message),
      held: (orderId) => sandbox.refunds(orderId),
      refundNotice(refundId) {
        const notice = sandbox.refundWebhook(refundId, new Date())
        if (!notice) throw new Error('the sandbox has the refund')
        return notice
      },
      forge: ({ rawBody, headers }) => ({
        ...headers,
        'x-webhook-signature': cashfreeSignature(
          'not-the-secret',
          headers['x-webhook-timestamp'] ?? '',
          rawBody,
        ),
      }),
    }
  },
})

describeRefundContract('PayU', {
  isRefundCall: (_input, init) => String(init?.body).includes('command=cancel_refund_transaction'),
  excessSays: /Invalid amount/,
  notifies: false,
  start(wrap = direct) {
    const sandbox = createSandboxPayu()
    const provider = createPayu({
      key: sandbox.key,
      salt: sandbox.salt,
      paymentUrl: '/sandbox-gateway/payu',
      verifyUrl: 'http://sandbox.invalid/merchant/postservice.php?form=2',
      fetch: wrap(sandbox.payuFetch),
      sandbox: true,
    })
    return {
      provider,
      async paid(amountPaise) {
        const input = checkoutOf(amountPaise)
        const checkout = await provider.createPayment(input)
        const form = provider.hostedForm?.({ ...input, providerOrderId: checkout.providerOrderId })
        if (!form || !sandbox.accept(form.fields)) throw new Error('the sandbox took the form')
        const done = sandbox.complete(checkout.providerOrderId, 'pay')
        if (!done?.fields.mihpayid) throw new Error('the sandbox paid it')
        return {
          providerOrderId: checkout.providerOrderId,
          providerPaymentId: done.fields.mihpayid,
        }
      },
      async unpaid(amountPaise) {
        const checkout = await provider.createPayment(checkoutOf(amountPaise))
        // Never paid: PayU gave it no mihpayid.
        return { providerOrderId: checkout.providerOrderId, providerPaymentId: null }
      },
      failNextRefund: (message) => sandbox.failNextRefund(message),
      held: (txnid) => sandbox.refunds(txnid),
    }
  },
})

describeRefundContract('PhonePe', {
  isRefundCall: (input) => String(input).endsWith('/pg/v1/refund'),
  excessSays: /EXCESS_REFUND_AMOUNT/,
  notifies: false,
  start(wrap = direct) {
    const sandbox = createSandboxPhonepe()
    const provider = createPhonepe({
      merchantId: sandbox.merchantId,
      saltKey: sandbox.saltKey,
      saltIndex: '1',
      baseUrl: 'http://sandbox.invalid/apis/pg-sandbox',
      fetch: wrap(sandbox.phonepeFetch),
      sandbox: true,
    })
    return {
      provider,
      async paid(amountPaise) {
        const checkout = await provider.createPayment(checkoutOf(amountPaise))
        if (!sandbox.complete(checkout.providerOrderId, 'pay'))
          throw new Error('the sandbox paid it')
        return { providerOrderId: checkout.providerOrderId, providerPaymentId: null }
      },
      async unpaid(amountPaise) {
        const checkout = await provider.createPayment(checkoutOf(amountPaise))
        return { providerOrderId: checkout.providerOrderId, providerPaymentId: null }
      },
      failNextRefund: (message) => sandbox.failNextRefund(message),
      held: (txnId) => sandbox.refunds(txnId),
    }
  },
})

describeRefundContract('GatePay', {
  isRefundCall: (input) => String(input).endsWith('/v1/pay/order/refund'),
  excessSays: /refundable \d+\.\d{2}/,
  notifies: true,
  start(wrap = direct) {
    const sandbox = createSandboxGatepay()
    const provider = createGatepay({
      clientId: sandbox.clientId,
      secret: sandbox.secret,
      baseUrl: 'http://sandbox.invalid',
      currency: 'INR',
      fetch: wrap(sandbox.gatepayFetch),
      sandbox: true,
    })
    return {
      provider,
      async paid(amountPaise) {
        const checkout = await provider.createPayment(checkoutOf(amountPaise))
        const done = sandbox.complete(checkout.sessionId.replace('gatepay_', ''), 'pay', new Date())
        if (!done) throw new Error('the sandbox paid it')
        // The prepayId is not recorded: the adapter asks GatePay for it.
        return {
          providerOrderId: checkout.providerOrderId,
          providerPaymentId: null,
          notice: done.notification,
        }
      },
      async unpaid(amountPaise) {
        const checkout = await provider.createPayment(checkoutOf(amountPaise))
        return { providerOrderId: checkout.providerOrderId, providerPaymentId: null }
      },
      failNextRefund: (message) => sandbox.failNextRefund(message),
      held: (tradeNo) => sandbox.refunds(tradeNo),
      refundNotice(refundId) {
        const notice = sandbox.refundNotification(refundId, new Date())
        if (!notice) throw new Error('the sandbox has the refund')
        return notice
      },
      forge: ({ rawBody, headers }) => ({
        ...headers,
        'x-gatepay-signature': gatepaySignature(
          'wrong',
          headers['x-gatepay-timestamp'] ?? '',
          headers['x-gatepay-nonce'] ?? '',
          rawBody,
        ),
      }),
    }
  },
})
