import Fastify from 'fastify'
import { phonepeVerify } from '../../src/payments/phonepe'

interface FakeTxn {
  merchantTransactionId: string
  amount: number
  code: 'PAYMENT_PENDING' | 'PAYMENT_SUCCESS' | 'PAYMENT_ERROR'
  transactionId: string
}

/** A local stand-in for PhonePe PG v1 (pay and status with X-VERIFY) plus a callback signer. */
export async function startFakePhonepe(
  creds = { merchantId: 'PGTESTPAYUAT', saltKey: 'pp-salt', saltIndex: '1' },
) {
  const txns = new Map<string, FakeTxn>()
  const app = Fastify()
  app.post('/apis/pg-sandbox/pg/v1/pay', async (request, reply) => {
    const { request: payload } = request.body as { request: string }
    if (
      request.headers['x-verify'] !==
      phonepeVerify(`${payload}/pg/v1/pay`, creds.saltKey, creds.saltIndex)
    ) {
      return reply.status(401).send({ success: false, code: 'UNAUTHORIZED' })
    }
    const body = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as {
      merchantTransactionId: string
      amount: number
    }
    if (txns.has(body.merchantTransactionId)) {
      return reply.status(400).send({ success: false, code: 'INVALID_TRANSACTION_ID' })
    }
    txns.set(body.merchantTransactionId, {
      merchantTransactionId: body.merchantTransactionId,
      amount: body.amount,
      code: 'PAYMENT_PENDING',
      transactionId: `T${txns.size + 1}`,
    })
    return {
      success: true,
      code: 'PAYMENT_INITIATED',
      data: {
        merchantId: creds.merchantId,
        merchantTransactionId: body.merchantTransactionId,
        instrumentResponse: {
          type: 'PAY_PAGE',
          redirectInfo: {
            url: `https://mercury.phonepe.example/pay/${body.merchantTransactionId}`,
          },
        },
      },
    }
  })
  app.get('/apis/pg-sandbox/pg/v1/status/:merchantId/:txnId', async (request, reply) => {
    const { merchantId, txnId } = request.params as { merchantId: string; txnId: string }
    const path = `/pg/v1/status/${merchantId}/${txnId}`
    if (request.headers['x-verify'] !== phonepeVerify(path, creds.saltKey, creds.saltIndex)) {
      return reply.status(401).send({ success: false, code: 'UNAUTHORIZED' })
    }
    const txn = txns.get(txnId)
    if (!txn) return reply.status(404).send({ success: false, code: 'TRANSACTION_NOT_FOUND' })
    return { success: txn.code === 'PAYMENT_SUCCESS', code: txn.code, data: { merchantId, ...txn } }
  })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })

  return {
    env: {
      PHONEPE_MERCHANT_ID: creds.merchantId,
      PHONEPE_SALT_KEY: creds.saltKey,
      PHONEPE_SALT_INDEX: creds.saltIndex,
      PHONEPE_BASE_URL: `${address}/apis/pg-sandbox`,
    },
    txns,
    /** The server-to-server callback; `saltKey` lets a test forge one. */
    callback(txnId: string, opts: { code?: string; amount?: number; saltKey?: string } = {}) {
      const txn = txns.get(txnId)
      if (!txn) throw new Error(`no fake txn ${txnId}`)
      const response = Buffer.from(
        JSON.stringify({
          success: true,
          code: opts.code ?? 'PAYMENT_SUCCESS',
          data: { ...txn, amount: opts.amount ?? txn.amount },
        }),
      ).toString('base64')
      return {
        payload: JSON.stringify({ response }),
        headers: {
          'content-type': 'application/json',
          'x-verify': phonepeVerify(response, opts.saltKey ?? creds.saltKey, creds.saltIndex),
        },
      }
    },
    close: () => app.close(),
  }
}
