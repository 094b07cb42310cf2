import { formatShopDate } from '@techbazaar/shared'
import { PackageOpen } from 'lucide-react'
import type * as React from 'react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { OrderPrice } from '@/components/order-money'
import { OrderStatusBadge } from '@/components/order-status-badge'
import { messageOf } from '@/lib/server-errors'
import { EmptyState, LoadFailed, LoadingRows } from '@/components/state-views'
import { Pager } from '@/components/pager'
import { cn } from '@/lib/utils'
import { useAdminOrders, type OrderRow, type OrdersFilter } from '../api/get-admin-orders'
import { OrderDetailsDialog } from './order-details-dialog'
import { ShipDialog } from './ship-dialog'
import { ToShipList } from './to-ship-list'

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
    { header: 'Order Status', cell: (row) => <OrderStatusBadge status={row.displayStatus} /> },
    { header: 'Order Price', cell: (row) => <OrderPrice order={row} /> },
  ]

/**
 * "All Orders": a table on desks, stacked cards on phones; one details dialog for both. An
 * admin's list is one page of the server's (filters and paging in `filter`), a seller's whole,
 * with its parts to ship above the rest and the "Ship" dialog that books the courier.
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
  // The row as it was when "Ship" was pressed: once booked it leaves the list to ship, and the
  // dialog stays to show the AWB and label.
  const [shipping, setShipping] = useState<OrderRow | null>(null)

  if (orders.isPending) return <LoadingRows label="Loading orders" />
  if (orders.isError) {
    return (
      <LoadFailed
        message={messageOf(orders.error, 'We could not load the orders.')}
        onRetry={() => void orders.refetch()}
      />
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
  // A seller's parts to ship (the server sends them first) get their own section on top.
  const toShip = scope === 'vendor' ? rows.filter((row) => row.shipBy) : []
  const listed = scope === 'vendor' ? rows.filter((row) => !row.shipBy) : rows

  return (
    <>
      {scope === 'vendor' && (
        <>
          <ToShipList rows={toShip} onShip={setShipping} onView={(row) => setOpenId(row._id)} />
          <h2 className="text-lg font-semibold">Other orders</h2>
          {listed.length === 0 && (
            <p className="text-sm text-muted-foreground">No other orders yet.</p>
          )}
        </>
      )}
      {listed.length > 0 && (
        <OrdersList rows={listed} view={view} busy={orders.isPlaceholderData} />
      )}

      {scope === 'admin' && (
        <Pager
          page={orders.data.page}
          limit={orders.data.limit}
          total={orders.data.total}
          shown={rows.length}
          noun="orders"
          onPage={onPage}
        />
      )}

      <OrderDetailsDialog
        row={open}
        scope={scope}
        onOpenChange={(isOpen) => !isOpen && setOpenId(null)}
        onShip={(row) => {
          setOpenId(null)
          setShipping(row)
        }}
      />
      {scope === 'vendor' && (
        <ShipDialog row={shipping} onOpenChange={(isOpen) => !isOpen && setShipping(null)} />
      )}
    </>
  )
}

/** The rows as a table on desks and stacked cards on phones. */
function OrdersList({
  rows,
  view,
  busy,
}: {
  rows: OrderRow[]
  view: (id: string) => React.ReactNode
  busy: boolean
}) {
  return (
    <>
      <Table containerClassName="hidden lg:block" busy={busy}>
        <TableHeader>
          <TableRow>
            {COLUMNS.map(({ header }) => (
              <TableHead key={header}>{header}</TableHead>
            ))}
            <TableHead>
              <span className="sr-only">Details</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row._id} className="align-middle">
              {COLUMNS.map(({ header, cell, className }) => (
                <TableCell key={header} className={cn('max-w-64 py-2.5', className)}>
                  {cell(row)}
                </TableCell>
              ))}
              <TableCell className="py-2.5 text-right">{view(row._id)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

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
    </>
  )
}
