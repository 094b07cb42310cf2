import type * as React from 'react'
import { formatRupees, type Payout } from '@techbazaar/shared'
import { LandmarkIcon, LoaderCircleIcon, RotateCwIcon } from 'lucide-react'
import { Link } from 'react-router'
import { ListView, type Column } from '@/components/list-view'
import { PayoutStatusBadge } from '@/components/payout-status-badge'
import { Button } from '@/components/ui/button'
import { messageOf } from '@/lib/server-errors'
import { toast } from '@/lib/toast'
import { useCheckPayout } from '../api/check-payout'
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

const CHECKED: Record<string, string> = {
  paid: 'paid',
  failed: 'failed: its amount is back in the seller’s balance',
  processing: 'still on its way at the bank',
}

/** A busy-aware action button for one payout's row (its seller named for screen readers). */
function RowAction({
  payout,
  busy,
  icon,
  label,
  busyLabel,
  onClick,
}: {
  payout: Payout
  busy: boolean
  icon: React.ReactNode
  label: string
  busyLabel: string
  onClick: () => void
}) {
  return (
    <Button variant="outline" className="h-11" disabled={busy} onClick={onClick}>
      {busy ? <LoaderCircleIcon aria-hidden="true" className="animate-spin" /> : icon}
      {busy ? busyLabel : label} <span className="sr-only">– payout to {payout.sellerName}</span>
    </Button>
  )
}

/**
 * A run's payouts, the accounts (holder, number, IFSC) in full; a failed one offers Retry, one on
 * its way at a provider offers Check with the bank.
 */
export function RunPayoutsTable({ payouts }: { payouts: Payout[] }) {
  const retry = useRetryPayout()
  const check = useCheckPayout()

  const startRetry = (payout: Payout) =>
    retry.mutate(payout._id, {
      onSuccess: (run) =>
        toast.success(`${payout.sellerName}: a new payout of ${formatRupees(run.total)} made`),
      onError: (error) => toast.error(messageOf(error, 'The payout could not be retried.')),
    })
  const startCheck = (payout: Payout) =>
    check.mutate(payout._id, {
      onSuccess: (run) => {
        const now = run.payouts.find((p) => p._id === payout._id)?.status ?? 'processing'
        toast.success(`Payout to ${payout.sellerName}: ${CHECKED[now] ?? now}`)
      },
      onError: (error) => toast.error(messageOf(error, 'The bank could not be asked.')),
    })

  const actions = (payout: Payout) => {
    if (payout.status === 'failed' && payout.retryable) {
      return (
        <RowAction
          payout={payout}
          busy={retry.isPending && retry.variables === payout._id}
          icon={<RotateCwIcon aria-hidden="true" />}
          label="Retry"
          busyLabel="Retrying…"
          onClick={() => startRetry(payout)}
        />
      )
    }
    if (payout.status === 'processing' && payout.rail !== 'BANK_FILE') {
      return (
        <RowAction
          payout={payout}
          busy={check.isPending && check.variables === payout._id}
          icon={<LandmarkIcon aria-hidden="true" />}
          label="Check with the bank"
          busyLabel="Checking…"
          onClick={() => startCheck(payout)}
        />
      )
    }
    return null
  }

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
