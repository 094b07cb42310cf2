import { formatRupees } from '@techbazaar/shared'
import { PackageOpen } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { OrderStatusBadge, orderDate } from '@/features/account/components/orders-tab'
import { messageOf } from '@/features/auth/lib/server-errors'
import { EmptyState } from '@/features/catalog/components/state-views'
import { useAdminOrders } from '../api/get-admin-orders'
import { OrderDetailsDialog } from './order-details-dialog'

/** "All Orders": a table on desks, stacked cards on phones; one details dialog for both. */
export function OrdersTable({ scope }: { scope: 'admin' | 'vendor' }) {
  const orders = useAdminOrders(scope)
  const [openId, setOpenId] = useState<string | null>(null)

  if (orders.isPending) {
    return (
      <div
        className="flex flex-col gap-2"
        role="status"
        aria-busy="true"
        aria-label="Loading orders"
      >
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    )
  }
  if (orders.isError) {
    return (
      <p
        role="alert"
        className="rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-sm font-medium text-destructive"
      >
        {messageOf(orders.error, 'We could not load the orders.')}{' '}
        <button type="button" className="underline" onClick={() => void orders.refetch()}>
          Try again
        </button>
      </p>
    )
  }
  if (orders.data.length === 0) {
    return (
      <EmptyState
        title="No orders yet"
        icon={<PackageOpen aria-hidden="true" className="size-10 text-muted-foreground" />}
      />
    )
  }

  // The open row comes from the latest list, so its status badge follows an update.
  const open = orders.data.find((row) => row._id === openId) ?? null
  const view = (id: string) => (
    <Button variant="outline" size="sm" className="h-10" onClick={() => setOpenId(id)}>
      View Details
    </Button>
  )

  return (
    <>
      <div className="relative hidden overflow-x-auto rounded-xl border bg-background md:block">
        <table className="w-full text-sm">
          <thead className="border-b bg-muted/50 text-left text-xs text-muted-foreground uppercase">
            <tr>
              {['Order ID', 'Order Date', 'Order Status', 'Order Price'].map((h) => (
                <th key={h} scope="col" className="px-4 py-3 font-semibold">
                  {h}
                </th>
              ))}
              <th scope="col" className="px-4 py-3 font-semibold">
                <span className="sr-only">Details</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {orders.data.map((row) => (
              <tr key={row._id} className="align-middle">
                <td className="tabular px-4 py-2.5 font-medium">{row.orderNumber}</td>
                <td className="tabular px-4 py-2.5">{orderDate(row.orderDate)}</td>
                <td className="px-4 py-2.5">
                  <OrderStatusBadge status={row.orderStatus} />
                </td>
                <td className="tabular px-4 py-2.5 font-medium">{formatRupees(row.totalAmount)}</td>
                <td className="px-4 py-2.5 text-right">{view(row._id)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="flex flex-col gap-3 md:hidden">
        {orders.data.map((row) => (
          <li key={row._id} className="flex flex-col gap-3 rounded-xl border bg-background p-4">
            <div className="flex items-start justify-between gap-2">
              <p className="tabular min-w-0 font-medium">{row.orderNumber}</p>
              <OrderStatusBadge status={row.orderStatus} />
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Order Date</dt>
              <dd className="tabular">{orderDate(row.orderDate)}</dd>
              <dt className="text-muted-foreground">Order Price</dt>
              <dd className="tabular font-medium">{formatRupees(row.totalAmount)}</dd>
            </dl>
            {view(row._id)}
          </li>
        ))}
      </ul>

      <OrderDetailsDialog
        row={open}
        scope={scope}
        onOpenChange={(isOpen) => !isOpen && setOpenId(null)}
      />
    </>
  )
}
