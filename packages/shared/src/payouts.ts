import { z } from 'zod'
import { idParam } from './api'
import { BANK_ACCOUNT_PATTERN, IFSC_PATTERN } from './refunds'
import { defineMachine } from './state-machine'

/**
 * Paying sellers (issue 28, docs/decisions/060-seller-payouts.md): the seller's payout details
 * (PAN and a bank account checked by a penny drop), payout runs and the payouts in them.
 */

/**
 * A PAN: five letters, four digits, a letter; the fourth letter says who holds it (P a person,
 * C a company, H a HUF, F a firm or LLP, A an association, T a trust, B a body of individuals,
 * L a local authority, J an artificial juridical person, G the government).
 */
export const PAN_PATTERN = /^[A-Z]{3}[PCHFATBLJG][A-Z][0-9]{4}[A-Z]$/

export const sellerPayoutDetailsInput = z.object({
  pan: z
    .string()
    .trim()
    .toUpperCase()
    .regex(PAN_PATTERN, 'Enter the PAN as on the card, like ABCPE1234F'),
  panName: z.string().trim().min(2, 'Enter the name on the PAN').max(100, 'The name is too long'),
  holderName: z
    .string()
    .trim()
    .min(2, 'Enter the account holder’s name')
    .max(100, 'The name is too long'),
  accountNumber: z
    .string()
    .trim()
    .regex(BANK_ACCOUNT_PATTERN, 'Enter the account number (9 to 18 digits)'),
  ifsc: z.string().trim().toUpperCase().regex(IFSC_PATTERN, 'Enter an IFSC like SBIN0001234'),
})
export type SellerPayoutDetailsInput = z.infer<typeof sellerPayoutDetailsInput>

/**
 * Where a bank account's check stands: `pending` while the penny drop runs (or, paying by bank
 * file, until an admin confirms it), `verified` once the bank answered, `failed` when it refused.
 */
export const ACCOUNT_CHECK_STATUSES = ['pending', 'verified', 'failed'] as const
export type AccountCheckStatus = (typeof ACCOUNT_CHECK_STATUSES)[number]
export const ACCOUNT_CHECK_LABELS: Record<AccountCheckStatus, string> = {
  pending: 'Being verified',
  verified: 'Verified',
  failed: 'Verification failed',
}

/** The account number masked, as a seller sees its own: the last four digits. */
export function maskAccountNumber(accountNumber: string): string {
  return `••••${accountNumber.slice(-4)}`
}

const payoutDetails = z.object({
  pan: z.string(),
  panName: z.string(),
  holderName: z.string(),
  /** Masked for the seller, in full for admins. */
  accountNumber: z.string(),
  ifsc: z.string(),
  status: z.enum(ACCOUNT_CHECK_STATUSES),
  /** The name the bank holds for the account, when the check read it. */
  nameAtBank: z.string().nullable(),
  /** Why the check failed, or what it waits for. */
  reason: z.string().nullable(),
  checkedAt: z.string().nullable(),
  updatedAt: z.string(),
})
export type SellerPayoutDetails = z.infer<typeof payoutDetails>

export const payoutDetailsResponse = z.object({
  success: z.literal(true),
  /** Null until the seller gives its details. */
  data: payoutDetails.nullable(),
})
export type PayoutDetailsResponse = z.infer<typeof payoutDetailsResponse>

/**
 * Why a seller's payable money is not paid out: no details yet, the account not verified (or
 * refused), or an admin's hold. Null when nothing stops it.
 */
export const PAYOUT_BLOCKS = ['noDetails', 'accountPending', 'accountFailed', 'onHold'] as const
export type PayoutBlock = (typeof PAYOUT_BLOCKS)[number]
export const PAYOUT_BLOCK_LABELS: Record<PayoutBlock, string> = {
  noDetails: 'Add your PAN and bank account to get paid',
  accountPending: 'Your bank account is being verified',
  accountFailed: 'Your bank account could not be verified: check it and save it again',
  onHold: 'Payouts are on hold',
}

/**
 * A payout's life: made in a run's preview (or straight to queued when runs need no approval),
 * approved into the queue, sent to the rail, then paid (with the bank's UTR) or failed. A failed
 * payout gives its amount back to the seller's balance; a rail may reverse a paid one.
 */
export const PAYOUT_STATUSES = [
  'preview',
  'queued',
  'processing',
  'paid',
  'failed',
  'cancelled',
] as const
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number]
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  preview: 'Awaiting approval',
  queued: 'Queued',
  processing: 'Processing',
  paid: 'Paid',
  failed: 'Failed',
  cancelled: 'Cancelled',
}
/** Statuses whose amount is out of the seller's balance but not yet settled either way. */
export const LIVE_PAYOUT_STATUSES = ['preview', 'queued', 'processing'] as const

