import type { AdminRefund, AdminRefundFilter } from '@techbazaar/shared'
import { BanknoteIcon, LoaderCircleIcon, RotateCwIcon } from 'lucide-react'
import { useState } from 'react'
import { Pager } from '@/components/pager'
import { EmptyState, LoadFailed, LoadingRows } from '@/components/state-views'
import { Button } from '@/components/ui/button'
import { messageOf } from '@/lib/server-errors'
import { toast } from '@/lib/toast'
import { useAdminRefunds, type RefundsQuery } from '../api/get-admin-refunds'
import { BACK_OFFICE_PAGE_SIZE } from '../api/get-admin-returns'
import { useUpdateRefund } from '../api/update-refund'
import { ListView } from '@/components/list-view'
import { MarkPaidDialog } from './mark-paid-dialog'
import { REFUND_COLUMNS } from './refund-columns'

const EMPTY: Record<AdminRefundFilter, string> = {
  open: 'No refunds waiting',
  failed: 'No failed refunds',
  overdue: 'No overdue refunds',
  all: 'No refunds yet',
}

/** A cash-on-delivery refund the shop pays by hand and then records (its UTR). */
const isManualPayout = (row: AdminRefund) =>
  row.status === 'pending' && (row.method === 'upi' || row.method === 'bank')

/** One page of the refunds, their states, "Retry" for failed ones and "Mark paid" for payouts. */
export function RefundsList({
  query,
  onPage,
}: {
  query: RefundsQuery
  onPage: (page: number) => void
}) {
  const refunds = useAdminRefunds(query)
  const retry = useUpdateRefund()
  const [paying, setPaying] = useState<AdminRefund | null>(null)

  if (refunds.isPending) return <LoadingRows label="Loading refunds" rowClassName="h-20" />
  if (refunds.isError) {
    return (
      <LoadFailed
        message={messageOf(refunds.error, 'We could not load the refunds.')}
        onRetry={() => void refunds.refetch()}
      />
    )
  }
  const { data: rows, page, total } = refunds.data
  if (rows.length === 0) {
    return (
      <EmptyState
        title={EMPTY[query.filter]}
        icon={<BanknoteIcon aria-hidden="true" className="size-10 text-muted-foreground" />}
      >
        <p className="text-sm text-muted-foreground">
          Refunds show here when an order is cancelled, rejected or returned after payment.
        </p>
      </EmptyState>
    )
  }

  const retrying = (row: AdminRefund) => retry.isPending && retry.variables.refundId === row._id
  const startRetry = (row: AdminRefund) =>
    retry.mutate(
      { refundId: row._id, action: 'retry' },
      {
        onSuccess: (response) => toast.success(response.message),
        onError: (error) => toast.error(messageOf(error, 'The refund could not be retried.')),
      },
    )

  const actions = (row: AdminRefund) => (
    <>
      {row.status === 'failed' && (
        <Button
          variant="outline"
          className="h-11"
          disabled={retrying(row)}
          onClick={() => startRetry(row)}
        >
          {retrying(row) ? (
            <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
          ) : (
            <RotateCwIcon aria-hidden="true" />
          )}
          {retrying(row) ? 'Retrying…' : 'Retry'}
          <span className="sr-only"> – refund for {row.orderNumber}</span>
        </Button>
      )}
      {isManualPayout(row) && (
        <Button className="h-11" onClick={() => setPaying(row)}>
          Mark paid
          <span className="sr-only"> – refund for {row.orderNumber}</span>
        </Button>
      )}
    </>
  )

  return (
    <>
      <ListView
        caption="Refunds, failed first"
        columns={REFUND_COLUMNS}
        rows={rows}
        rowKey={(row) => row._id}
        flagged={(row) => row.overdue || row.status === 'failed'}
        actions={actions}
        busy={refunds.isPlaceholderData}
      />
      <Pager
        page={page}
        limit={BACK_OFFICE_PAGE_SIZE}
        total={total}
        shown={rows.length}
        noun="refunds"
        onPage={onPage}
      />
      <MarkPaidDialog refund={paying} onClose={() => setPaying(null)} />
    </>
  )
}
