import { randomBytes } from 'node:crypto'
import { phonepeVerify } from './phonepe-verify'
import {
  createRefundBook,
  type RefundBook,
  type SandboxRefund,
  type SandboxRefundControls,
} from './sandbox-refunds'

interface SandboxTxn {
  txnId: string
  amount: number
  redirectUrl: string
  code: 'PAYMENT_PENDING' | 'PAYMENT_SUCCESS' | 'PAYMENT_ERROR'
  transactionId?: string
}

/** The sandbox's PhonePe: checks X-VERIFY on pay, refund and status, signs the callback. */
export interface SandboxPhonepe extends SandboxRefundControls {
  readonly merchantId: string
  readonly saltKey: string
  phonepeFetch: typeof fetch
  find(txnId: string): SandboxTxn | undefined
  complete(
    txnId: string,
    outcome: 'pay' | 'fail',
  ): { callback: { rawBody: string; headers: Record<string, string> }; redirectUrl: string } | null
}

export function createSandboxPhonepe(): SandboxPhonepe {
  const merchantId = 'SANDBOXMERCHANT'
  const saltKey = randomBytes(24).toString('hex')
  const txns = new Map<string, SandboxTxn>()
  const book = createRefundBook('TR')
  const refunds = phonepeRefundCalls(book, merchantId, (id) => txns.get(id))
  const statusOf = (t: SandboxTxn) => ({
    success: t.code === 'PAYMENT_SUCCESS',
    code: t.code,
    data: {
      merchantId,
      merchantTransactionId: t.txnId,
      transactionId: t.transactionId ?? null,
      amount: t.amount,
      state:
        t.code === 'PAYMENT_SUCCESS'
          ? 'COMPLETED'
          : t.code === 'PAYMENT_ERROR'
            ? 'FAILED'
            : 'PENDING',
    },
  })

  const phonepeFetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input))
    const verify = new Headers(init?.headers).get('x-verify')
    const path = url.pathname.replace(/^.*(\/pg\/v1\/)/, '$1')
    if (path === '/pg/v1/pay') {
      const { request } = JSON.parse(String(init?.body)) as { request: string }
      if (verify !== phonepeVerify(`${request}/pg/v1/pay`, saltKey, '1')) {
        return Response.json({ success: false, code: 'KEY_NOT_CONFIGURED' }, { status: 401 })
      }
      const body = JSON.parse(Buffer.from(request, 'base64').toString('utf8')) as {
        merchantTransactionId: string
        amount: number
        redirectUrl: string
      }
      // PhonePe refuses a merchantTransactionId it has seen (a retry must use a fresh one).
      if (txns.has(body.merchantTransactionId) || book.find(body.merchantTransactionId)) {
        return Response.json({ success: false, code: 'INVALID_TRANSACTION_ID' }, { status: 400 })
      }
      txns.set(body.merchantTransactionId, {
        txnId: body.merchantTransactionId,
        amount: body.amount,
        redirectUrl: body.redirectUrl,
        code: 'PAYMENT_PENDING',
      })
      return Response.json({
        success: true,
        code: 'PAYMENT_INITIATED',
        data: {
          merchantId,
          merchantTransactionId: body.merchantTransactionId,
          instrumentResponse: {
            type: 'PAY_PAGE',
            redirectInfo: {
              url: `/sandbox-gateway/phonepe?txn=${body.merchantTransactionId}`,
              method: 'GET',
            },
          },
        },
      })
    }
    if (path === '/pg/v1/refund') {
      const { request } = JSON.parse(String(init?.body)) as { request: string }
      if (verify !== phonepeVerify(`${request}/pg/v1/refund`, saltKey, '1')) {
        return Response.json({ success: false, code: 'AUTHORIZATION_FAILED' }, { status: 401 })
      }
      return refunds.refund(JSON.parse(Buffer.from(request, 'base64').toString('utf8')))
    }
    if (verify !== phonepeVerify(path, saltKey, '1')) {
      return Response.json({ success: false, code: 'UNAUTHORIZED' }, { status: 401 })
    }
    const asked = decodeURIComponent(path.split('/').at(-1) ?? '')
    if (book.find(asked)) return refunds.status(asked)
    const txn = txns.get(asked)
    if (!txn)
      return Response.json({ success: false, code: 'TRANSACTION_NOT_FOUND' }, { status: 404 })
    return Response.json(statusOf(txn))
  }

  return {
    merchantId,
    saltKey,
    phonepeFetch,
    failNextRefund: (message) => book.failNextRefund(message),
    refunds: (txnId) => book.refunds(txnId),
    find: (txnId) => txns.get(txnId),
    complete(txnId, outcome) {
      const txn = txns.get(txnId)
      if (!txn || txn.code !== 'PAYMENT_PENDING') return null
      txn.code = outcome === 'pay' ? 'PAYMENT_SUCCESS' : 'PAYMENT_ERROR'
      txn.transactionId = `T${randomBytes(10).toString('hex')}`
      const response = Buffer.from(JSON.stringify(statusOf(txn))).toString('base64')
      return {
        callback: {
          rawBody: JSON.stringify({ response }),
          headers: {
            'content-type': 'application/json',
            'x-verify': phonepeVerify(response, saltKey, '1'),
          },
        },
        redirectUrl: txn.redirectUrl,
      }
    },
  }
}