export const PAYOUT_MACHINE = defineMachine('payout', PAYOUT_STATUSES, {
  approve: { from: ['preview'], to: 'queued', actors: ['admin'] },
  discard: { from: ['preview'], to: 'cancelled', actors: ['admin'] },
  send: { from: ['queued'], to: 'processing', actors: ['system'] },
  settle: { from: ['queued', 'processing'], to: 'paid', actors: ['rail', 'admin'] },
  fail: { from: ['queued', 'processing'], to: 'failed', actors: ['rail', 'admin'] },
  // RazorpayX may reverse a payout it had processed (the beneficiary bank sent it back).
  reverse: { from: ['paid'], to: 'failed', actors: ['rail'] },
})
export type PayoutEventName = (typeof PAYOUT_MACHINE.events)[number]

export const PAYOUT_RUN_STATUSES = ['preview', 'approved', 'discarded'] as const
export type PayoutRunStatus = (typeof PAYOUT_RUN_STATUSES)[number]
export const PAYOUT_RUN_STATUS_LABELS: Record<PayoutRunStatus, string> = {
  preview: 'Awaiting approval',
  approved: 'Approved',
  discarded: 'Discarded',
}

export const payout = z.object({
  _id: z.string(),
  runId: z.string(),
  sellerId: z.string(),
  sellerName: z.string(),
  /** Rupees. */
  amount: z.number(),
  status: z.enum(PAYOUT_STATUSES),
  rail: z.string(),
  /** The account it was sent to (its holder; the number masked for the seller). */
  holderName: z.string(),
  accountNumber: z.string(),
  ifsc: z.string(),
  utr: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  /** A failed payout whose amount is back in the balance and not yet paid again by a later one. */
  retryable: z.boolean(),
})
export type Payout = z.infer<typeof payout>

export const payoutsResponse = z.object({
  success: z.literal(true),
  data: z.array(payout),
})
export type PayoutsResponse = z.infer<typeof payoutsResponse>

/** A seller a run could not pay, and why (frozen with the run). */
const skippedSeller = z.object({
  sellerId: z.string(),
  sellerName: z.string(),
  /** Rupees: what it could have been paid. */
  amount: z.number(),
  reason: z.string(),
})

export const payoutRun = z.object({
  _id: z.string(),
  /** 'schedule' or 'admin'. */
  trigger: z.enum(['schedule', 'admin']),
  status: z.enum(PAYOUT_RUN_STATUSES),
  rail: z.string(),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  /** Rupees. */
  total: z.number(),
  counts: z.record(z.enum(PAYOUT_STATUSES), z.number()),
})
export type PayoutRun = z.infer<typeof payoutRun>

export const payoutRunsResponse = z.object({
  success: z.literal(true),
  data: z.array(payoutRun),
})
export type PayoutRunsResponse = z.infer<typeof payoutRunsResponse>

export const payoutRunResponse = z.object({
  success: z.literal(true),
  data: payoutRun.extend({ payouts: z.array(payout), skipped: z.array(skippedSeller) }),
})
export type PayoutRunResponse = z.infer<typeof payoutRunResponse>

export const payoutRunParams = z.object({ runId: idParam })
export const payoutParams = z.object({ payoutId: idParam })

export const payoutHoldInput = z.object({
  reason: z.string().trim().min(3, 'Say why payouts are held').max(500, 'The reason is too long'),
})
export type PayoutHoldInput = z.infer<typeof payoutHoldInput>

/** A bank's status file, as text (CSV), for the payouts paid by bank file. */
export const utrImportInput = z.object({
  csv: z.string().min(1, 'Choose the bank’s status file').max(2_000_000, 'The file is too large'),
})
export const utrImportResponse = z.object({
  success: z.literal(true),
  data: z.object({
    paid: z.number(),
    failed: z.number(),
    unchanged: z.number(),
    errors: z.array(z.object({ row: z.number(), message: z.string() })),
  }),
})
export type UtrImportResponse = z.infer<typeof utrImportResponse>

/** The admins' list of sellers with money: balances, account state and hold. */
export const sellerSettlementRow = z.object({
  sellerId: z.string(),
  sellerName: z.string(),
  gstNumber: z.string().nullable(),
  /** Rupees. */
  onHold: z.number(),
  payable: z.number(),
  inPayout: z.number(),
  paid: z.number(),
  carriedNegative: z.number(),
  accountStatus: z.enum(ACCOUNT_CHECK_STATUSES).nullable(),
  hold: z.object({ reason: z.string(), since: z.string() }).nullable(),
})
export type SellerSettlementRow = z.infer<typeof sellerSettlementRow>
export const sellerSettlementsResponse = z.object({
  success: z.literal(true),
  data: z.array(sellerSettlementRow),
})
export type SellerSettlementsResponse = z.infer<typeof sellerSettlementsResponse>
