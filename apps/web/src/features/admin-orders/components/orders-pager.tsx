import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import type { OrdersPage } from '../api/get-admin-orders'

const count = new Intl.NumberFormat('en-IN')

/** "21–40 of 1,000 orders" with Previous and Next; the page number is in the address. */
export function OrdersPager({
  page,
  onPage,
}: {
  page: OrdersPage
  onPage: (page: number) => void
}) {
  const pages = Math.max(1, Math.ceil(page.total / page.limit))
  const first = (page.page - 1) * page.limit + 1
  const last = Math.min(page.total, first + page.rows.length - 1)
  return (
    <nav
      aria-label="Orders pages"
      className="flex flex-wrap items-center justify-between gap-3 text-sm"
    >
      <p className="tabular text-muted-foreground" aria-live="polite">
        {page.total === 0
          ? 'No orders'
          : `${count.format(first)}–${count.format(last)} of ${count.format(page.total)} orders`}
      </p>
      <div className="ml-auto flex items-center gap-2">
        <Button
          variant="outline"
          className="h-11"
          disabled={page.page <= 1}
          onClick={() => onPage(page.page - 1)}
        >
          <ChevronLeftIcon aria-hidden="true" />
          {/* Arrows alone under 640 px, so the pager fits a 320 px phone; the name stays. */}
          <span className="sr-only sm:not-sr-only">Previous</span>
        </Button>
        <span className="tabular px-1 whitespace-nowrap">
          Page {page.page} of {pages}
        </span>
        <Button
          variant="outline"
          className="h-11"
          disabled={page.page >= pages}
          onClick={() => onPage(page.page + 1)}
        >
          <span className="sr-only sm:not-sr-only">Next</span>
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </div>
    </nav>
  )
}
