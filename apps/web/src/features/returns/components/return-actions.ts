import { formatRupees, type AdminReturn, type ReturnDecision } from '@techbazaar/shared'

/** How each decision reads on its button, in its dialog, and whether it needs a note. */
export const RETURN_ACTIONS: Record<
  ReturnDecision,
  {
    button: string
    /** What happens, told in the dialog before it is confirmed. */
    explain: (row: AdminReturn) => string
    /** The shopper is owed a reason for a refusal; the note is required then. */
    noteRequired?: string
  }
> = {
  approved: {
    button: 'Approve',
    explain: () =>
      'A reverse pickup is booked with the courier, and the shopper is told when it comes.',
  },
  rejected: {
    button: 'Reject',
    explain: () => 'The shopper is told the return was rejected, with your note.',
    noteRequired: 'Write why the return is rejected: the shopper reads it.',
  },
  received: {
    button: 'Mark received',
    explain: () => 'The returned items reached the seller. Check them next.',
  },
  qc_passed: {
    button: 'QC passed',
    explain: (row) =>
      `The items go back into stock, a credit note is issued and the refund of ${formatRupees(row.amount)} is released.`,
  },
  qc_failed: {
    button: 'QC failed',
    explain: () => 'No refund is made, and the shopper is told what failed, with your note.',
    noteRequired: 'Write what failed the quality check: the shopper reads it.',
  },
}
