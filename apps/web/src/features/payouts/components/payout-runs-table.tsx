import { formatRupees, formatShopDate, type PayoutRun } from '@techbazaar/shared'
import { Link } from 'react-router'
import { ListView, type Column } from '@/components/list-view'
import { PayoutRunStatusBadge, payoutCounts, railLabel, TRIGGER_LABELS } from './run-labels'

const COLUMNS: Column<PayoutRun>[] = [
  {
    header: 'Date',
    cell: (run) => (
      <Link
        to={`/admin/payouts/${run._id}`}
        className="inline-flex min-h-11 items-start font-medium text-primary underline-offset-4 hover:underline xl:min-h-0"
      >
        <time dateTime={run.createdAt}>{formatShopDate(run.createdAt, 'moment')}</time>
      </Link>
    ),
    className: 'tabular',
  },
  { header: 'Trigger', cell: (run) => TRIGGER_LABELS[run.trigger] },
  { header: 'Rail', cell: (run) => railLabel(run.rail) },
  { header: 'Status', cell: (run) => <PayoutRunStatusBadge status={run.status} /> },
  { header: 'Total', cell: (run) => formatRupees(run.total), className: 'tabular font-semibold' },
  { header: 'Payouts', cell: (run) => payoutCounts(run.counts) },
]

/** The latest runs, newest first; each date opens the run. */
export function PayoutRunsTable({ runs }: { runs: PayoutRun[] }) {
  return (
    <ListView
      caption="Payout runs, newest first"
      columns={COLUMNS}
      rows={runs}
      rowKey={(run) => run._id}
      flagged={(run) => (run.counts.failed ?? 0) > 0}
    />
  )
}
