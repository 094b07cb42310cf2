import { randomBytes, randomInt } from 'node:crypto'
import { payuCommandHash, payuRequestHash, payuResponseHash } from './payu'

interface SandboxTxn {
  fields: Record<string, string>
  status: 'pending' | 'success' | 'failure'
  mihpayid?: string
}

/**
 * The sandbox's PayU: takes the hosted-form POST (checking its request hash as PayU does),
 * answers verify_payment, and signs the response PayU would post back to surl/furl.
 */
export interface SandboxPayu {
  readonly key: string
  readonly salt: string
  /** A `fetch` that answers PayU's verify_payment. */
  payuFetch: typeof fetch
  /** Accepts a posted payment form; answers the txnid, or null when its hash is wrong. */
  accept(fields: Record<string, string>): string | null
  find(txnid: string): SandboxTxn | undefined
  /** Pays or fails; answers the signed response fields and where PayU would post them. */
  complete(
    txnid: string,
    outcome: 'pay' | 'fail',
  ): { fields: Record<string, string>; postTo: string } | null
}

export function createSandboxPayu(): SandboxPayu {
  const key = 'sandbox'
  const salt = randomBytes(24).toString('base64url')
  const txns = new Map<string, SandboxTxn>()

  const payuFetch: typeof fetch = async (_input, init) => {
    const form = Object.fromEntries(new URLSearchParams(String(init?.body)))
    const ok =
      form.key === key &&
      form.command === 'verify_payment' &&
      form.hash === payuCommandHash(key, 'verify_payment', form.var1 ?? '', salt)
    if (!ok) return Response.json({ status: 0, msg: 'Invalid Hash.' })
    const txn = txns.get(form.var1 ?? '')
    const details = txn
      ? {
          txnid: txn.fields.txnid,
          status: txn.status === 'pending' ? 'pending' : txn.status,
          amt: txn.fields.amount,
          mihpayid: txn.mihpayid ?? 'Not Found',
        }
      : { status: 'Not Found' }
    return Response.json({
      status: 1,
      msg: '1 out of 1 Transactions Fetched Successfully',
      transaction_details: { [form.var1 ?? '']: details },
    })
  }

  return {
    key,
    salt,
    payuFetch,
    accept(fields) {
      if (fields.key !== key || !fields.txnid || fields.hash !== payuRequestHash(salt, fields)) {
        return null
      }
      const known = txns.get(fields.txnid)
      if (!known) txns.set(fields.txnid, { fields, status: 'pending' })
      return fields.txnid
    },
    find: (txnid) => txns.get(txnid),
    complete(txnid, outcome) {
      const txn = txns.get(txnid)
      if (!txn || txn.status !== 'pending') return null
      txn.status = outcome === 'pay' ? 'success' : 'failure'
      txn.mihpayid = String(randomInt(1e12))
      const { hash: _requestHash, ...posted } = txn.fields
      const fields: Record<string, string> = {
        ...posted,
        mihpayid: txn.mihpayid,
        mode: 'UPI',
        status: txn.status,
        unmappedstatus: outcome === 'pay' ? 'captured' : 'failed',
        bank_ref_num: String(randomInt(1e9)),
        error: outcome === 'pay' ? 'E000' : 'E308',
        error_Message: outcome === 'pay' ? 'No Error' : 'Transaction declined',
      }
      fields.hash = payuResponseHash(salt, fields)
      return { fields, postTo: (outcome === 'pay' ? posted.surl : posted.furl) ?? '/' }
    },
  }
}
