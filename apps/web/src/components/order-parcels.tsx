import {
  COURIER_LABELS,
  formatShopDate,
  formatShopDay,
  invoicePdfPath,
  ORDER_STATUS_LABELS,
  SHIPMENT_STATUS_LABELS,
  type OrderParcel,
  type OrderStatus,
} from '@techbazaar/shared'
import { FileDown, Truck } from 'lucide-react'

/** Parts still at the seller: without a booking, they are simply not shipped yet. */
const BEFORE_COURIER: ReadonlySet<OrderStatus> = new Set(['pending', 'confirmed', 'inProcess'])

/**
 * Each seller's parcel of an order: the courier and tracking number once booked, the expected
 * day, the courier's scans (times in India) and, once dispatched, its GST invoice (with the
 * credit note that reversed it, if the parcel came back). Shown in the shopper's, the seller's and
 * the admin's details.
 */
export function OrderParcels({ orderId, parcels }: { orderId: string; parcels: OrderParcel[] }) {
  if (parcels.length === 0) return null
  return (
    <section aria-label="Tracking" className="flex flex-col gap-3 border-t pt-3">
      <h3 className="font-semibold">Tracking</h3>
      {parcels.map((parcel) => (
        <article
          key={parcel.subOrderId}
          aria-label={`Parcel from ${parcel.seller}`}
          className="rounded-lg border p-3"
        >
          <p className="flex items-center gap-2 font-medium">
            <Truck aria-hidden="true" className="size-4 text-muted-foreground" />
            {parcel.seller}
          </p>
          {parcel.shipment ? (
            <>
              <p className="text-muted-foreground">
                {COURIER_LABELS[parcel.shipment.courier]}
                {' · AWB '}
                <span className="tabular">{parcel.shipment.awb}</span>
              </p>
              <p>
                {SHIPMENT_STATUS_LABELS[parcel.shipment.status]}
                {parcel.shipment.expectedBy && parcel.shipment.status !== 'delivered' && (
                  <span className="text-muted-foreground">
                    {' · expected by '}
                    {formatShopDay(parcel.shipment.expectedBy)}
                  </span>
                )}
              </p>
              {parcel.shipment.events.length > 0 && (
                <ol className="mt-2 flex flex-col gap-1 border-l pl-3">
                  {parcel.shipment.events.map((event, i) => (
                    <li key={`${event.at}-${i}`}>
                      {SHIPMENT_STATUS_LABELS[event.status]}
                      <span className="text-muted-foreground">
                        {' · '}
                        <time dateTime={event.at}>{formatShopDate(event.at, 'moment')}</time>
                        {event.location && ` · ${event.location}`}
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </>
          ) : (
            <p className="text-muted-foreground">
              {ORDER_STATUS_LABELS[parcel.status]}
              {BEFORE_COURIER.has(parcel.status)
                ? ': not handed to a courier yet.'
                : ': no courier tracking for this parcel.'}
            </p>
          )}
          {parcel.invoice && (
            // A plain link: the browser downloads the PDF with the session cookie.
            <a
              href={invoicePdfPath(orderId, parcel.subOrderId)}
              download
              className="mt-2 inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline focus-visible:underline"
            >
              <FileDown aria-hidden="true" className="size-4" />
              {parcel.invoice.creditNote
                ? `Invoice ${parcel.invoice.number} and credit note ${parcel.invoice.creditNote}`
                : `Invoice ${parcel.invoice.number}`}
            </a>
          )}
        </article>
      ))}
    </section>
  )
}
