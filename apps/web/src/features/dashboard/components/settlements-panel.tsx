import { formatRupees, formatShopDay, type DashboardStats } from '@techbazaar/shared'
import { Link } from 'react-router'
import { Panel } from './dashboard-panels'

/** "Oct 2026" for "2026-10". */
const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-15T00:00:00Z`),
  )

/**
 * The sellers' money (issue 28): what they are owed and were paid, the marketplace's commission
 * this month, and the TCS and TDS it holds for them with the day each must be paid over.
 */
export function SettlementsPanel({ figures }: { figures: DashboardStats['settlements'] }) {
  const lines: { label: string; value: number; to?: string }[] = [
    { label: 'Payable to sellers', value: figures.payable, to: '/admin/settlements' },
    { label: 'On hold (return windows open)', value: figures.onHold },
    { label: 'In payouts', value: figures.inPayout, to: '/admin/payouts' },
    { label: 'Paid out this month', value: figures.paidThisMonth },
    { label: 'Commission and fees this month', value: figures.commissionThisMonth },
  ]
  return (
    <Panel
      title="Sellers' money"
      action={
        <Link
          to="/admin/payouts"
          className="text-sm text-primary underline-offset-4 hover:underline"
        >
          Payouts
        </Link>
      }
    >
      <dl className="divide-y">
        {lines.map(({ label, value, to }) => (
          <div key={label} className="flex min-h-11 items-center justify-between gap-3">
            <dt>
              {to ? (
                <Link to={to} className="underline-offset-4 hover:underline">
                  {label}
                </Link>
              ) : (
                label
              )}
            </dt>
            <dd className="tabular shrink-0 font-semibold">{formatRupees(value)}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-4 mb-1 font-medium">Tax held for sellers</h3>
      <dl className="divide-y">
        {figures.taxes.flatMap((t) => [
          <div key={`tcs-${t.month}`} className="flex min-h-11 items-center justify-between gap-3">
            <dt>
              TCS for {monthName(t.month)}
              <span className="block text-xs text-muted-foreground">
                GSTR-8, due {formatShopDay(t.tcsDueOn)}
              </span>
            </dt>
            <dd className="tabular shrink-0 font-semibold">{formatRupees(t.tcs)}</dd>
          </div>,
          <div key={`tds-${t.month}`} className="flex min-h-11 items-center justify-between gap-3">
            <dt>
              TDS for {monthName(t.month)}
              <span className="block text-xs text-muted-foreground">
                s.194-O, due {formatShopDay(t.tdsDueOn)}
              </span>
            </dt>
            <dd className="tabular shrink-0 font-semibold">{formatRupees(t.tds)}</dd>
          </div>,
        ])}
      </dl>
    </Panel>
  )
}
