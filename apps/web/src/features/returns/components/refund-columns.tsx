import {
  formatRupees,
  formatShopDate,
  PAYMENT_METHOD_LABELS,
  REFUND_CAUSE_LABELS,
  REFUND_METHOD_LABELS,
  type AdminRefund,
} from '@techbazaar/shared'
import type { Column } from '@/components/list-view'
import { OverdueBadge, RefundStatusBadge } from './status-badges'

const providerLabel = (provider: string) =>
  (PAYMENT_METHOD_LABELS as Record<string, string | undefined>)[provider] ?? provider

const date = (value: string) => (
  <time dateTime={value} className="tabular whitespace-nowrap">
    {formatShopDate(value, 'medium')}
  </time>
)

/** The admin's refunds list columns; the phone cards read the same. */
export const REFUND_COLUMNS: Column<AdminRefund>[] = [
  {
    header: 'Order',
    cell: (row) => (
      <span className="flex min-w-0 flex-col gap-0.5">
        <span className="tabular font-medium whitespace-nowrap">{row.orderNumber}</span>
        <span>{row.customerName}</span>
      </span>
    ),
  },
  {
    header: 'Amount',
    cell: (row) => (
      <span className="flex min-w-0 flex-col gap-0.5">
        <span className="tabular font-semibold">{formatRupees(row.amount)}</span>
        <span className="text-xs text-muted-foreground">{REFUND_CAUSE_LABELS[row.cause]}</span>
      </span>
    ),
  },
  {
    header: 'Method',
    cell: (row) => (
      <span className="flex min-w-0 flex-col gap-0.5">
        <span>{REFUND_METHOD_LABELS[row.method]}</span>
        {row.provider && (
          <span className="text-xs text-muted-foreground">
            Provider: {providerLabel(row.provider)}
          </span>
        )}
        {row.payoutTo && (
          <span className="text-xs break-words text-muted-foreground">To {row.payoutTo}</span>
        )}
      </span>
    ),
  },
  {
    header: 'Status',
    cell: (row) => (
      <span className="flex min-w-0 flex-col items-start gap-1">
        <RefundStatusBadge status={row.status} />
        {row.reference && (
          <span className="tabular text-xs break-all text-muted-foreground">
            Ref. {row.reference}
          </span>
        )}
        {row.failure && <span className="text-xs break-words text-destructive">{row.failure}</span>}
      </span>
    ),
  },
  {
    header: 'Dates',
    cell: (row) => (
      <span className="flex flex-col items-start gap-1.5">
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-xs">
          <dt className="text-muted-foreground">Created</dt>
          <dd>{date(row.createdAt)}</dd>
          <dt className="text-muted-foreground">Expected by</dt>
          <dd>{date(row.expectedBy)}</dd>
          {row.completedAt && (
            <>
              <dt className="text-muted-foreground">Completed</dt>
              <dd>{date(row.completedAt)}</dd>
            </>
          )}
        </dl>
        {row.overdue && <OverdueBadge />}
      </span>
    ),
  },
]
