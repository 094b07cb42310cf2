import {
  PAYOUT_RUN_STATUS_LABELS,
  PAYOUT_STATUS_LABELS,
  PAYOUT_STATUSES,
  type PayoutRun,
  type PayoutRunStatus,
} from '@techbazaar/shared'
import { Badge } from '@/components/ui/badge'

/** The rails' names as people say them; a rail added later shows its code until named here. */
const RAIL_LABELS: Record<string, string> = {
  CASHFREE: 'Cashfree',
  RAZORPAYX: 'RazorpayX',
  BANK_FILE: 'Bank file',
  SANDBOX: 'Sandbox',
}
export const railLabel = (rail: string) => RAIL_LABELS[rail] ?? rail

/** Runs on this rail are paid by the marketplace's own bank from a downloaded file. */
export const BANK_FILE_RAIL = 'BANK_FILE'

export const TRIGGER_LABELS: Record<PayoutRun['trigger'], string> = {
  schedule: 'Scheduled',
  admin: 'By an admin',
}

const RUN_VARIANTS = { preview: 'warning', approved: 'success', discarded: 'secondary' } as const

export function PayoutRunStatusBadge({ status }: { status: PayoutRunStatus }) {
  return <Badge variant={RUN_VARIANTS[status]}>{PAYOUT_RUN_STATUS_LABELS[status]}</Badge>
}

/** "2 Paid · 1 Failed": the run's payouts by status, in the order a payout moves through them. */
export function payoutCounts(counts: PayoutRun['counts']): string {
  const parts = PAYOUT_STATUSES.filter((status) => (counts[status] ?? 0) > 0).map(
    (status) => `${counts[status]} ${PAYOUT_STATUS_LABELS[status]}`,
  )
  return parts.length > 0 ? parts.join(' · ') : 'No payouts'
}
