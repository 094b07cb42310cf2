import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'

const count = new Intl.NumberFormat('en-IN')

export interface PagerProps {
  page: number
  limit: number
  /** Rows matching over all pages. */
  total: number
  /** Rows on this page. */
  shown: number
  /** What the rows are, plural ("orders"). */
  noun: string
  onPage: (page: number) => void
}

/** "21–40 of 1,000 orders" with Previous and Next; the page number is in the address. */
export function Pager({ page, limit, total, shown, noun, onPage }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / limit))
  const first = (page - 1) * limit + 1
  const last = Math.min(total, first + shown - 1)
  const title = `${noun.charAt(0).toUpperCase()}${noun.slice(1)}`
  return (
    <nav
      aria-label={`${title} pages`}
      className="flex flex-wrap items-center justify-between gap-3 text-sm"
    >
      <p className="tabular text-muted-foreground" aria-live="polite">
        {total === 0
          ? `No ${noun}`
          : `${count.format(first)}–${count.format(last)} of ${count.format(total)} ${noun}`}
      </p>
      <div className="ml-auto flex items-center gap-2">
        <Button
          variant="outline"
          className="h-11"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          <ChevronLeftIcon aria-hidden="true" />
          {/* Arrows alone under 640 px, so the pager fits a 320 px phone; the name stays. */}
          <span className="sr-only sm:not-sr-only">Previous</span>
        </Button>
        <span className="tabular px-1 whitespace-nowrap">
          Page {page} of {pages}
        </span>
        <Button
          variant="outline"
          className="h-11"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          <span className="sr-only sm:not-sr-only">Next</span>
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </div>
    </nav>
  )
}
