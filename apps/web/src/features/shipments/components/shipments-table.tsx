import {
  COURIER_LABELS,
  formatShopDay,
  isShippable,
  LATE_REASON_LABELS,
  SHIPMENT_STATUS_LABELS,
  type AdminShipmentRow,
} from '@techbazaar/shared'
import { TruckIcon } from 'lucide-react'
import type * as React from 'react'
import { Link } from 'react-router'
import { Badge } from '@/components/ui/badge'
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { OrderStatusBadge } from '@/components/order-status-badge'
import { Pager } from '@/components/pager'
import {
  canStopParcel,
  StopParcelAction,
  type StoppableParcel,
} from '@/components/stop-parcel-action'
import { EmptyState, LoadFailed, LoadingRows } from '@/components/state-views'
import { messageOf } from '@/lib/server-errors'
import { cn } from '@/lib/utils'
import { useShipments, type ShipmentsFilter } from '../api/get-shipments'

/** A day (`YYYY-MM-DD`, India) read at noon there, so no time zone moves it. */
const day = (value: string | null) =>
  value ? (
    <time dateTime={value}>{formatShopDay(value)}</time>
  ) : (
    <span className="text-muted-foreground">—</span>
  )

/** The row as the Stop action reads a parcel: the sub-order, its seller, status and booking. */
const parcelOf = (row: AdminShipmentRow): StoppableParcel => ({
  subOrderId: row._id,
  seller: row.seller,
  status: row.orderStatus,
  shipment: row.shipment,
})

/** The columns in one place: the desk table and the phone cards both read them. */
const COLUMNS: {
  header: string
  cell: (row: AdminShipmentRow) => React.ReactNode
  className?: string
}[] = [
  {
    header: 'Order',
    // The orders page finds an order by its number.
    cell: (row) => (
      <Link
        to={`/admin/orders?q=${encodeURIComponent(row.orderNumber)}`}
        className="font-medium text-primary underline-offset-4 hover:underline"
      >
        {row.orderNumber}
      </Link>
    ),
    className: 'tabular',
  },
  { header: 'Seller', cell: (row) => row.seller },
  {
    header: 'Courier',
    cell: (row) =>
      row.shipment ? (
        <span className="flex min-w-0 flex-col">
          <span>{COURIER_LABELS[row.shipment.courier]}</span>
          <span className="tabular text-xs break-all text-muted-foreground">
            AWB {row.shipment.awb}
          </span>
        </span>
      ) : (
        <span className="text-muted-foreground">
          {/* Parts the seller has not handed over: without a parcel they are simply not booked yet. */}
          {isShippable(row.orderStatus) ? 'Not booked' : 'No courier tracking'}
        </span>
      ),
  },
  {
    header: 'Status',
    cell: (row) => (
      <span className="flex flex-col items-start gap-1">
        <OrderStatusBadge status={row.orderStatus} />
        {row.shipment && (
          <span className="text-xs text-muted-foreground">
            {SHIPMENT_STATUS_LABELS[row.shipment.status]}
          </span>
        )}
      </span>
    ),
  },
  { header: 'Ship by', cell: (row) => day(row.shipBy), className: 'tabular' },
  {
    header: 'Expected by',
    cell: (row) => day(row.shipment?.expectedBy ?? null),
    className: 'tabular',
  },
  {
    header: 'Late',
    cell: (row) =>
      row.lateReason ? (
        <span className="flex flex-col items-start gap-1">
          <Badge variant="destructive">Late</Badge>
          <span className="text-xs text-destructive">{LATE_REASON_LABELS[row.lateReason]}</span>
        </span>
      ) : (
        <span className="text-muted-foreground">On time</span>
      ),
  },
  {
    // Issue 26.5: a parcel with the courier is stopped here too, as in the order's details.
    header: 'Action',
    cell: (row) => {
      const parcel = parcelOf(row)
      return canStopParcel(parcel) ? (
        <StopParcelAction parcel={parcel} className="mt-0 border-t-0 pt-0" />
      ) : (
        <span className="text-muted-foreground">—</span>
      )
    },
  },
]

/** "Shipments": a table on desks, stacked cards on phones, one page at a time. */
export function ShipmentsTable({
  filter,
  onPage,
}: {
  filter: ShipmentsFilter
  onPage: (page: number) => void
}) {
  const shipments = useShipments(filter)

  if (shipments.isPending) {
    return <LoadingRows label="Loading shipments" rowClassName="h-14" />
  }
  if (shipments.isError) {
    return (
      <LoadFailed
        message={messageOf(shipments.error, 'We could not load the shipments.')}
        onRetry={() => void shipments.refetch()}
      />
    )
  }
  const { data: rows, page, limit, total } = shipments.data
  if (rows.length === 0) {
    return (
      <EmptyState
        title={filter.late ? 'No late shipments' : 'No shipments yet'}
        icon={<TruckIcon aria-hidden="true" className="size-10 text-muted-foreground" />}
      >
        <p className="text-sm text-muted-foreground">
          {filter.late
            ? 'Every parcel is on time.'
            : 'Parts of orders show here once they are confirmed.'}
        </p>
      </EmptyState>
    )
  }

  return (
    <>
      <Table containerClassName="hidden lg:block" busy={shipments.isPlaceholderData}>
        <TableCaption className="sr-only">Shipments, newest first</TableCaption>
        <TableHeader>
          <TableRow>
            {COLUMNS.map(({ header }) => (
              <TableHead key={header}>{header}</TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row._id} className={cn('align-middle', row.late && 'bg-destructive/5')}>
              {COLUMNS.map(({ header, cell, className }) => (
                <TableCell key={header} className={cn('max-w-56 py-2.5', className)}>
                  {cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>

      <ul className="grid gap-3 sm:grid-cols-2 lg:hidden" aria-label="Shipments">
        {rows.map((row) => (
          <li
            key={row._id}
            className={cn(
              'rounded-xl border bg-background p-4',
              row.late && 'border-destructive/40',
            )}
          >
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
              {COLUMNS.map(({ header, cell, className }) => (
                <div key={header} className="contents">
                  <dt className="text-muted-foreground">{header}</dt>
                  <dd className={cn('min-w-0', className)}>{cell(row)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>

      <Pager
        page={page}
        limit={limit}
        total={total}
        shown={rows.length}
        noun="shipments"
        onPage={onPage}
      />
    </>
  )
}
