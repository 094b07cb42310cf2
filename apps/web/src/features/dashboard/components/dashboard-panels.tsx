import { formatShopDate, type DashboardStats } from '@techbazaar/shared'
import type { LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { cn } from '@/lib/utils'

export function StatCard({
  label,
  value,
  icon: Icon,
}: {
  label: string
  value: string
  icon: LucideIcon
}) {
  return (
    <div className="flex items-center gap-3 rounded-xl border bg-background p-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="tabular truncate text-xl font-bold">{value}</p>
      </div>
    </div>
  )
}

export function Panel({
  title,
  action,
  children,
}: {
  title: string
  action?: React.ReactNode
  children: React.ReactNode
}) {
  return (
    <Card className="gap-3">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="text-base">{title}</CardTitle>
        {action}
      </CardHeader>
      <CardContent className="text-sm">{children}</CardContent>
    </Card>
  )
}

const none = (text: string) => <p className="text-muted-foreground">{text}</p>

export function PendingVendorsPanel({ vendors }: { vendors: DashboardStats['pendingVendors'] }) {
  return (
    <Panel
      title={`Pending vendors (${vendors.count})`}
      action={
        <Link
          to="/admin/vendor-verificaton"
          className="inline-flex min-h-10 items-center text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Review
        </Link>
      }
    >
      {vendors.latest.length === 0 ? (
        none('No sellers are waiting.')
      ) : (
        <ul className="divide-y">
          {vendors.latest.map((v) => (
            <li key={v._id} className="py-2">
              <Link to="/admin/vendor-verificaton" className="font-medium hover:underline">
                {v.userName}
              </Link>
              <p className="truncate text-muted-foreground">{v.email}</p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  )
}

export function LowStockPanel({ products }: { products: DashboardStats['lowStock'] }) {
  return (
    <Panel title="Low stock">
      {products.length === 0 ? (
        none('Every listed product has 10 or more in stock.')
      ) : (
        <ul className="divide-y">
          {products.map((p) => (
            <li key={p._id} className="flex items-center justify-between gap-3 py-2">
              <span className="line-clamp-1 min-w-0">{p.title}</span>
              <span
                className={`tabular shrink-0 font-semibold ${p.totalStock === 0 ? 'text-destructive' : ''}`}
              >
                {p.totalStock} left
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  )
}

export function MessagesPanel({ messages }: { messages: DashboardStats['latestMessages'] }) {
  return (
    <Panel title="Latest messages">
      {messages.length === 0 ? (
        none('No messages yet.')
      ) : (
        <ul className="divide-y">
          {messages.map((m) => (
            <li key={m._id} className="flex flex-col gap-0.5 py-2">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-medium">{m.subject}</span>
                <span className="tabular text-xs text-muted-foreground">
                  {formatShopDate(m.createdAt)}
                </span>
              </div>
              <p className="truncate text-muted-foreground">
                {m.name} ·{' '}
                <a href={`mailto:${m.email}`} className="hover:underline">
                  {m.email}
                </a>
              </p>
              <p className="line-clamp-2">{m.message}</p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  )
}

export function LateShipmentsPanel({ late }: { late: DashboardStats['lateShipments'] }) {
  return (
    <Panel
      title={`Late shipments (${late.count})`}
      action={
        <Link
          to="/admin/shipments?late=true"
          className="inline-flex min-h-10 items-center text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          View late
        </Link>
      }
    >
      {late.count === 0 ? (
        none('Every parcel is on time.')
      ) : (
        <ul className="divide-y">
          {late.notShipped > 0 && (
            <li className="flex items-center justify-between gap-3 py-2">
              <span>Not shipped by their ship-by day</span>
              <span className="tabular shrink-0 font-semibold text-destructive">
                {late.notShipped}
              </span>
            </li>
          )}
          {late.notDelivered > 0 && (
            <li className="flex items-center justify-between gap-3 py-2">
              <span>Not delivered by the expected day</span>
              <span className="tabular shrink-0 font-semibold text-destructive">
                {late.notDelivered}
              </span>
            </li>
          )}
        </ul>
      )}
    </Panel>
  )
}

/**
 * Returns and refunds waiting, and those past the days the shop promised (a seller's decision,
 * the quality check, the refund's expected-by day). Each number opens its list; overdue and
 * failed ones are red while there are any.
 */
export function ReturnsAndRefundsPanel({
  counts,
}: {
  counts: DashboardStats['returnsAndRefunds']
}) {
  const lines: CountLine[] = [
    { label: 'Open returns', count: counts.openReturns, to: '/admin/returns' },
    {
      label: 'Overdue returns',
      count: counts.overdueReturns,
      to: '/admin/returns?filter=overdue',
      alarm: true,
    },
    { label: 'Refunds in progress', count: counts.pendingRefunds, to: '/admin/refunds' },
    {
      label: 'Failed refunds',
      count: counts.failedRefunds,
      to: '/admin/refunds?filter=failed',
      alarm: true,
    },
    {
      label: 'Overdue refunds',
      count: counts.overdueRefunds,
      to: '/admin/refunds?filter=overdue',
      alarm: true,
    },
  ]
  return <CountLinesPanel title="Returns and refunds" lines={lines} />
}

interface CountLine {
  label: string
  count: number
  to: string
  alarm?: boolean
}

/** Counts that each open their list; an alarm line is red while it counts any. */
function CountLinesPanel({ title, lines }: { title: string; lines: CountLine[] }) {
  return (
    <Panel title={title}>
      <ul className="divide-y">
        {lines.map(({ label, count, to, alarm }) => {
          const flagged = alarm === true && count > 0
          return (
            <li key={label}>
              {/* The whole line is the link, so its name carries the number ("Overdue returns: 2"). */}
              <Link
                to={to}
                className={cn(
                  'flex min-h-11 items-center justify-between gap-3 rounded-md underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  flagged && 'font-medium text-destructive',
                )}
              >
                <span>
                  {label}
                  <span className="sr-only">:</span>
                </span>{' '}
                <span
                  className={cn(
                    'tabular shrink-0 font-semibold',
                    flagged && 'rounded-md bg-destructive px-2 text-destructive-foreground',
                  )}
                >
                  {count}
                </span>
              </Link>
            </li>
          )
        })}
      </ul>
    </Panel>
  )
}

/**
 * Complaints waiting on the shop, and those past a due date (acknowledge within 48 hours,
 * resolve within a month; issue 30.7): each opens the grievance queue.
 */
export function GrievancesPanel({ counts }: { counts: DashboardStats['grievances'] }) {
  return (
    <CountLinesPanel
      title="Complaints"
      lines={[
        { label: 'Open tickets', count: counts.open, to: '/admin/grievances' },
        {
          label: 'Overdue tickets',
          count: counts.overdue,
          to: '/admin/grievances?filter=overdue',
          alarm: true,
        },
      ]}
    />
  )
}
