import {
  formatShopDate,
  ORDER_ACTOR_LABELS,
  ORDER_HISTORY_LABELS,
  type OrderTimelineEntry,
} from '@techbazaar/shared'

/**
 * An order's history, oldest first: what happened, to which seller's part, who did it and when.
 * The shopper's and the admin's order details show it alike.
 */
export function OrderTimeline({ entries }: { entries: OrderTimelineEntry[] }) {
  if (entries.length === 0) return null
  return (
    <section aria-label="Timeline" className="border-t pt-3">
      <h3 className="mb-2 font-semibold">Timeline</h3>
      <ol className="relative flex flex-col gap-3 border-l pl-4">
        {entries.map((entry, i) => (
          <li key={`${entry.at}-${i}`} className="relative">
            <span
              aria-hidden="true"
              className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-primary"
            />
            <p className="font-medium">
              {ORDER_HISTORY_LABELS[entry.event]}
              {entry.part && (
                <span className="font-normal text-muted-foreground"> · {entry.part}</span>
              )}
            </p>
            <p className="text-muted-foreground">
              <time dateTime={entry.at}>{formatShopDate(entry.at, 'moment')}</time>
              {' · '}
              {ORDER_ACTOR_LABELS[entry.actor]}
            </p>
            {entry.note && <p className="text-muted-foreground">{entry.note}</p>}
          </li>
        ))}
      </ol>
    </section>
  )
}
