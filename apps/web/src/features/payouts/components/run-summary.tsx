import { formatRupees, formatShopDate } from '@techbazaar/shared'
import type * as React from 'react'
import type { PayoutRunDetail } from '../api/get-payout-runs'
import { PayoutRunStatusBadge, payoutCounts, railLabel, TRIGGER_LABELS } from './run-labels'

const moment = (iso: string) => <time dateTime={iso}>{formatShopDate(iso, 'moment')}</time>

/** The run at a glance: status, who started it, the rail, when, the total and its payouts. */
export function RunSummary({ run }: { run: PayoutRunDetail }) {
  const rows: [string, React.ReactNode][] = [
    ['Status', <PayoutRunStatusBadge key="status" status={run.status} />],
    ['Trigger', TRIGGER_LABELS[run.trigger]],
    ['Rail', railLabel(run.rail)],
    ['Made', moment(run.createdAt)],
    ['Approved', run.approvedAt ? moment(run.approvedAt) : '—'],
    [
      'Total',
      <span key="total" className="font-semibold">
        {formatRupees(run.total)}
      </span>,
    ],
    ['Payouts', payoutCounts(run.counts)],
    ['Skipped', `${run.skipped.length} ${run.skipped.length === 1 ? 'seller' : 'sellers'}`],
  ]
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 rounded-xl border bg-background p-4 text-sm sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="tabular min-w-0">{value}</dd>
        </div>
      ))}
    </dl>
  )
}
