import { z } from 'zod'
import { idParam } from './api'
import { defineMachine } from './state-machine'

/**
 * A refund's life (decision 55):
 * - pending: owed, not yet accepted by the provider (queued in the outbox), or a cash-on-delivery
 *   refund waiting for the shop to pay it to the shopper's UPI id or bank account;
 * - initiated: the provider accepted it and is crediting the original payment source;
 * - completed: the money reached the shopper (the provider says so, or the shop recorded its payout);
 * - failed: the provider refused or failed it; visible to admins, who retry it.
 */
export const REFUND_STATUSES = ['pending', 'initiated', 'completed', 'failed'] as const
export type RefundStatus = (typeof REFUND_STATUSES)[number]
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: 'Pending',
  initiated: 'Initiated',
  completed: 'Refunded',
  failed: 'Failed',
}

/** Who moves a refund: its provider (webhook, poll), an admin (retry, a recorded payout), a job. */
export type RefundActor = 'provider' | 'admin' | 'system'

/**
 * Every move a refund may make (state-machine.ts). A provider may answer "completed" without an
 * "initiated" before it; a failed refund goes back to pending only by an admin's retry, under a
 * new attempt. Completed is the end.
 */
export const REFUND_MACHINE = defineMachine('refund', REFUND_STATUSES, {
  initiate: { from: ['pending'], to: 'initiated', actors: ['provider'] },
  complete: { from: ['pending', 'initiated'], to: 'completed', actors: ['provider', 'admin'] },
  fail: { from: ['pending', 'initiated'], to: 'failed', actors: ['provider', 'system'] },
  retry: { from: ['failed'], to: 'pending', actors: ['admin'] },
})
export type RefundEvent = (typeof REFUND_MACHINE.events)[number]

/** Where the money goes: back to the payment that took it, or (cash on delivery) to an account. */
export const REFUND_METHODS = ['original', 'upi', 'bank'] as const
export type RefundMethod = (typeof REFUND_METHODS)[number]
export const REFUND_METHOD_LABELS: Record<RefundMethod, string> = {
  original: 'Original payment method',
  upi: 'UPI',
  bank: 'Bank transfer',
}

/** Why money goes back. */
export const REFUND_CAUSES = [
  'cancellation',
  'return',
  'undelivered',
  'rejection',
  'latePayment',
] as const
export type RefundCause = (typeof REFUND_CAUSES)[number]
export const REFUND_CAUSE_LABELS: Record<RefundCause, string> = {
  cancellation: 'Cancellation',
  return: 'Return',
  undelivered: 'Parcel returned undelivered',
  rejection: 'Order rejected',
  latePayment: 'Payment after the order ended',
}

export const UPI_ID_PATTERN = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/
export const BANK_ACCOUNT_PATTERN = /^[0-9]{9,18}$/

/** Where a cash-on-delivery refund is paid: the shopper's UPI id or bank account. */
export const payoutAccount = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('upi'),
      upiId: z.string().trim().regex(UPI_ID_PATTERN, 'Enter a UPI id like name@bank'),
    }),
    z.object({
      kind: z.literal('bank'),
      accountName: z
        .string()
        .trim()
        .min(2, 'Enter the account holder’s name')
        .max(100, 'The name is too long'),
      accountNumber: z
        .string()
        .trim()
        .regex(BANK_ACCOUNT_PATTERN, 'Enter the account number (9 to 18 digits)'),
      ifsc: z.string().trim().toUpperCase().regex(IFSC_PATTERN, 'Enter an IFSC like SBIN0001234'),
    }),
  ],
  { error: 'Choose UPI or bank account' },
)
export type PayoutAccount = z.infer<typeof payoutAccount>

/** A payout account as shown back to the shopper and sellers: the account number masked. */
export function describePayout(account: PayoutAccount): string {
  if (account.kind === 'upi') {
    const [name = '', handle = ''] = account.upiId.split('@')
    return `UPI ${name.slice(0, 2)}••••@${handle}`
  }
  return `${account.accountName}, A/c ••••${account.accountNumber.slice(-4)}, ${account.ifsc}`
}

