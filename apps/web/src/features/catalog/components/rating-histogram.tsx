import type { RatingHistogram as Bars } from '@techbazaar/shared'
import { Star } from 'lucide-react'
import { cn } from '@/lib/utils'

/** "4 stars: 12 reviews, 40%": what a bar says, aloud and on hover. */
export function barLabel(stars: number, count: number, total: number) {
  const percent = total > 0 ? Math.round((count / total) * 100) : 0
  return `${stars} ${stars === 1 ? 'star' : 'stars'}: ${count} ${count === 1 ? 'review' : 'reviews'}, ${percent}%`
}

/**
 * The product's reviews per star as bars, 5 stars first. Each bar is a toggle button that
 * filters the list to its star (pressed while it does); a bar with no reviews cannot be chosen.
 */
export function RatingHistogram({
  bars,
  selected,
  onSelect,
}: {
  bars: Bars
  selected: number | null
  onSelect: (stars: number | null) => void
}) {
  const total = bars.reduce((sum, bar) => sum + bar.count, 0)
  return (
    <ul className="flex flex-col gap-1" aria-label="Ratings by stars">
      {bars.map(({ stars, count }) => {
        const percent = total > 0 ? Math.round((count / total) * 100) : 0
        const pressed = selected === stars
        return (
          <li key={stars}>
            <button
              type="button"
              aria-pressed={pressed}
              aria-label={barLabel(stars, count, total)}
              title={barLabel(stars, count, total)}
              disabled={count === 0 && !pressed}
              onClick={() => onSelect(pressed ? null : stars)}
              className={cn(
                'grid min-h-9 w-full grid-cols-[2.75rem_1fr_4.5rem] items-center gap-3 rounded-md px-2 text-sm outline-none',
                'hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-default disabled:hover:bg-transparent',
                pressed && 'bg-muted font-semibold',
              )}
            >
              <span className="tabular flex items-center gap-1" aria-hidden="true">
                {stars}
                <Star className="size-3.5 fill-amber-400 text-amber-500" />
              </span>
              <span
                className="h-2 overflow-hidden rounded-full bg-muted-foreground/15"
                aria-hidden="true"
              >
                <span
                  className="block h-full rounded-full bg-amber-400"
                  style={{ width: `${percent}%` }}
                />
              </span>
              <span className="tabular text-right text-muted-foreground" aria-hidden="true">
                {count} · {percent}%
              </span>
            </button>
          </li>
        )
      })}
    </ul>
  )
}
