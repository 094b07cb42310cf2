import { randomBytes, randomInt } from 'node:crypto'
import { payuCommandHash, payuRequestHash, payuResponseHash } from './payu'
import { paiseOfRupees, rupeesText } from './refund-support'
import {
  createRefundBook,
  type RefundBook,
  type SandboxRefund,
  type SandboxRefundControls,
} from './sandbox-refunds'

interface SandboxTxn {
  fields: Record<string, string>
  status: 'pending' | 'success' | 'failure'
  mihpayid?: string
}

/**
 * The sandbox's PayU: takes the hosted-form POST (checking its request hash as PayU does),
 * answers verify_payment, cancel_refund_transaction and check_action_status, and signs the
 * response PayU would post back to surl/furl.
 */
export interface SandboxPayu extends SandboxRefundControls {
  readonly key: string
  readonly salt: string
  /** A `fetch` that answers PayU's postservice commands. */
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
  /** mihpayid → txnid, for the refund commands (which name the payment by PayU's id). */
  const byPayuId = new Map<string, string>()
  const book = createRefundBook()
  const refundCommands = payuRefundCommands(book, (mihpayid) => {
    const txn = txns.get(byPayuId.get(mihpayid) ?? '')
    return txn && { txn, mihpayid }
  })

  const payuFetch: typeof fetch = async (_input, init) => {
    const form = Object.fromEntries(new URLSearchParams(String(init?.body)))
    const ok =
      form.key === key &&
      !!form.command &&
      form.hash === payuCommandHash(key, form.command, form.var1 ?? '', salt)
    if (!ok) return Response.json({ status: 0, msg: 'Invalid Hash.' })
    if (form.command === 'cancel_refund_transaction')
      return Response.json(refundCommands.refund(form))
    if (form.command === 'check_action_status') return Response.json(refundCommands.status(form))
    if (form.command !== 'verify_payment')
      return Response.json({ status: 0, msg: 'Invalid command' })
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
    failNextRefund: (message) => book.failNextRefund(message),
    refunds: (txnid) => book.refunds(txnid),
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
      byPayuId.set(txn.mihpayid, txnid)
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

/** PayU's refund states as check_action_status words them. */
const PAYU_STATUS = { PENDING: 'queued', SUCCESS: 'success', FAILED: 'failure' } as const

/**
 * cancel_refund_transaction (var1 = mihpayid, var2 = token of at most 23 characters, var3 =
 * amount) and check_action_status (var1 = request_id, or mihpayid with var2 = "payuid"), in
 * PayU's answer shapes: HTTP 200 with `status` 1 or 0 and an error_code.
 */
function payuRefundCommands(
  book: RefundBook,
  findPaid: (mihpayid: string) => { txn: SandboxTxn; mihpayid: string } | undefined,
) {
  const detail = (refund: SandboxRefund, mihpayid: string) => ({
    mihpayid,
    bank_ref_num: refund.status === 'SUCCESS' ? `BRN${refund.providerRef}` : null,
    request_id: refund.providerRef,
    amt: rupeesText(refund.amountPaise),
    mode: 'UPI',
    action: 'refund',
    token: refund.refundId,
    status: PAYU_STATUS[refund.status],
    bank_arn: refund.status === 'SUCCESS' ? `ARN${refund.providerRef}` : null,
    refund_mode: 'Back to Source',
    remark: refund.failure ?? null,
  })
  /** txnid → mihpayid of each payment a refund was asked for (to name it back). */
  const mihpayidOf = new Map<string, string>()
  const paidOf = (refund: SandboxRefund) => mihpayidOf.get(refund.orderId) ?? ''

  return {
    refund(form: Record<string, string>) {
      const paid = findPaid(form.var1 ?? '')
      if (!paid) return { status: 0, msg: 'Transaction not found', error_code: 116 }
      if (paid.txn.status !== 'success') {
        return { status: 0, msg: 'Invalid transaction status', error_code: 111 }
      }
      const token = form.var2 ?? ''
      if (!token || token.length > 23) {
        return { status: 0, msg: 'Token is empty or longer than 23 characters', error_code: 124 }
      }
      const txnid = paid.txn.fields.txnid ?? ''
      mihpayidOf.set(txnid, paid.mihpayid)
      const attempt = book.attempt({
        orderId: txnid,
        refundId: token,
        amountPaise: paiseOfRupees(form.var3 ?? ''),
        paidPaise: paiseOfRupees(paid.txn.fields.amount ?? '0'),
      })
      if (attempt.kind === 'created') {
        return {
          status: 1,
          msg: 'Refund Request Queued',
          request_id: attempt.refund.providerRef,
          bank_ref_num: null,
          mihpayid: paid.mihpayid,
          error_code: 102,
        }
      }
      if (attempt.kind === 'repeated' || attempt.kind === 'conflict') {
        return { status: 0, msg: 'Token already exists', error_code: 106 }
      }
      return { status: 0, msg: 'Invalid amount', error_code: 105 }
    },
    status(form: Record<string, string>) {
      const asked = form.var1 ?? ''
      const listed =
        form.var2 === 'payuid'
          ? book.refunds().filter((r) => paidOf(r) === asked)
          : book.refunds().filter((r) => r.providerRef === asked)
      if (listed.length === 0) {
        return {
          status: 0,
          msg: '0 out of 1 Transactions Fetched Successfully',
          transaction_details: { [asked]: 'No action status found' },
        }
      }
      const details = Object.fromEntries(
        listed.map((r) => [r.providerRef, detail(book.poll(r.refundId) ?? r, paidOf(r))]),
      )
      return {
        status: 1,
        msg: '1 out of 1 Transactions Fetched Successfully',
        transaction_details: { [asked]: details },
      }
    },
  }
}
