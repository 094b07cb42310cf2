import { z } from 'zod'
import { idParam } from './api'
import { PAYOUT_BLOCKS } from './payouts'

/**
 * What a seller is owed (issue 28, docs/decisions/059-seller-settlement-ledger.md). The ledger's
 * entries are signed from the seller's point of view: a sale credits it, the marketplace's
 * commission and fees, the GST on them, TCS and TDS debit it; a reversal undoes part of an
 * entry when goods come back.
 */
export const SETTLEMENT_ENTRY_KINDS = [
  'sale',
  'commission',
  'closingFee',
  'feeGst',
  'tcs',
  'tds',
  'saleReversal',
  'commissionReversal',
  'feeGstReversal',
  'tcsReversal',
  'tdsReversal',
  // A payout takes its amount out of the balance; a failed or reversed one gives it back.
  'payout',
  'payoutReturned',
] as const
export type SettlementEntryKind = (typeof SETTLEMENT_ENTRY_KINDS)[number]

/**
 * A delivered part's money is on hold until its return window and the buffer after it have
 * passed with no return open; then it is payable, and once payouts have taken it, in payout and
 * then paid. Payouts pay balances, not parts: a part counts as taken by payouts oldest first
 * (the payable parts in the order their holds ended), so the page shows which parts the money
 * paid so far covers.
 */
export const SETTLEMENT_PART_STATUSES = ['onHold', 'payable', 'inPayout', 'paid'] as const
export type SettlementPartStatus = (typeof SETTLEMENT_PART_STATUSES)[number]
export const SETTLEMENT_PART_STATUS_LABELS: Record<SettlementPartStatus, string> = {
  onHold: 'On hold',
  payable: 'Payable',
  inPayout: 'In payout',
  paid: 'Paid',
}

/**
 * One delivered part's money, in rupees (the API's edge). Deductions are positive amounts the
 * marketplace keeps; `net` is what the seller gets: sale − commission − closingFee − feeGst −
 * tcs − tds, each already net of its reversals.
 */
const earningsPart = z.object({
  subOrderId: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  deliveredAt: z.string(),
  /** When the part turns payable if no return is open by then. */
  holdUntil: z.string(),
  status: z.enum(SETTLEMENT_PART_STATUSES),
  /**
   * A return is open on the part (requested, approved or received): it stays on hold past
   * `holdUntil` until the return is settled, so the page says why rather than showing a date gone by.
   */
  returnOpen: z.boolean(),
  sale: z.number(),
  commission: z.number(),
  closingFee: z.number(),
  feeGst: z.number(),
  tcs: z.number(),
  tds: z.number(),
  net: z.number(),
})
export type EarningsPart = z.infer<typeof earningsPart>

/**
 * A seller's balances: every one a sum of ledger entries. `payable` never goes below zero: a
 * negative sum of payable parts (goods returned after their fees were earned) is carried as
 * `carriedNegative` against later earnings.
 */
export const earningsResponse = z.object({
  success: z.literal(true),
  data: z.object({
    sellerId: z.string(),
    totals: z.object({
      onHold: z.number(),
      /** Payable and not in a payout yet. */
      payable: z.number(),
      /** In payouts approved or awaiting approval, not paid yet. */
      inPayout: z.number(),
      /** Paid out, ever. */
      paid: z.number(),
      carriedNegative: z.number(),
    }),
    /** Why payable money waits (payouts.ts's PAYOUT_BLOCKS), with an admin's hold reason. */
    payoutBlock: z
      .object({ kind: z.enum(PAYOUT_BLOCKS), reason: z.string().nullable() })
      .nullable(),
    parts: z.array(earningsPart),
  }),
})
export type EarningsResponse = z.infer<typeof earningsResponse>

export const sellerIdParams = z.object({ sellerId: idParam })