export const refund = z.object({
  _id: z.uuid(),
  /** Rupees. */
  amount: z.number(),
  status: z.enum(REFUND_STATUSES),
  method: z.enum(REFUND_METHODS),
  cause: z.enum(REFUND_CAUSES),
  /** The provider's refund reference, or the payout's UTR once paid. */
  reference: z.string().nullable(),
  /** The seller's part it refunds; null for a whole-order refund (a late payment). */
  subOrderId: z.uuid().nullable(),
  /** The return it pays back, when it does. */
  returnId: z.uuid().nullable(),
  /** Where a cash-on-delivery refund is paid, masked (null for original-method refunds). */
  payoutTo: z.string().nullable(),
  /** Why the provider failed it: admins only (null for shoppers and sellers). */
  failure: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** The promised day: created + REFUND_DAYS (the shop's policy). */
  expectedBy: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
})
export type Refund = z.infer<typeof refund>

/** "Refund of ₹1,999 initiated on 24 Nov, expected by 4 Dec" and its siblings. */
export interface RefundLineParts {
  status: RefundStatus
  amountText: string
  createdOn: string
  expectedBy: string
  completedOn: string | null
}
export function refundSentence(p: RefundLineParts): string {
  switch (p.status) {
    case 'completed':
      return `Refund of ${p.amountText} completed on ${p.completedOn ?? p.createdOn}`
    case 'failed':
      return `Refund of ${p.amountText} is delayed; our team is on it (expected by ${p.expectedBy})`
    case 'pending':
    case 'initiated':
      return `Refund of ${p.amountText} initiated on ${p.createdOn}, expected by ${p.expectedBy}`
  }
}

/** A credit note issued for an order (a return, a parcel that came back). */
export const creditNoteSummary = z.object({
  _id: z.uuid(),
  number: z.string(),
  subOrderId: z.uuid(),
  /** The invoice it reverses, fully or in part. */
  invoiceNumber: z.string(),
  issuedAt: z.iso.datetime(),
  /** Rupees, GST included. */
  amount: z.number(),
})
export type CreditNoteSummary = z.infer<typeof creditNoteSummary>

export const creditNotePdfPath = (orderId: string, creditNoteId: string) =>
  `/api/shop/order/${orderId}/credit-notes/${creditNoteId}.pdf`
export const creditNotePdfParams = z.object({ orderId: idParam, creditNoteId: idParam })

/** The admin's refunds list (failed first), and what an admin does to one. */
export const adminRefund = refund.extend({
  orderId: z.uuid(),
  orderNumber: z.string(),
  customerName: z.string(),
  /** The full account a cash-on-delivery refund is paid to (admins pay it). */
  payout: payoutAccount.nullable(),
  provider: z.string().nullable(),
  overdue: z.boolean(),
})
export type AdminRefund = z.infer<typeof adminRefund>
export const ADMIN_REFUND_FILTERS = ['open', 'failed', 'overdue', 'all'] as const
export type AdminRefundFilter = (typeof ADMIN_REFUND_FILTERS)[number]
export const adminRefundsQuery = z.object({
  filter: z.enum(ADMIN_REFUND_FILTERS).default('open'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})
export const adminRefundListResponse = z.object({
  success: z.literal(true),
  data: z.array(adminRefund),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
})
export type AdminRefundListResponse = z.infer<typeof adminRefundListResponse>
export const refundIdParams = z.object({ refundId: idParam })
/**
 * A bank transfer's reference as Indian banks give it (issue 31, item 8), spaces and dashes
 * dropped and capitalised: 12 digits (an IMPS or UPI reference number), or 16 (NEFT) or 22
 * (RTGS) letters and digits starting with the sending bank's four-letter code.
 */
export const UTR_SHAPE = /^(\d{12}|[A-Z]{4}[A-Z0-9]{12}|[A-Z]{4}[A-Z0-9]{18})$/
export const UTR_MESSAGE =
  'Enter the UTR as the bank gives it: 12 digits (IMPS or UPI), or 16 (NEFT) or 22 (RTGS) letters and digits starting with the bank’s code'
const utrField = z
  .string()
  .trim()
  .min(1, 'Enter the payout’s reference (UTR)')
  .max(40, 'The reference is too long')
  .transform((text) => text.replace(/[\s-]/g, '').toUpperCase())
  .refine((utr) => UTR_SHAPE.test(utr), UTR_MESSAGE)

/** Retry a failed refund; or record the payout of a cash-on-delivery refund with its UTR. */
export const updateRefundBody = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('retry') }),
    z.object({
      action: z.literal('markPaid'),
      reference: utrField,
    }),
  ],
  { error: 'action must be retry or markPaid' },
)
export type UpdateRefundInput = z.infer<typeof updateRefundBody>
export const updateRefundResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: adminRefund,
})
