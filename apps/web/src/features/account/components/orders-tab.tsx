import { formatShopDate, type OrderListItem } from '@techbazaar/shared'
import { PackageOpen } from 'lucide-react'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
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
import { useSession } from '@/lib/session/get-session'
import { useOrders } from '../api/get-orders'
import { OrderDetails } from './order-details'
import { BuyAgainButton, ON_ITS_WAY, OrderDelivery, OrderItems } from './order-row-parts'
import { isAwaitingPayment, PendingOrderActions } from './pending-order-actions'

/** The newest order still on its way, else the newest order (the list comes newest first). */
function orderOnItsWay(orders: OrderListItem[]): OrderListItem | undefined {
  return orders.find((order) => ON_ITS_WAY.has(order.orderStatus)) ?? orders[0]
}

/** The account's order history: a table on wide screens, stacked cards on phones and tablets. */
export function OrdersTab() {
  const { user } = useSession()
  const orders = useOrders(user?.id ?? '')
  // `?order=<id>` opens that order's details (the payment return page links there); `?track`
  // (the footer's Order Tracking) opens the newest order still on its way, known once loaded.
  const [params] = useSearchParams()
  const [openId, setOpenId] = useState<string | null | undefined>(
    () => params.get('order') ?? (params.has('track') ? undefined : null),
  )
  const wanted = openId === undefined ? orderOnItsWay(orders.data ?? [])?._id : openId
  const open = orders.data?.find((order) => order._id === wanted) ?? null

  if (orders.isPending) {
    return (
      <div className="flex flex-col gap-2" aria-busy="true">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="h-12 rounded-lg" />
        ))}
      </div>
    )
  }
  if (orders.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Your orders could not be loaded. Please try again.
      </p>
    )
  }
  if (orders.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
        <PackageOpen className="size-12 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">No orders yet</p>
        <Button asChild variant="outline">
          <Link to="/shop/listing">Start shopping</Link>
        </Button>
      </div>
    )
  }

  const details = (order: OrderListItem) => (
    <Button variant="outline" size="sm" className="h-10" onClick={() => setOpenId(order._id)}>
      View Details
    </Button>
  )
  return (
    <>
      {/* The shopper's table: headers in plain case, no rule under them (not the back office's). */}
      <Table containerClassName="hidden lg:block">
        <TableHeader className="border-b-0 text-sm normal-case">
          <TableRow>
            <TableHead className="font-medium">Order</TableHead>
            <TableHead className="font-medium">Items</TableHead>
            <TableHead className="font-medium">Delivery</TableHead>
            <TableHead className="font-medium">Order Status</TableHead>
            <TableHead className="font-medium">Order Price</TableHead>
            <TableHead>
              <span className="sr-only">Details</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {orders.data.map((order) => (
            <TableRow key={order._id} className="align-top">
              <TableCell>
                <p className="tabular font-medium">{order.orderNumber}</p>
                <p className="tabular text-muted-foreground">{formatShopDate(order.orderDate)}</p>
              </TableCell>
              <TableCell className="max-w-64 whitespace-normal">
                <OrderItems order={order} />
              </TableCell>
              <TableCell className="max-w-64 whitespace-normal">
                <OrderDelivery order={order} />
              </TableCell>
              <TableCell>
                <OrderStatusBadge status={order.displayStatus} />
              </TableCell>
              <TableCell>
                <OrderPrice order={order} />
              </TableCell>
              <TableCell>
                <div className="flex flex-wrap items-center justify-end gap-2">
                  {isAwaitingPayment(order) && <PendingOrderActions orderId={order._id} />}
                  <BuyAgainButton order={order} />
                  {details(order)}
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ul className="flex flex-col gap-3 lg:hidden" aria-label="Orders">
        {orders.data.map((order) => (
          <li key={order._id} className="flex flex-col gap-3 rounded-xl border p-4 text-sm">
            <div className="flex items-center justify-between gap-2">
              <p className="tabular font-medium">{order.orderNumber}</p>
              <OrderStatusBadge status={order.displayStatus} />
            </div>
            <OrderItems order={order} />
            <OrderDelivery order={order} />
            <div className="flex items-center justify-between gap-2">
              <span className="tabular text-muted-foreground">
                {formatShopDate(order.orderDate)}
              </span>
              <OrderPrice order={order} />
            </div>
            <div className="flex flex-wrap items-center justify-end gap-2">
              <BuyAgainButton order={order} />
              {details(order)}
            </div>
            {isAwaitingPayment(order) && <PendingOrderActions orderId={order._id} />}
          </li>
        ))}
      </ul>
      <Dialog open={open !== null} onOpenChange={(next) => !next && setOpenId(null)}>
        <DialogContent className="max-h-[90dvh] overflow-y-auto">
          <DialogHeader>
            <DialogTitle>Order details</DialogTitle>
            <DialogDescription className="tabular">Order {open?.orderNumber}</DialogDescription>
          </DialogHeader>
          {open && (
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Order Date</dt>
              <dd className="tabular">{formatShopDate(open.orderDate)}</dd>
              <dt className="text-muted-foreground">Order Status</dt>
              <dd>
                <OrderStatusBadge status={open.displayStatus} />
              </dd>
              <dt className="text-muted-foreground">Order Price</dt>
              <dd>
                <OrderPrice order={open} />
              </dd>
            </dl>
          )}
          {open && <OrderDetails orderId={open._id} />}
        </DialogContent>
      </Dialog>
    </>
  )
}
