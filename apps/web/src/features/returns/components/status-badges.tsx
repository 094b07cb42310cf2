import type * as React from 'react'
import {
  REFUND_STATUS_LABELS,
  RETURN_STATUS_LABELS,
  type RefundStatus,
  type ReturnStatus,
} from '@techbazaar/shared'
import { Badge } from '@/components/ui/badge'

type BadgeVariant = React.ComponentProps<typeof Badge>['variant']

/** Waiting on someone amber, under way blue, done green, refused or failed red. */
const RETURN_VARIANTS: Record<ReturnStatus, BadgeVariant> = {
  requested: 'warning',
  approved: 'default',
  received: 'default',
  qc_passed: 'success',
  rejected: 'destructive',
  qc_failed: 'destructive',
}

const REFUND_VARIANTS: Record<RefundStatus, BadgeVariant> = {
  pending: 'warning',
  initiated: 'default',
  completed: 'success',
  failed: 'destructive',
}

export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return <Badge variant={RETURN_VARIANTS[status]}>{RETURN_STATUS_LABELS[status]}</Badge>
}

export function RefundStatusBadge({ status }: { status: RefundStatus }) {
  return <Badge variant={REFUND_VARIANTS[status]}>{REFUND_STATUS_LABELS[status]}</Badge>
}

/** Past its promised day: on the row, beside the date it missed. */
export function OverdueBadge() {
  return <Badge variant="destructive">Overdue</Badge>
}
