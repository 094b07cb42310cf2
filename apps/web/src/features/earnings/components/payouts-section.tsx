import { formatRupees, formatShopDate, type Payout } from '@techbazaar/shared'
import { BanknoteIcon } from 'lucide-react'
import { ListView, type Column } from '@/components/list-view'
import { PayoutStatusBadge } from '@/components/payout-status-badge'
import { EmptyState, LoadFailed, LoadingRows } from '@/components/state-views'
import { messageOf } from '@/lib/server-errors'
import { useSellerPayouts } from '../api/get-seller-payouts'
import type { Whose } from '../api/whose'

const moment = (iso: string) => <time dateTime={iso}>{formatShopDate(iso, 'medium')}</time>

/** The status, and what happened: paid on a day, or why it failed. */
function PayoutState({ payout }: { payout: Payout }) {
  return (
    <span className="flex flex-col items-start gap-1">
      <PayoutStatusBadge status={payout.status} />
      {payout.status === 'paid' && payout.settledAt && (
        <span className="text-xs text-muted-foreground">on {moment(payout.settledAt)}</span>
      )}
      {payout.failureReason && (
        <span className="text-xs text-destructive">{payout.failureReason}</span>
      )}
    </span>
  )
}

const COLUMNS: Column<Payout>[] = [
  { header: 'Date', cell: (p) => moment(p.createdAt), className: 'tabular' },
  { header: 'Amount', cell: (p) => formatRupees(p.amount), className: 'tabular font-semibold' },
  { header: 'Status', cell: (p) => <PayoutState payout={p} /> },
  {
    header: 'UTR',
    cell: (p) => p.utr ?? '—',
    className: 'tabular break-all xl:break-normal xl:whitespace-nowrap',
  },
  {
    header: 'Account',
    cell: (p) => (
      <span className="flex flex-col">
        <span className="break-words">{p.holderName}</span>
        <span className="tabular break-all xl:break-normal xl:whitespace-nowrap">
          {p.accountNumber} · {p.ifsc}
        </span>
      </span>
    ),
  },
]

function PayoutsBody({ whose }: { whose: Whose }) {
  const payouts = useSellerPayouts(whose)
  if (payouts.isPending) return <LoadingRows label="Loading payouts" count={3} />
  if (payouts.isError) {
    return (
      <LoadFailed
        message={messageOf(payouts.error, 'We could not load the payouts.')}
        onRetry={() => void payouts.refetch()}
      />
    )
  }
  if (payouts.data.length === 0) {
    return (
      <EmptyState
        title="No payouts yet"
        icon={<BanknoteIcon aria-hidden="true" className="size-10 text-muted-foreground" />}
        className="p-6"
      >
        <p className="text-sm text-muted-foreground">
          Payable money is paid out in the next payout run once the bank account is verified.
        </p>
      </EmptyState>
    )
  }
  return (
    <ListView
      caption="Payouts, newest first"
      columns={COLUMNS}
      rows={payouts.data}
      rowKey={(payout) => payout._id}
      flagged={(payout) => payout.status === 'failed'}
    />
  )
}

/** A seller's payouts: the date, amount, status, the bank's UTR and the account paid (whose, too). */
export function PayoutsSection({ whose }: { whose: Whose }) {
  return (
    <section aria-labelledby="payouts-title" className="flex flex-col gap-3">
      <h2 id="payouts-title" className="text-lg font-semibold">
        Payouts
      </h2>
      <PayoutsBody whose={whose} />
    </section>
  )
}
