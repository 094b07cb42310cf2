import { ADMIN_RETURN_FILTERS, type AdminReturnFilter } from '@techbazaar/shared'
import { DocumentTitle } from '@/components/document-title'
import { useSession } from '@/lib/session/get-session'
import { FilterTabs } from '../components/filter-tabs'
import { ReturnsList } from '../components/returns-list'
import { useListFilter } from '../components/use-list-filter'

const FILTER_LABELS: Record<AdminReturnFilter, string> = {
  open: 'Open',
  overdue: 'Overdue',
  closed: 'Closed',
  all: 'All',
}

/**
 * /admin/returns: the returns queue. A seller (type vendor) sees the returns of its own items,
 * an admin everyone's (the server decides; each row says what the caller may do next). The
 * dashboard links here with ?filter=overdue.
 */
export default function ReturnsPage() {
  const { user } = useSession()
  const isSeller = user?.type === 'vendor'
  const { filter, page, setFilter, setPage } = useListFilter(ADMIN_RETURN_FILTERS)
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <DocumentTitle>Returns | TechBazaar Admin</DocumentTitle>
      <div className="flex flex-col gap-1">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Returns
        </h1>
        <p className="text-sm text-muted-foreground">
          {isSeller
            ? 'Approve or reject each request by its decide-by day, then check what comes back.'
            : 'Every seller’s returns. You can decide for a seller and override a decision.'}{' '}
          Overdue: not decided by its day, or received and not checked in time. Days are India time.
        </p>
      </div>
      <FilterTabs
        label="Show returns"
        filters={ADMIN_RETURN_FILTERS}
        labels={FILTER_LABELS}
        value={filter}
        onChange={setFilter}
      />
      <ReturnsList query={{ filter, page }} showSeller={!isSeller} onPage={setPage} />
    </section>
  )
}
