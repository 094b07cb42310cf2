import { formatRupees, formatShopDate, type LateCreditView } from '@techbazaar/shared'
import { FileClockIcon } from 'lucide-react'
import { DocumentTitle } from '@/components/document-title'
import { ListView, type Column } from '@/components/list-view'
import { EmptyState, LoadFailed, LoadingRows } from '@/components/state-views'
import { messageOf } from '@/lib/server-errors'
import { useSession } from '@/lib/session/get-session'
import { useLateCredits } from '../api/get-late-credits'

const COLUMNS: Column<LateCreditView>[] = [
  {
    header: 'Invoice',
    cell: (row) => (
      <span className="flex flex-col gap-0.5">
        <span className="tabular font-medium">{row.invoiceNumber}</span>
        <span className="text-xs text-muted-foreground">
          {formatShopDate(row.invoiceDate, 'medium')} · Order {row.orderNumber}
        </span>
      </span>
    ),
  },
  { header: 'Supplier', cell: (row) => row.supplierName },
  {
    header: 'Credit',
    cell: (row) => (
      <span className="flex flex-col gap-0.5">
        <span className="tabular font-semibold">{formatRupees(row.amount)}</span>
        <span className="text-xs text-muted-foreground">
          {row.forReturn ? 'Return' : 'Whole invoice'}: {row.reason}
        </span>
      </span>
    ),
  },
  {
    header: 'Owed on',
    cell: (row) => formatShopDate(row.recordedAt, 'medium'),
    className: 'tabular',
  },
  {
    header: 'Last day for a note',
    // The limit ends at midnight in India: the day shown is the one before that moment.
    cell: (row) => formatShopDate(new Date(new Date(row.lastDay).getTime() - 1), 'medium'),
    className: 'tabular',
  },
]

function LateCreditsBody() {
  const credits = useLateCredits()
  if (credits.isPending) return <LoadingRows label="Loading late credits" rowClassName="h-16" />
  if (credits.isError) {
    return (
      <LoadFailed
        message={messageOf(credits.error, 'We could not load the late credits.')}
        onRetry={() => void credits.refetch()}
      />
    )
  }
  if (credits.data.length === 0) {
    return (
      <EmptyState
        title="No credit has been owed past the time limit"
        icon={<FileClockIcon aria-hidden="true" className="size-10 text-muted-foreground" />}
      />
    )
  }
  return (
    <ListView
      caption="Credits past the section 34(2) time limit"
      columns={COLUMNS}
      rows={credits.data}
      rowKey={(row) => row.id}
    />
  )
}

/**
 * /admin/late-credits: credits owed past the CGST s.34(2) time limit, for which no credit note
 * was issued (decision 070); every one for admins, a seller's own for a seller.
 */
export default function LateCreditsPage() {
  const { user } = useSession()
  const seller = user?.type === 'vendor'
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <DocumentTitle>Late credits | TechBazaar Admin</DocumentTitle>
      <div className="flex flex-col gap-1">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Late credits
        </h1>
        <p className="max-w-3xl text-sm text-muted-foreground">
          Credits owed after the section 34(2) time limit (30 November after the financial year of
          the supply), so no GST credit note was issued: the shopper was refunded, and the GST
          declared on the invoice stays payable by the supplier.
          {seller ? ' Only your own invoices are listed.' : ' Every supplier’s are listed.'}
        </p>
      </div>
      <LateCreditsBody />
    </section>
  )
}
