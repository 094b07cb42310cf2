import { formatShopDate, formatShopDay, isPastDay, shopDay } from '@techbazaar/shared'
import { PackageCheckIcon, TruckIcon } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { OrderStatusBadge } from '@/components/order-status-badge'
import type { OrderRow } from '../api/get-admin-orders'

/**
 * A seller's parts to ship, as the server orders them (oldest confirmation first): the order
 * number, its items, the day to ship by (a "Late" badge once it has passed, days in India), and
 * "Ship", which books the courier.
 */
export function ToShipList({
  rows,
  onShip,
  onView,
}: {
  rows: OrderRow[]
  onShip: (row: OrderRow) => void
  onView: (row: OrderRow) => void
}) {
  const today = shopDay()
  return (
    <section aria-labelledby="to-ship-title" className="flex flex-col gap-3">
      <h2 id="to-ship-title" className="text-lg font-semibold">
        To ship <span className="tabular text-muted-foreground">({rows.length})</span>
      </h2>
      {rows.length === 0 ? (
        <p className="flex items-center gap-2 rounded-xl border border-dashed p-4 text-sm text-muted-foreground">
          <PackageCheckIcon aria-hidden="true" className="size-5 shrink-0" />
          Nothing to ship right now. New orders show here once they are confirmed.
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {rows.map((row) => {
            const late = isPastDay(row.shipBy ?? null, today)
            const titleId = `to-ship-${row._id}`
            return (
              <li key={row._id}>
                <article
                  aria-labelledby={titleId}
                  className="flex h-full flex-col gap-3 rounded-xl border bg-background p-4 text-sm"
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 id={titleId} className="tabular text-base font-semibold">
                      {row.orderNumber}
                    </h3>
                    <OrderStatusBadge status={row.orderStatus} />
                  </div>
                  <ul className="flex flex-col gap-1" aria-label="Items">
                    {row.cartItems?.map((line) => (
                      <li key={line.productId} className="flex justify-between gap-3">
                        <span className="line-clamp-2 min-w-0">{line.title}</span>
                        <span className="tabular shrink-0 text-muted-foreground">
                          × {line.quantity}
                        </span>
                      </li>
                    ))}
                  </ul>
                  {row.shipBy && (
                    <p className="flex flex-wrap items-center gap-2">
                      <span className={late ? 'font-semibold text-destructive' : undefined}>
                        Ship by{' '}
                        <time dateTime={row.shipBy}>
                          {formatShopDay(row.shipBy, 'shortWeekday')}
                        </time>
                      </span>
                      {late && <Badge variant="destructive">Late</Badge>}
                    </p>
                  )}
                  <p className="text-xs text-muted-foreground">
                    Ordered {formatShopDate(row.orderDate, 'medium')}
                  </p>
                  <div className="mt-auto grid grid-cols-2 gap-2">
                    <Button
                      className="h-11"
                      onClick={() => onShip(row)}
                      aria-label={`Ship ${row.orderNumber}`}
                    >
                      <TruckIcon aria-hidden="true" />
                      Ship
                    </Button>
                    <Button variant="outline" className="h-11" onClick={() => onView(row)}>
                      View Details
                    </Button>
                  </div>
                </article>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
