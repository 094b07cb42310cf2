import { formatRupees, type Payout } from '@techbazaar/shared'
import { LoaderCircleIcon, RotateCwIcon } from 'lucide-react'
import { Link } from 'react-router'
import { ListView, type Column } from '@/components/list-view'
import { PayoutStatusBadge } from '@/components/payout-status-badge'
import { Button } from '@/components/ui/button'
import { messageOf } from '@/lib/server-errors'
import { toast } from '@/lib/toast'
import { useRetryPayout } from '../api/retry-payout'

const COLUMNS: Column<Payout>[] = [
  {
    header: 'Seller',
    cell: (p) => (
      <Link
        to={`/admin/settlements/${p.sellerId}`}
        className="inline-flex min-h-11 items-start font-medium text-primary underline-offset-4 hover:underline xl:min-h-0"
      >
        {p.sellerName}
      </Link>
    ),
  },
  { header: 'Amount', cell: (p) => formatRupees(p.amount), className: 'tabular font-semibold' },
  {
    header: 'Account',
    // The holder beside the number: the name the bank is asked to pay, checked at a glance
    // against the seller's before approving.
    cell: (p) => (
      <span className="flex flex-col">
        <span className="font-medium break-words whitespace-normal">{p.holderName}</span>
        <span className="select-all">{p.accountNumber}</span>
        <span className="text-muted-foreground select-all">{p.ifsc}</span>
      </span>
    ),
    className: 'tabular break-all xl:break-normal xl:whitespace-nowrap',
  },
  { header: 'Status', cell: (p) => <PayoutStatusBadge status={p.status} /> },
  {
    header: 'UTR',
    cell: (p) => p.utr ?? '—',
    className: 'tabular break-all xl:break-normal xl:whitespace-nowrap',
  },
  {
    header: 'Failure reason',
    cell: (p) =>
      p.failureReason ? <span className="text-destructive">{p.failureReason}</span> : '—',
  },
]

/** A run's payouts, the accounts (holder, number, IFSC) in full; a failed one offers Retry. */
export function RunPayoutsTable({ payouts }: { payouts: Payout[] }) {
  const retry = useRetryPayout()
  const retrying = (payout: Payout) => retry.isPending && retry.variables === payout._id

  const startRetry = (payout: Payout) =>
    retry.mutate(payout._id, {
      onSuccess: (run) =>
        toast.success(`${payout.sellerName}: a new payout of ${formatRupees(run.total)} made`),
      onError: (error) => toast.error(messageOf(error, 'The payout could not be retried.')),
    })

  const actions = (payout: Payout) =>
    payout.status === 'failed' && payout.retryable ? (
      <Button
        variant="outline"
        className="h-11"
        disabled={retrying(payout)}
        onClick={() => startRetry(payout)}
      >
        {retrying(payout) ? (
          <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
        ) : (
          <RotateCwIcon aria-hidden="true" />
        )}
        {retrying(payout) ? 'Retrying…' : 'Retry'}
        <span className="sr-only"> – payout to {payout.sellerName}</span>
      </Button>
    ) : null

  return (
    <ListView
      caption="The run's payouts"
      columns={COLUMNS}
      rows={payouts}
      rowKey={(payout) => payout._id}
      flagged={(payout) => payout.status === 'failed'}
      actions={actions}
    />
  )
}
