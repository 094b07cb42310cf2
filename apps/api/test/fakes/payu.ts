import Fastify from 'fastify'
import { payuCommandHash, payuResponseHash } from '../../src/payments/payu'

interface FakeTxn {
  status: 'success' | 'failure' | 'pending'
  amt: string
  mihpayid: string
}

/**
 * A local stand-in for PayU's verify_payment (postservice.php?form=2, form body, command hash)
 * plus a signer for the response PayU posts to surl/furl.
 */
export async function startFakePayu(creds = { key: 'payu-test-key', salt: 'payu-test-salt' }) {
  const txns = new Map<string, FakeTxn>()
  const app = Fastify()
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  )
  app.post('/merchant/postservice.php', async (request) => {
    const form = request.body as Record<string, string>
    if (
      (request.query as Record<string, string>).form !== '2' ||
      form.key !== creds.key ||
      form.command !== 'verify_payment' ||
      form.hash !== payuCommandHash(creds.key, 'verify_payment', form.var1 ?? '', creds.salt)
    ) {
      return { status: 0, msg: 'Invalid Hash.' }
    }
    const txn = txns.get(form.var1 ?? '')
    return {
      status: 1,
      msg: '1 out of 1 Transactions Fetched Successfully',
      transaction_details: {
        [form.var1 ?? '']: txn ? { txnid: form.var1, ...txn } : { status: 'Not Found' },
      },
    }
  })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })

  return {
    env: {
      PAYU_KEY: creds.key,
      PAYU_SALT: creds.salt,
      PAYU_PAYMENT_URL: 'https://test.payu.in/_payment',
      PAYU_VERIFY_URL: `${address}/merchant/postservice.php?form=2`,
    },
    txns,
    /** The form PayU posts back, signed with `salt` (a test passes another to forge one). */
    response(fields: Record<string, string>, salt = creds.salt) {
      const all = { key: creds.key, mode: 'UPI', ...fields }
      return new URLSearchParams({ ...all, hash: payuResponseHash(salt, all) }).toString()
    },
    close: () => app.close(),
  }
}
