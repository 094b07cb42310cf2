import { digest } from './rail-http'
import {
  PayoutRailAuthError,
  PayoutRailError,
  type AccountCheck,
  type PayoutRail,
  type TransferState,
} from './types'

/**
 * The built-in sandbox rail (demo mode only, never real money): it plays a payout rail well
 * enough for a demo to show every path.
 * - Account checks answer at once: verified with the holder's name in capitals as a bank writes
 *   it, except an account number ending in 0000, which the "bank" says does not exist.
 * - A transfer answers processing; the next status asks answer paid with a made-up 12-digit UTR
 *   derived from the payout id (the same every time), except to an account number ending in 1111,
 *   whose "bank is offline", so a failed payout and its retry can be shown.
 * - A transfer repeated under the same payout id moves nothing: it answers the book's state.
 * - It sends no webhooks: every webhook is refused.
 */
export interface SandboxRail {
  rail: PayoutRail
  /** Its book: every transfer it took, once per payout id (tests and the demo read it). */
  transfers(): SandboxTransfer[]
}

export interface SandboxTransfer {
  payoutId: string
  amountPaise: number
  accountNumber: string
  ifsc: string
  remark: string
  /** How often its status was asked (the first answer after the transfer settles it). */
  polls: number
  state: TransferState
}

const FAILS_CHECK = /0000$/
const FAILS_TRANSFER = /1111$/

/** 12 digits made from the payout id: a UTR-like reference, the same on every ask. */
export function sandboxUtr(payoutId: string): string {
  return (BigInt(`0x${digest('sandbox-utr', payoutId).slice(0, 15)}`) % 10n ** 12n)
    .toString()
    .padStart(12, '0')
}

export function createSandboxRail(): SandboxRail {
  const book = new Map<string, SandboxTransfer>()
  const checks = new Map<string, AccountCheck>()

  const settle = (entry: SandboxTransfer): TransferState =>
    FAILS_TRANSFER.test(entry.accountNumber)
      ? {
          status: 'failed',
          railReference: entry.state.railReference,
          utr: null,
          failureReason: 'Beneficiary bank is offline',
        }
      : {
          status: 'paid',
          railReference: entry.state.railReference,
          utr: sandboxUtr(entry.payoutId),
          failureReason: null,
        }

  const rail: PayoutRail = {
    name: 'SANDBOX',
    sandbox: true,
    async verifyAccount(payee, reference) {
      const check: AccountCheck = FAILS_CHECK.test(payee.account.accountNumber)
        ? {
            status: 'failed',
            reference,
            nameAtBank: null,
            reason: 'The bank says this account does not exist',
          }
        : {
            status: 'verified',
            reference,
            nameAtBank: payee.account.holderName.trim().toUpperCase(),
            reason: null,
          }
      checks.set(reference, check)
      return check
    },
    async accountCheck(reference) {
      const check = checks.get(reference)
      if (!check) throw new PayoutRailError(`the sandbox made no check ${reference}`, 404)
      return check
    },
    async transfer(input) {
      const known = book.get(input.payoutId)
      if (known) return { ...known.state }
      const entry: SandboxTransfer = {
        payoutId: input.payoutId,
        amountPaise: input.amountPaise,
        accountNumber: input.payee.account.accountNumber,
        ifsc: input.payee.account.ifsc,
        remark: input.remark,
        polls: 0,
        state: {
          status: 'processing',
          railReference: `SBXP${digest('sandbox-transfer', input.payoutId).slice(0, 12).toUpperCase()}`,
          utr: null,
          failureReason: null,
        },
      }
      book.set(input.payoutId, entry)
      return { ...entry.state }
    },
    async transferStatus(payoutId) {
      const entry = book.get(payoutId)
      if (!entry) return null
      entry.polls += 1
      if (entry.state.status === 'processing') entry.state = settle(entry)
      return { ...entry.state }
    },
    verifyWebhook() {
      throw new PayoutRailAuthError('the sandbox rail sends no webhooks')
    },
  }
  return {
    rail,
    transfers: () => [...book.values()].map((entry) => ({ ...entry, state: { ...entry.state } })),
  }
}
