import {
  productPath,
  formatRupees,
  invoicePdfPath,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  formatBillingAddress,
  addressWithLandmark,
} from '@techbazaar/shared'
import { FileDown } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { lineEnded, LineStateBadge } from '@/components/order-line-state'
import { OrderParcels } from '@/components/order-parcels'
import { OrderTimeline } from '@/components/order-timeline'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'
import { useOrderDetails } from '../api/get-order-details'
import { cancellableParts, itemsCancelled } from '../lib/returnable-lines'
import { CancelOrderDialog } from './cancel-order-dialog'
import { ParcelActions } from './parcel-actions'
import { isAwaitingPayment, PendingOrderActions } from './pending-order-actions'
import { ReportProblemDialog } from './report-problem-dialog'
import { ReturnsAndRefunds } from './returns-and-refunds'

/**
 * The order details dialog's body: payment, lines and the delivery address as ordered, each
 * parcel with what the shopper may do with it (cancel, return), and the returns and refunds.
 */
export function OrderDetails({ orderId }: { orderId: string }) {
  const details = useOrderDetails(orderId)
  if (details.isPending) {
    return (
      <div className="flex flex-col gap-2" aria-busy="true">
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
    )
  }
  if (details.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        The order details could not be loaded. Please try again.
      </p>
    )
  }
  const order = details.data
  const awaitingPayment = isAwaitingPayment(order)
  const cancellable = awaitingPayment ? [] : cancellableParts(order)
  return (
    <div className="flex flex-col gap-4 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="text-muted-foreground">Payment Method</dt>
        <dd>{PAYMENT_METHOD_LABELS[order.paymentMethod]}</dd>
        <dt className="text-muted-foreground">Payment Status</dt>
        <dd>{PAYMENT_STATUS_LABELS[order.displayPaymentStatus]}</dd>
        {order.buyer && (
          <>
            <dt className="text-muted-foreground">Billed to</dt>
            <dd className="min-w-0 break-words">
              {order.buyer.legalName} · GSTIN{' '}
              {/* Kept whole: a GSTIN split over two lines is easily misread. */}
              <span className="font-mono whitespace-nowrap">{order.buyer.gstin}</span>
              {order.buyer.billingAddress && (
                <span className="block">{formatBillingAddress(order.buyer.billingAddress)}</span>
              )}
            </dd>
          </>
        )}
      </dl>
      {awaitingPayment && (
        <section aria-label="Payment" className="flex flex-col gap-2 rounded-lg bg-muted/50 p-3">
          <p>
            This order is not paid yet. Pay now to complete it, or cancel it: its items go back to
            your cart.
          </p>
          <PendingOrderActions orderId={order._id} />
        </section>
      )}
      {cancellable.length > 0 && (
        <section
          aria-label="Cancel"
          className="flex flex-col items-start gap-2 rounded-lg bg-muted/50 p-3"
        >
          <p>
            {cancellable.length === order.parcels.length
              ? 'Not shipped yet: you can still cancel this order, free of charge.'
              : 'Some parts are not shipped yet: you can still cancel them, free of charge.'}
          </p>
          <CancelOrderDialog
            orderId={order._id}
            cod={order.paymentMethod === 'COD'}
            someShipped={cancellable.length < order.parcels.length}
            items={itemsCancelled(order, cancellable)}
          />
        </section>
      )}
      <section aria-label="Items" className="border-t pt-3">
        <h3 className="mb-2 font-semibold">Items</h3>
        <ul className="flex flex-col gap-2">
          {order.cartItems.map((line) => (
            <li
              key={line.productId}
              className={cn('flex items-center gap-3', lineEnded(line) && 'text-muted-foreground')}
            >
              <img
                src={line.image}
                alt=""
                width={40}
                height={40}
                className="size-10 shrink-0 rounded bg-muted object-contain"
              />
              <span className="min-w-0 flex-1">
                <Link to={productPath(line)} className="line-clamp-2 hover:underline">
                  {line.title}
                </Link>
                <span className="flex flex-wrap items-center gap-2">
                  <span className="tabular text-muted-foreground">
                    {line.quantity} × {formatRupees(line.price)}
                  </span>
                  <LineStateBadge line={line} />
                </span>
                {(line.discount ?? 0) > 0 && (
                  <span className="tabular block text-xs text-success">
                    Coupon −{formatRupees(line.discount ?? 0)}
                  </span>
                )}
              </span>
              <span className={cn('tabular font-medium', lineEnded(line) && 'line-through')}>
                {/* What was paid for the line: its coupon share is off (decision 092). */}
                {formatRupees(line.price * line.quantity - (line.discount ?? 0))}
              </span>
            </li>
          ))}
        </ul>
        {order.coupon && (
          <p className="mt-2 text-sm text-success" data-testid="order-coupon">
            Coupon {order.coupon.code}: you saved {formatRupees(order.coupon.discount)}
          </p>
        )}
      </section>
      <section aria-label="Delivery address" className="border-t pt-3">
        <h3 className="mb-1 font-semibold">Delivery Address</h3>
        <address className="text-muted-foreground not-italic">
          {order.addressInfo.recipientName && (
            <>
              <span className="font-medium text-foreground">{order.addressInfo.recipientName}</span>
              <br />
            </>
          )}
          {addressWithLandmark(order.addressInfo)}, {order.addressInfo.city} –{' '}
          {order.addressInfo.pincode}
          <br />
          Phone {order.addressInfo.phone}
          {order.addressInfo.notes && (
            <>
              <br />
              {order.addressInfo.notes}
            </>
          )}
        </address>
      </section>
      <OrderParcels
        orderId={order._id}
        parcels={order.parcels}
        creditNotes={order.creditNotes}
        actions={(parcel) => <ParcelActions order={order} parcel={parcel} />}
      />
      <ReturnsAndRefunds returns={order.returns} refunds={order.refunds} />
      <OrderTimeline entries={order.timeline} />
      {/* Issue 30.7: a complaint about this order opens a ticket (followed under Tickets). */}
      <section
        aria-label="Report a problem"
        className="flex flex-col items-start gap-2 rounded-lg bg-muted/50 p-3"
      >
        <p>Something wrong with this order? Tell us and we will sort it out.</p>
        <ReportProblemDialog
          orderId={order._id}
          parts={order.parcels.map((p) => ({ subOrderId: p.subOrderId, seller: p.seller }))}
        />
      </section>
      {/* Every seller's invoice in one file; each parcel above links its own (signed) one. */}
      {order.parcels.filter((p) => p.invoice).length > 1 && (
        <div className="border-t pt-3">
          <Button asChild variant="outline" size="sm">
            {/* A plain link: the browser downloads the PDF with the session cookie. */}
            <a href={invoicePdfPath(order._id)} download>
              <FileDown aria-hidden="true" />
              Download all invoices
            </a>
          </Button>
        </div>
      )}
    </div>
  )
}
