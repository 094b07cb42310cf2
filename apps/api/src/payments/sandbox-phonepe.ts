import { randomBytes } from 'node:crypto'
import { phonepeVerify } from './phonepe'

interface SandboxTxn {
  txnId: string
  amount: number
  redirectUrl: string
  code: 'PAYMENT_PENDING' | 'PAYMENT_SUCCESS' | 'PAYMENT_ERROR'
  transactionId?: string
}

/** The sandbox's PhonePe: checks X-VERIFY on pay and status, signs the callback. */
export interface SandboxPhonepe {
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
      if (txns.has(body.merchantTransactionId)) {
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
    if (verify !== phonepeVerify(path, saltKey, '1')) {
      return Response.json({ success: false, code: 'UNAUTHORIZED' }, { status: 401 })
    }
    const txn = txns.get(path.split('/').at(-1) ?? '')
    if (!txn)
      return Response.json({ success: false, code: 'TRANSACTION_NOT_FOUND' }, { status: 404 })
    return Response.json(statusOf(txn))
  }

  return {
    merchantId,
    saltKey,
    phonepeFetch,
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
