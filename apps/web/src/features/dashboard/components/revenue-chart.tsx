import { formatRupees, type DashboardStats } from '@techbazaar/shared'

type Series = DashboardStats['revenueSeries']

const W = 600
const H = 180
const PAD_BOTTOM = 20
const PAD_TOP = 8

/** "22 Nov" from YYYY-MM-DD, read as a calendar date (no time-zone shift). */
export function dayLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number)
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  })
}

/**
 * The 30-day revenue bars as inline SVG (no chart library). Screen readers get a one-line
 * summary on the image and the full numbers in a visually hidden table.
 */
export function RevenueChart({ series }: { series: Series }) {
  const max = Math.max(...series.map((p) => p.revenue), 0)
  const total = series.reduce((sum, p) => sum + p.revenue, 0)
  const best = series.reduce<Series[number] | undefined>(
    (top, p) => (!top || p.revenue > top.revenue ? p : top),
    undefined,
  )
  const slot = W / Math.max(series.length, 1)
  const barW = Math.max(slot * 0.7, 1)
  const plotH = H - PAD_BOTTOM - PAD_TOP
  const first = series[0]
  const last = series[series.length - 1]
  const summary =
    first && last
      ? `Revenue from ${dayLabel(first.date)} to ${dayLabel(last.date)}: ${formatRupees(total)} in total` +
        (best && best.revenue > 0
          ? `, highest on ${dayLabel(best.date)} at ${formatRupees(best.revenue)}.`
          : ', no sales in this period.')
      : 'No revenue data.'

  return (
    <figure className="flex flex-col gap-2">
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${W} ${H}`}
        className="h-44 w-full sm:h-52"
        preserveAspectRatio="none"
      >
        <line
          x1={0}
          x2={W}
          y1={H - PAD_BOTTOM}
          y2={H - PAD_BOTTOM}
          className="stroke-border"
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
        />
        {series.map((p, i) => {
          const h = max > 0 ? (p.revenue / max) * plotH : 0
          return (
            <rect
              key={p.date}
              x={i * slot + (slot - barW) / 2}
              y={H - PAD_BOTTOM - Math.max(h, p.revenue > 0 ? 2 : 0)}
              width={barW}
              height={Math.max(h, p.revenue > 0 ? 2 : 0)}
              rx={2}
              className="fill-primary"
            >
              <title>{`${dayLabel(p.date)}: ${formatRupees(p.revenue)}`}</title>
            </rect>
          )
        })}
      </svg>
      <div aria-hidden="true" className="flex justify-between text-xs text-muted-foreground">
        <span>{first && dayLabel(first.date)}</span>
        <span>{last && dayLabel(last.date)}</span>
      </div>
      <figcaption className="text-sm text-muted-foreground">
        {formatRupees(total)} in the last {series.length} days
      </figcaption>
      <table className="sr-only">
        <caption>Revenue per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Revenue</th>
          </tr>
        </thead>
        <tbody>
          {series.map((p) => (
            <tr key={p.date}>
              <th scope="row">{dayLabel(p.date)}</th>
              <td>{formatRupees(p.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
