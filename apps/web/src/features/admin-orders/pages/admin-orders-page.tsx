import { useSession } from '@/features/auth/api/get-session'
import { OrdersTable } from '../components/orders-table'

/** /admin/orders: every order for an admin, its own sub-orders for a seller (type vendor). */
export default function AdminOrdersPage() {
  const { user } = useSession()
  const scope = user?.type === 'vendor' ? 'vendor' : 'admin'
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <title>Orders | TechBazaar Admin</title>
      <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        All Orders
      </h1>
      <OrdersTable key={scope} scope={scope} />
    </section>
  )
}
