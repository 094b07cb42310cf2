import {
  COURIER_LABELS,
  creditNotePdfPath,
  formatShopDate,
  formatShopDay,
  invoicePdfPath,
  ORDER_STATUS_LABELS,
  SHIPMENT_STATUS_LABELS,
  type CreditNoteSummary,
  type OrderParcel,
  type OrderStatus,
} from '@techbazaar/shared'
import { FileDown, Truck } from 'lucide-react'
import type { ReactNode } from 'react'

const DOCUMENT_LINK =
  'inline-flex min-h-11 items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline focus-visible:underline sm:min-h-0'

/** Parts still at the seller: without a booking, they are simply not shipped yet. */
const BEFORE_COURIER: ReadonlySet<OrderStatus> = new Set(['pending', 'confirmed', 'inProcess'])

/**
 * Each seller's parcel of an order: the courier and tracking number once booked, the expected
 * day, the courier's scans (times in India) and, once dispatched, its GST invoice (with the
 * credit note that reversed it, if the parcel came back). Shown in the shopper's, the seller's and
 * the admin's details. Credit notes passed in are linked beside their part's invoice; `actions`
 * adds what the viewer may do with a part (the shopper's cancel and return buttons).
 */
export function OrderParcels({
  orderId,
  parcels,
  creditNotes = [],
  actions,
}: {
  orderId: string
  parcels: OrderParcel[]
  creditNotes?: CreditNoteSummary[]
  actions?: (parcel: OrderParcel) => ReactNode
}) {
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
                {parcel.shipment.expectedBy && !ARRIVED.has(parcel.shipment.status) && (
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
          <ParcelDocuments
            orderId={orderId}
            parcel={parcel}
            creditNotes={creditNotes.filter((note) => note.subOrderId === parcel.subOrderId)}
          />
          {actions?.(parcel)}
        </article>
      ))}
    </section>
  )
}

/** A parcel past these has no delivery day to promise. */
const ARRIVED: ReadonlySet<string> = new Set(['delivered', 'rto'])

/**
 * A part's invoice and its credit notes, each a plain link: the browser downloads the PDF with
 * the session cookie. A credit note listed on its own is not repeated in the invoice's label
 * (the one a returned-undelivered parcel gets is named there when no list is passed).
 */
function ParcelDocuments({
  orderId,
  parcel,
  creditNotes,
}: {
  orderId: string
  parcel: OrderParcel
  creditNotes: CreditNoteSummary[]
}) {
  const invoice = parcel.invoice
  if (!invoice && creditNotes.length === 0) return null
  const rtoNote =
    invoice?.creditNote && !creditNotes.some((note) => note.number === invoice.creditNote)
      ? invoice.creditNote
      : null
  return (
    <div className="mt-2 flex flex-wrap gap-x-4">
      {invoice && (
        <a href={invoicePdfPath(orderId, parcel.subOrderId)} download className={DOCUMENT_LINK}>
          <FileDown aria-hidden="true" className="size-4" />
          {rtoNote
            ? `Invoice ${invoice.number} and credit note ${rtoNote}`
            : `Invoice ${invoice.number}`}
        </a>
      )}
      {creditNotes.map((note) => (
        <a
          key={note._id}
          href={creditNotePdfPath(orderId, note._id)}
          download
          className={DOCUMENT_LINK}
        >
          <FileDown aria-hidden="true" className="size-4" />
          Credit note {note.number}
        </a>
      ))}
    </div>
  )
}
