import {
  COURIER_LABELS,
  formatRupees,
  formatShopDate,
  RETURN_REASON_LABELS,
  type AdminReturn,
} from '@techbazaar/shared'
import type { Column } from '@/components/list-view'
import { OverdueBadge, ReturnStatusBadge } from './status-badges'

const courierLabel = (courier: string) =>
  (COURIER_LABELS as Record<string, string | undefined>)[courier] ?? courier

const date = (value: string) => (
  <time dateTime={value} className="tabular whitespace-nowrap">
    {formatShopDate(value, 'medium')}
  </time>
)

/** The shopper's photos as thumbnails, each opening the full-size image in a new tab. */
function Photos({ row }: { row: AdminReturn }) {
  if (row.photos.length === 0) return <span className="text-muted-foreground">No photos</span>
  return (
    <ul className="flex flex-wrap gap-2">
      {row.photos.map((url, i) => (
        <li key={url}>
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className="block rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <img
              src={url}
              alt={`Photo ${i + 1} of ${row.photos.length}, full size (opens in a new tab)`}
              loading="lazy"
              className="size-12 rounded-md border bg-muted object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  )
}

/**
 * The returns queue's columns, each a cell of related facts so the table fits a laptop; the
 * phone cards read the same. A seller's queue is its own, so its seller line is left out.
 */
export function returnColumns({ showSeller }: { showSeller: boolean }): Column<AdminReturn>[] {
  return [
    {
      header: 'Order',
      cell: (row) => (
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className="tabular font-medium whitespace-nowrap">{row.orderNumber}</span>
          <span>{row.customerName}</span>
          {showSeller && (
            <span className="text-xs text-muted-foreground">Seller: {row.seller}</span>
          )}
        </span>
      ),
    },
    {
      header: 'Items',
      cell: (row) => (
        <span className="flex min-w-0 flex-col gap-1">
          <ul className="flex flex-col gap-0.5">
            {row.items.map((item) => (
              // The quantity stays in sight however long the title is.
              <li key={item.productId} className="flex gap-1.5">
                <span className="line-clamp-2 min-w-0">{item.title}</span>
                <span className="tabular shrink-0 text-muted-foreground">× {item.quantity}</span>
              </li>
            ))}
          </ul>
          <span className="tabular font-semibold">{formatRupees(row.amount)}</span>
        </span>
      ),
    },
    {
      header: 'Reason',
      cell: (row) => (
        <span className="flex min-w-0 flex-col gap-1.5">
          <span className="font-medium">{RETURN_REASON_LABELS[row.reason]}</span>
          {row.note && <span className="break-words text-muted-foreground">“{row.note}”</span>}
          <Photos row={row} />
        </span>
      ),
    },
    {
      header: 'Dates',
      cell: (row) => (
        <span className="flex flex-col items-start gap-1.5">
          <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-xs">
            <dt className="text-muted-foreground">Requested</dt>
            <dd>{date(row.requestedAt)}</dd>
            <dt className="text-muted-foreground">Decide by</dt>
            <dd>{date(row.decideBy)}</dd>
            {row.receivedAt && (
              <>
                <dt className="text-muted-foreground">Received</dt>
                <dd>{date(row.receivedAt)}</dd>
              </>
            )}
          </dl>
          {row.overdue && <OverdueBadge />}
        </span>
      ),
    },
    {
      header: 'Status',
      cell: (row) => (
        <span className="flex min-w-0 flex-col items-start gap-1">
          <ReturnStatusBadge status={row.status} />
          {row.decisionNote && (
            <span className="text-xs break-words text-muted-foreground">
              Note: {row.decisionNote}
            </span>
          )}
        </span>
      ),
    },
    {
      header: 'Pickup',
      cell: (row) =>
        row.pickup ? (
          <span className="flex min-w-0 flex-col">
            <span>{courierLabel(row.pickup.courier)}</span>
            <span className="tabular text-xs whitespace-nowrap text-muted-foreground">
              AWB {row.pickup.awb}
            </span>
            {row.pickup.labelUrl && (
              <a
                href={row.pickup.labelUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-11 items-center text-xs font-medium text-primary underline-offset-4 hover:underline"
              >
                Pickup label<span className="sr-only"> (opens in a new tab)</span>
              </a>
            )}
          </span>
        ) : (
          <span className="text-muted-foreground">Not booked</span>
        ),
    },
  ]
}
