import { PAYOUT_STATUS_LABELS, type PayoutStatus } from '@techbazaar/shared'
import type * as React from 'react'
import { Badge } from '@/components/ui/badge'

type BadgeVariant = React.ComponentProps<typeof Badge>['variant']

/** Waiting on an admin amber, under way blue, paid green, failed red, cancelled muted. */
const VARIANTS: Record<PayoutStatus, BadgeVariant> = {
  preview: 'warning',
  queued: 'default',
  processing: 'default',
  paid: 'success',
  failed: 'destructive',
  cancelled: 'secondary',
}

/** A payout's status as the seller's Earnings page and the admins' payout runs show it. */
export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  return <Badge variant={VARIANTS[status]}>{PAYOUT_STATUS_LABELS[status]}</Badge>
}
