import {
  formatRupees,
  formatShopDate,
  formatShopDay,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  nextOrderStatuses,
  PAYMENT_STATUS_LABELS,
  type OrderParcel,
  type OrderStatus,
  formatBillingAddress,
} from '@techbazaar/shared'
import { TruckIcon } from 'lucide-react'
import { useState } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Label } from '@/components/ui/label'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select'
import { LoadingRows } from '@/components/state-views'
import { OrderPrice } from '@/components/order-money'
import { lineEnded, LineStateBadge } from '@/components/order-line-state'
import { OrderStatusBadge } from '@/components/order-status-badge'
import { OrderParcels } from '@/components/order-parcels'
import { OrderTimeline } from '@/components/order-timeline'
import {
  canStopParcel,
  REJECT_NEEDS_STOP,
  rejectNeedsStop,
  StopParcelAction,
} from '@/components/stop-parcel-action'
import { messageOf } from '@/lib/server-errors'
import { cn } from '@/lib/utils'
import { useAdminOrderDetails } from '../api/get-admin-order-details'
import type { OrderRow } from '../api/get-admin-orders'
import { useUpdateOrderStatus } from '../api/update-order-status'

function Facts({ rows }: { rows: [string, React.ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/**
 * The status picker: admins move the whole order, sellers their own part of it, each only to the
 * statuses the order lifecycle allows next from `current` (the server enforces the same table).
 * Rejected is left out once a part it would move is booked with the courier (the server refuses
 * it, issue 26.5), and the picker points to Stop parcel instead.
 */
function StatusForm({
  row,
  current,
  scope,
  parcels,
}: {
  row: OrderRow
  current: OrderStatus
  scope: 'admin' | 'vendor'
  parcels: readonly OrderParcel[]
}) {
  const allowed = nextOrderStatuses(current, scope === 'admin' ? 'admin' : 'seller')
  const stopInstead = allowed.includes('rejected') && rejectNeedsStop(parcels)
  const options = stopInstead ? allowed.filter((option) => option !== 'rejected') : allowed
  const [status, setStatus] = useState<OrderStatus | ''>('')
  const update = useUpdateOrderStatus(scope)
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (!status) return
    update.mutate(
      { id: row._id, status },
      {
        onSuccess: (response) => {
          toast.success(response.message)
          setStatus('')
        },
        onError: (error) => toast.error(messageOf(error, 'The status could not be updated.')),
      },
    )
  }
  const stopNote = stopInstead && (
    <p id="order-status-stop" className="text-muted-foreground">
      {REJECT_NEEDS_STOP}
    </p>
  )
  if (options.length === 0) {
    if (stopNote) return <div className="border-t pt-3">{stopNote}</div>
    return (
      <p className="border-t pt-3 text-muted-foreground">
        {scope === 'vendor' && (row.shipBy || row.shipment)
          ? "The courier's tracking marks this parcel Shipped and then Delivered."
          : `This order is ${ORDER_STATUS_LABELS[current]}: there is no status to set next.`}
      </p>
    )
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 border-t pt-3">
      <Label htmlFor="order-status">Order Status</Label>
      <Select value={status} onValueChange={(value) => setStatus(value as OrderStatus)}>
        <SelectTrigger
          id="order-status"
          className="h-11 w-full"
          aria-describedby={stopInstead ? 'order-status-stop' : undefined}
        >
          <SelectValue placeholder="Choose a status" />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option} value={option}>
              {ORDER_STATUS_LABELS[option]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {stopNote}
      <Button type="submit" className="h-11" disabled={!status || update.isPending}>
        {update.isPending ? 'Updating...' : 'Update Order Status'}
      </Button>
    </form>
  )
}

/**
 * A seller's part still to ship (confirmed or in process, no parcel booked): "Ship" books the
 * courier. Sellers do not mark parts Shipped or Delivered; the courier's tracking does.
 */
function ShipAction({ row, onShip }: { row: OrderRow; onShip: (row: OrderRow) => void }) {
  return (
    <section aria-label="Ship" className="flex flex-col gap-2 border-t pt-3">
      <p className="text-muted-foreground">
        Packed? Book the courier: it picks the parcel up from your business address
        {row.shipBy && (
          <>
            {' '}
            (ship by <time dateTime={row.shipBy}>{formatShopDay(row.shipBy)}</time>)
          </>
        )}
        .
      </p>
      <Button className="h-11" onClick={() => onShip(row)}>
        <TruckIcon aria-hidden="true" />
        Ship
      </Button>
    </section>
  )
}

function DetailsBody({
  row,
  scope,
  onShip,
}: {
  row: OrderRow
  scope: 'admin' | 'vendor'
  onShip: (row: OrderRow) => void
}) {
  const details = useAdminOrderDetails(row.orderId)
  if (details.isPending) {
    return <LoadingRows label="Loading order" count={4} rowClassName="h-10" />
  }
  if (details.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {messageOf(details.error, 'The order details could not be loaded. Please try again.')}
      </p>
    )
  }
  const order = details.data
  const address = order.addressInfo
  // A business purchase: its invoices name the buyer, as the shopper's order page does.
  const billedTo: [string, React.ReactNode][] = order.buyer
    ? [
        [
          'Billed to',
          <>
            {order.buyer.legalName} · GSTIN{' '}
            {/* Kept whole: a GSTIN split over two lines is easily misread. */}
            <span className="font-mono whitespace-nowrap">{order.buyer.gstin}</span>
            {order.buyer.billingAddress && (
              <span className="block">{formatBillingAddress(order.buyer.billingAddress)}</span>
            )}
          </>,
        ],
      ]
    : []
  return (
    <div className="flex flex-col gap-4 text-sm">
      <Facts
        rows={[
          ['Order ID', <span className="tabular font-medium">{order.orderNumber}</span>],
          ['Order Date', formatShopDate(order.orderDate)],
          ['Order Price', <OrderPrice order={order} />],
          ['Payment Method', PAYMENT_METHOD_LABELS[order.paymentMethod]],
          ['Payment Status', PAYMENT_STATUS_LABELS[order.displayPaymentStatus]],
          ['Order Status', <OrderStatusBadge status={order.displayStatus} />],
          ...billedTo,
        ]}
      />
      <section aria-label="Items" className="border-t pt-3">
        <h3 className="mb-2 font-semibold">Order Details</h3>
        <ul className="flex flex-col gap-1.5">
          {order.cartItems.map((line) => (
            <li
              key={line.productId}
              className={cn(
                'flex items-start justify-between gap-3',
                lineEnded(line) && 'text-muted-foreground',
              )}
            >
              <span className="flex min-w-0 flex-col">
                <span className="line-clamp-2">Title: {line.title}</span>
                <span className="flex flex-wrap items-center gap-2">
                  <span className="text-muted-foreground">Quantity: {line.quantity}</span>
                  <LineStateBadge line={line} />
                </span>
              </span>
              <span className={cn('tabular shrink-0', lineEnded(line) && 'line-through')}>
                Price: {formatRupees(line.price)}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="Shipping info" className="border-t pt-3">
        <h3 className="mb-2 font-semibold">Shipping Info</h3>
        <Facts
          rows={[
            // The person the shopper named for the delivery (issue 31.7); older orders the account.
            ['Name', address.recipientName || order.userName],
            ['Address', address.address],
            ...(address.landmark ? [['Landmark', address.landmark] as [string, string]] : []),
            ['City', address.city],
            ['Pincode', address.pincode],
            ['Phone', address.phone],
            ['Notes', address.notes || '—'],
          ]}
        />
      </section>
      <OrderParcels
        orderId={order._id}
        parcels={order.parcels}
        // Only an admin stops a parcel the courier has (issue 26.5); a seller's part is its own.
        actions={
          scope === 'admin'
            ? (parcel) => canStopParcel(parcel) && <StopParcelAction parcel={parcel} />
            : undefined
        }
      />
      <OrderTimeline entries={order.timeline} />
      {scope === 'vendor' && row.shipBy && <ShipAction row={row} onShip={onShip} />}
      <StatusForm
        key={`${row._id}-${order.orderStatus}`}
        row={row}
        current={order.orderStatus}
        scope={scope}
        parcels={order.parcels}
      />
    </div>
  )
}

/**
 * "View Details": the order as the spec lists it, with the status update at the bottom (and, for
 * a seller's part to ship, "Ship", handed to `onShip`).
 */
export function OrderDetailsDialog({
  row,
  scope,
  onOpenChange,
  onShip,
}: {
  row: OrderRow | null
  scope: 'admin' | 'vendor'
  onOpenChange: (open: boolean) => void
  onShip: (row: OrderRow) => void
}) {
  return (
    <Dialog open={row !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Order Details</DialogTitle>
          <DialogDescription>
            {scope === 'admin' ? 'The whole order.' : 'Your part of this order.'}
          </DialogDescription>
        </DialogHeader>
        {row && <DetailsBody row={row} scope={scope} onShip={onShip} />}
      </DialogContent>
    </Dialog>
  )
}
