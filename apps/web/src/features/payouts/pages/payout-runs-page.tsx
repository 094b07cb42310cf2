import { BanknoteIcon } from 'lucide-react'
import { DocumentTitle } from '@/components/document-title'
import { EmptyState, LoadFailed, LoadingRows } from '@/components/state-views'
import { messageOf } from '@/lib/server-errors'
import { usePayoutRuns } from '../api/get-payout-runs'
import { PayoutRunsTable } from '../components/payout-runs-table'
import { RunNowButton } from '../components/run-now-button'

function RunsBody() {
  const runs = usePayoutRuns()
  if (runs.isPending) return <LoadingRows label="Loading payout runs" rowClassName="h-14" />
  if (runs.isError) {
    return (
      <LoadFailed
        message={messageOf(runs.error, 'We could not load the payout runs.')}
        onRetry={() => void runs.refetch()}
      />
    )
  }
  if (runs.data.length === 0) {
    return (
      <EmptyState
        title="No payout runs yet"
        icon={<BanknoteIcon aria-hidden="true" className="size-10 text-muted-foreground" />}
      >
        <p className="text-sm text-muted-foreground">
          Runs are made on the weekly schedule, or now with “Run payouts now”.
        </p>
      </EmptyState>
    )
  }
  return <PayoutRunsTable runs={runs.data} />
}

/**
 * /admin/payouts: the payout runs (issue 28, decision 60), each opening its payouts, and a way
 * to run payouts now.
 */
export default function PayoutRunsPage() {
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <DocumentTitle>Payouts | TechBazaar Admin</DocumentTitle>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Payouts
          </h1>
          <p className="text-sm text-muted-foreground">
            Each run pays sellers their payable money. Amounts in rupees; times are India time.
          </p>
        </div>
        <RunNowButton />
      </div>
      <RunsBody />
    </section>
  )
}
