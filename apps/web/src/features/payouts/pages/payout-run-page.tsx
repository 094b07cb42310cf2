import { formatShopDate } from '@techbazaar/shared'
import { ArrowLeftIcon } from 'lucide-react'
import { useRef } from 'react'
import type * as React from 'react'
import { Link, useParams } from 'react-router'
import { DocumentTitle } from '@/components/document-title'
import { LoadFailed, LoadingRows } from '@/components/state-views'
import { messageOf } from '@/lib/server-errors'
import { usePayoutRun, type PayoutRunDetail } from '../api/get-payout-runs'
import { BankFilePanel } from '../components/bank-file-panel'
import { BANK_FILE_RAIL } from '../components/run-labels'
import { RunDecision } from '../components/run-decision'
import { RunPayoutsTable } from '../components/run-payouts-table'
import { RunSummary } from '../components/run-summary'
import { SkippedSellers } from '../components/skipped-sellers'

function BackToRuns() {
  return (
    <Link
      to="/admin/payouts"
      className="inline-flex min-h-11 w-fit items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      <ArrowLeftIcon aria-hidden="true" className="size-4" />
      All payout runs
    </Link>
  )
}

function RunView({
  run,
  heading,
}: {
  run: PayoutRunDetail
  heading: React.RefObject<HTMLHeadingElement | null>
}) {
  return (
    <>
      <RunSummary run={run} />
      {run.status === 'preview' && <RunDecision run={run} afterDecision={heading} />}
      <section aria-labelledby="run-payouts-title" className="flex flex-col gap-3">
        <h2 id="run-payouts-title" className="text-lg font-semibold">
          Payouts
        </h2>
        {run.payouts.length === 0 ? (
          <p className="text-sm text-muted-foreground">This run has no payouts.</p>
        ) : (
          <RunPayoutsTable payouts={run.payouts} />
        )}
      </section>
      <SkippedSellers skipped={run.skipped} />
      {run.rail === BANK_FILE_RAIL && <BankFilePanel run={run} />}
    </>
  )
}

function RunBody({
  runId,
  heading,
}: {
  runId: string
  heading: React.RefObject<HTMLHeadingElement | null>
}) {
  const run = usePayoutRun(runId)
  if (run.isPending) return <LoadingRows label="Loading the payout run" count={4} />
  if (run.isError) {
    return (
      <LoadFailed
        message={messageOf(run.error, 'We could not load this payout run.')}
        onRetry={() => void run.refetch()}
      />
    )
  }
  return <RunView run={run.data} heading={heading} />
}

/**
 * /admin/payouts/:runId: one payout run: its summary, Approve or Discard while it is a preview,
 * its payouts (Retry for failed ones), the sellers it skipped, and the bank file when paid by
 * the marketplace's own bank.
 */
export default function PayoutRunPage() {
  const { runId = '' } = useParams()
  const run = usePayoutRun(runId)
  const heading = useRef<HTMLHeadingElement>(null)
  const title = run.data
    ? `Payout run of ${formatShopDate(run.data.createdAt, 'moment')}`
    : 'Payout run'
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <DocumentTitle>{`${title} | TechBazaar Admin`}</DocumentTitle>
      <BackToRuns />
      <h1
        ref={heading}
        id="page-title"
        tabIndex={-1}
        className="text-2xl font-bold tracking-tight outline-none sm:text-3xl"
      >
        {title}
      </h1>
      <RunBody runId={runId} heading={heading} />
    </section>
  )
}
