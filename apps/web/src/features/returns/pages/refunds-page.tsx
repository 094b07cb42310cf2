import { ADMIN_REFUND_FILTERS, type AdminRefundFilter } from '@techbazaar/shared'
import { Navigate } from 'react-router'
import { DocumentTitle } from '@/components/document-title'
import { useSession } from '@/lib/session/get-session'
import { FilterTabs } from '../components/filter-tabs'
import { RefundsList } from '../components/refunds-list'
import { useListFilter } from '../components/use-list-filter'

const FILTER_LABELS: Record<AdminRefundFilter, string> = {
  open: 'Open',
  failed: 'Failed',
  overdue: 'Overdue',
  all: 'All',
}

/**
 * /admin/refunds (admins): every refund, failed first, with "Retry" for a failed one and
 * "Mark paid" for a cash-on-delivery refund paid by UPI or bank transfer. The dashboard links
 * here with ?filter=failed and ?filter=overdue.
 */
export default function RefundsPage() {
  const { user } = useSession()
  const { filter, page, setFilter, setPage } = useListFilter(ADMIN_REFUND_FILTERS)
  // Refunds are the marketplace's money; a seller follows its returns.
  if (user?.type === 'vendor') return <Navigate to="/admin/returns" replace />
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <DocumentTitle>Refunds | TechBazaar Admin</DocumentTitle>
      <div className="flex flex-col gap-1">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Refunds
        </h1>
        <p className="text-sm text-muted-foreground">
          Overdue: not completed by the day promised to the shopper. Days are India time.
        </p>
      </div>
      <FilterTabs
        label="Show refunds"
        filters={ADMIN_REFUND_FILTERS}
        labels={FILTER_LABELS}
        value={filter}
        onChange={setFilter}
      />
      <RefundsList query={{ filter, page }} onPage={setPage} />
    </section>
  )
}
