/**
 * Payout rails (issue 28): how the marketplace sends a seller its money, behind one interface
 * like payment providers and couriers. The shop keeps the ledger and the payout records; a rail
 * only moves money and says what became of it.
 */

export type PayoutRailName = 'CASHFREE' | 'RAZORPAYX' | 'BANK_FILE' | 'SANDBOX'

/** A seller's bank account, as it gave it (the account number unmasked: servers only). */
export interface BankAccount {
  holderName: string
  accountNumber: string
  /** 11 characters: 4 letters (the bank), 0, 6 letters or digits (the branch). */
  ifsc: string
}

/** Who is paid: the seller (its id is stable and names it at the rail) and its account. */
export interface Payee {
  sellerId: string
  name: string
  email: string
  /** 10 digits. */
  phone: string
  account: BankAccount
}

/**
 * A bank-account check (penny drop: the rail sends ₹1 and reads back the name the bank holds).
 * `pending` when the rail answers later (`accountCheck` asks again) or when nobody can check
 * automatically (the bank-file rail: an admin confirms the account).
 */
export interface AccountCheck {
  status: 'verified' | 'failed' | 'pending'
  /** The rail's id of the check, to ask about it again. */
  reference: string
  /** The name the bank holds for the account, when it said. */
  nameAtBank: string | null
  /** Why it failed (or why it waits), in words a seller can act on. */
  reason: string | null
}

export interface TransferInput {
  /**
   * Ours and unique per payout: the rail's transfer id or idempotency key. Sending the same
   * payout again (a retry after a crash or a timeout) never moves money twice.
   */
  payoutId: string
  amountPaise: number
  payee: Payee
  /** Shown on the seller's bank statement (the rails cut it to their own length). */
  remark: string
}

/** A payout's state at the rail, in the shop's words. */
export type TransferStatus = 'processing' | 'paid' | 'failed'

export interface TransferState {
  status: TransferStatus
  /** The rail's own id of the transfer, once it has one. */
  railReference: string | null
  /** The bank's reference (UTR), once paid. */
  utr: string | null
  /** Why it failed or was reversed, when it did. */
  failureReason: string | null
}

/** What a webhook request brings: the exact bytes and the headers. */
export interface PayoutWebhookRequest {
  rawBody: string
  headers: Record<string, string | string[] | undefined>
}

/** A webhook's news about one payout, authenticity checked. */
export interface PayoutEvent extends TransferState {
  payoutId: string
}

/** The rail refused or could not be reached. `status`: its HTTP status, when it answered. */
export class PayoutRailError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
  }
}
/** A webhook whose signature does not hold, or that is not about a payout. */
export class PayoutRailAuthError extends Error {}

export interface PayoutRail {
  readonly name: PayoutRailName
  /** True when the built-in sandbox plays it (demo mode): no real money moves. */
  readonly sandbox: boolean
  /** Starts a penny-drop check of the payee's account; `reference` is ours, unique per check. */
  verifyAccount(payee: Payee, reference: string): Promise<AccountCheck>
  /** Asks again about a check that answered `pending`. */
  accountCheck(reference: string): Promise<AccountCheck>
  /**
   * Sends the payout (making the payee known to the rail first when needed). Idempotent on
   * `payoutId`: a repeat answers the state of the first transfer and moves nothing. Throws
   * PayoutRailError when the rail refused it outright (nothing was sent) or could not be reached
   * (unknown: `transferStatus` finds out).
   */
  transfer(input: TransferInput): Promise<TransferState>
  /** The transfer's state by our id; null when the rail holds no transfer under it. */
  transferStatus(payoutId: string): Promise<TransferState | null>
  /**
   * Checks a webhook's signature (throws PayoutRailAuthError when it fails) and answers its news,
   * or null when it is authentic but not about a payout's outcome (acknowledge and ignore it).
   */
  verifyWebhook(request: PayoutWebhookRequest): PayoutEvent | null
}