const REFUND_CODES = {
  PENDING: ['PAYMENT_PENDING', 'PENDING'],
  SUCCESS: ['PAYMENT_SUCCESS', 'COMPLETED'],
  FAILED: ['PAYMENT_ERROR', 'FAILED'],
} as const

/**
 * PhonePe v1 refunds: `/pg/v1/refund` (the refund is a transaction of its own, under the
 * merchant's merchantTransactionId, against originalTransactionId) and the status call on it.
 */
function phonepeRefundCalls(
  book: RefundBook,
  merchantId: string,
  findTxn: (txnId: string) => SandboxTxn | undefined,
) {
  const refused = (status: number, code: string, message: string, extra: object = {}) =>
    Response.json({ success: false, code, message, ...extra }, { status })
  const body = (refund: SandboxRefund) => {
    const [code, state] = REFUND_CODES[refund.status]
    return {
      success: refund.status !== 'FAILED',
      code,
      message: refund.failure ?? 'Your request has been successfully completed.',
      data: {
        merchantId,
        merchantTransactionId: refund.refundId,
        transactionId: refund.providerRef,
        amount: refund.amountPaise,
        state,
        responseCode: refund.status === 'FAILED' ? 'REFUND_FAILED' : code,
        ...(refund.failure ? { responseCodeDescription: refund.failure } : {}),
      },
    }
  }

  return {
    refund(input: {
      merchantId?: string
      originalTransactionId?: string
      merchantTransactionId?: string
      amount?: number
    }) {
      const refundId = input.merchantTransactionId ?? ''
      if (input.merchantId !== merchantId || !refundId || refundId.length > 34) {
        return refused(400, 'BAD_REQUEST', 'merchantId or merchantTransactionId invalid')
      }
      if (findTxn(refundId)) {
        return refused(400, 'BAD_REQUEST', 'merchantTransactionId is a payment transaction')
      }
      const original = findTxn(input.originalTransactionId ?? '')
      if (!original) return refused(400, 'TRANSACTION_NOT_FOUND', 'Original transaction not found')
      if (original.code !== 'PAYMENT_SUCCESS') {
        return refused(400, 'BAD_REQUEST', 'Original transaction is not successful')
      }
      if (typeof input.amount !== 'number' || input.amount < 100) {
        return refused(400, 'BAD_REQUEST', 'Amount should be at least 100 paise')
      }
      const attempt = book.attempt({
        orderId: original.txnId,
        refundId,
        amountPaise: input.amount,
        paidPaise: original.amount,
      })
      switch (attempt.kind) {
        case 'created':
        case 'repeated':
          return Response.json(body(attempt.refund))
        case 'conflict':
          return refused(
            400,
            'BAD_REQUEST',
            'merchantTransactionId already used for another refund',
          )
        default:
          // What PhonePe answers a refund beyond what is left of the payment.
          return Response.json({
            success: false,
            code: 'PAYMENT_ERROR',
            message: 'Refund amount exceeds the refundable amount',
            data: {
              merchantId,
              merchantTransactionId: refundId,
              amount: input.amount,
              state: 'FAILED',
              responseCode: 'EXCESS_REFUND_AMOUNT',
            },
          })
      }
    },
    status(refundId: string) {
      const refund = book.poll(refundId)
      return refund
        ? Response.json(body(refund))
        : refused(404, 'TRANSACTION_NOT_FOUND', 'No such transaction')
    },
  }
}
