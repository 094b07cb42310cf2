import { useSession } from '@/lib/session/get-session'
import { OrdersFilters } from '../components/orders-filters'
import { OrdersTable } from '../components/orders-table'
import { useOrdersFilter } from '../components/use-orders-filter'
import { DocumentTitle } from '@/components/document-title'

/**
 * /admin/orders: every order for an admin, a page at a time, searched and filtered (status,
 * days, payment method, seller) and exported as CSV; its own sub-orders for a seller (type vendor).
 */
export default function AdminOrdersPage() {
  const { user } = useSession()
  const scope = user?.type === 'vendor' ? 'vendor' : 'admin'
  const { filter, setPage, ...controls } = useOrdersFilter()
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <DocumentTitle>Orders | TechBazaar Admin</DocumentTitle>
      <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        All Orders
      </h1>
      {scope === 'admin' && <OrdersFilters filter={filter} controls={controls} />}
      <OrdersTable key={scope} scope={scope} filter={filter} onPage={setPage} />
    </section>
  )
}
