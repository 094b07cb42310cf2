import { formatRupees, formatShopDate } from '@techbazaar/shared'
import { PackageOpen } from 'lucide-react'
import type * as React from 'react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { OrderStatusBadge } from '@/components/order-status-badge'
import { messageOf } from '@/lib/server-errors'
import { EmptyState } from '@/components/state-views'
import { cn } from '@/lib/utils'
import { useAdminOrders, type OrderRow, type OrdersFilter } from '../api/get-admin-orders'
import { OrderDetailsDialog } from './order-details-dialog'
import { OrdersPager } from './orders-pager'

/**
 * The table's columns in one place, each with its cell: the desk table and the phone cards both
 * read them (another column is one more entry here).
 */
const COLUMNS: { header: string; cell: (row: OrderRow) => React.ReactNode; className?: string }[] =
  [
    { header: 'Order ID', cell: (row) => row.orderNumber, className: 'tabular font-medium' },
    {
      header: 'Customer',
      cell: (row) => (
        <span className="flex min-w-0 flex-col">
          <span className="font-medium">{row.userName}</span>
          <span className="truncate text-xs text-muted-foreground">{row.email}</span>
        </span>
      ),
    },
    { header: 'Order Date', cell: (row) => formatShopDate(row.orderDate), className: 'tabular' },
    { header: 'Order Status', cell: (row) => <OrderStatusBadge status={row.orderStatus} /> },
    {
      header: 'Order Price',
      cell: (row) => formatRupees(row.totalAmount),
      className: 'tabular font-medium',
    },
  ]

/**
 * "All Orders": a table on desks, stacked cards on phones; one details dialog for both. An
 * admin's list is one page of the server's (filters and paging in `filter`), a seller's whole.
 */
export function OrdersTable({
  scope,
  filter,
  onPage,
}: {
  scope: 'admin' | 'vendor'
  filter: OrdersFilter
  onPage: (page: number) => void
}) {
  const orders = useAdminOrders(scope, filter)
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
  const { rows } = orders.data
  if (rows.length === 0) {
    const filtered = Boolean(filter.q || filter.status)
    return (
      <EmptyState
        title={filtered ? 'No orders match these filters' : 'No orders yet'}
        icon={<PackageOpen aria-hidden="true" className="size-10 text-muted-foreground" />}
      />
    )
  }

  // The open row comes from the latest list, so its status badge follows an update.
  const open = rows.find((row) => row._id === openId) ?? null
  const view = (id: string) => (
    <Button variant="outline" size="sm" className="h-10" onClick={() => setOpenId(id)}>
      View Details
    </Button>
  )

  return (
    <>
      <div
        className="relative hidden overflow-x-auto rounded-xl border bg-background lg:block"
        aria-busy={orders.isPlaceholderData}
      >
        <table className="w-full text-sm">
          <thead className="border-b bg-muted/50 text-left text-xs text-muted-foreground uppercase">
            <tr>
              {COLUMNS.map(({ header }) => (
                <th key={header} scope="col" className="px-4 py-3 font-semibold">
                  {header}
                </th>
              ))}
              <th scope="col" className="px-4 py-3 font-semibold">
                <span className="sr-only">Details</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {rows.map((row) => (
              <tr key={row._id} className="align-middle">
                {COLUMNS.map(({ header, cell, className }) => (
                  <td key={header} className={cn('max-w-64 px-4 py-2.5', className)}>
                    {cell(row)}
                  </td>
                ))}
                <td className="px-4 py-2.5 text-right">{view(row._id)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="grid gap-3 sm:grid-cols-2 lg:hidden">
        {rows.map((row) => (
          <li key={row._id} className="flex flex-col gap-3 rounded-xl border bg-background p-4">
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
              {COLUMNS.map(({ header, cell, className }) => (
                <div key={header} className="contents">
                  <dt className="text-muted-foreground">{header}</dt>
                  <dd className={cn('min-w-0', className)}>{cell(row)}</dd>
                </div>
              ))}
            </dl>
            {view(row._id)}
          </li>
        ))}
      </ul>

      {scope === 'admin' && <OrdersPager page={orders.data} onPage={onPage} />}

      <OrderDetailsDialog
        row={open}
        scope={scope}
        onOpenChange={(isOpen) => !isOpen && setOpenId(null)}
      />
    </>
  )
}
