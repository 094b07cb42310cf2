import type { AdminReturn, AdminReturnFilter } from '@techbazaar/shared'
import { PackageCheckIcon } from 'lucide-react'
import { useState } from 'react'
import { Pager } from '@/components/pager'
import { EmptyState, LoadFailed, LoadingRows } from '@/components/state-views'
import { Button } from '@/components/ui/button'
import { messageOf } from '@/lib/server-errors'
import { BACK_OFFICE_PAGE_SIZE, useAdminReturns, type ReturnsQuery } from '../api/get-admin-returns'
import { ListView } from '@/components/list-view'
import { RETURN_ACTIONS } from './return-actions'
import { returnColumns } from './return-columns'
import { ReturnDecisionDialog, type PendingDecision } from './return-decision-dialog'

const EMPTY: Record<AdminReturnFilter, string> = {
  open: 'No returns waiting',
  overdue: 'No overdue returns',
  closed: 'No closed returns yet',
  all: 'No returns yet',
}

/** The decisions that refuse (reject, fail the check) look like it. */
const REFUSALS = new Set(['rejected', 'qc_failed'])

/** One page of the returns queue, its states, and the dialog its buttons open. */
export function ReturnsList({
  query,
  showSeller,
  onPage,
}: {
  query: ReturnsQuery
  showSeller: boolean
  onPage: (page: number) => void
}) {
  const returns = useAdminReturns(query)
  const [pending, setPending] = useState<PendingDecision | null>(null)

  if (returns.isPending) return <LoadingRows label="Loading returns" rowClassName="h-20" />
  if (returns.isError) {
    return (
      <LoadFailed
        message={messageOf(returns.error, 'We could not load the returns.')}
        onRetry={() => void returns.refetch()}
      />
    )
  }
  const { data: rows, page, total } = returns.data
  if (rows.length === 0) {
    return (
      <EmptyState
        title={EMPTY[query.filter]}
        icon={<PackageCheckIcon aria-hidden="true" className="size-10 text-muted-foreground" />}
      >
        <p className="text-sm text-muted-foreground">
          Returns show here when shoppers send delivered items back.
        </p>
      </EmptyState>
    )
  }

  const actions = (row: AdminReturn) =>
    row.next.map((decision) => (
      <Button
        key={decision}
        variant={REFUSALS.has(decision) ? 'outline' : 'default'}
        className={REFUSALS.has(decision) ? 'h-11 text-destructive' : 'h-11'}
        onClick={() => setPending({ row, decision })}
      >
        {RETURN_ACTIONS[decision].button}
        <span className="sr-only"> – return of {row.orderNumber}</span>
      </Button>
    ))

  return (
    <>
      <ListView
        caption="Returns"
        columns={returnColumns({ showSeller })}
        rows={rows}
        rowKey={(row) => row._id}
        flagged={(row) => row.overdue}
        actions={actions}
        busy={returns.isPlaceholderData}
      />
      <Pager
        page={page}
        limit={BACK_OFFICE_PAGE_SIZE}
        total={total}
        shown={rows.length}
        noun="returns"
        onPage={onPage}
      />
      <ReturnDecisionDialog pending={pending} onClose={() => setPending(null)} />
    </>
  )
}
