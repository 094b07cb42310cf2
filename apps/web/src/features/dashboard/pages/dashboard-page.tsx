import { formatRupees } from '@techbazaar/shared'
import { CalendarDaysIcon, IndianRupeeIcon, ShoppingBagIcon, TrendingUpIcon } from 'lucide-react'
import { Navigate } from 'react-router'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { useSession } from '@/lib/session/get-session'
import { messageOf } from '@/lib/server-errors'
import { useDashboard } from '../api/get-dashboard'
import {
  LateShipmentsPanel,
  LowStockPanel,
  MessagesPanel,
  PendingVendorsPanel,
  GrievancesPanel,
  ReturnsAndRefundsPanel,
  StatCard,
} from '../components/dashboard-panels'
import { SettlementsPanel } from '../components/settlements-panel'
import { RevenueChart } from '../components/revenue-chart'
import { DocumentTitle } from '@/components/document-title'

function DashboardBody() {
  const dashboard = useDashboard()
  if (dashboard.isPending) {
    return (
      <div
        className="flex flex-col gap-4"
        role="status"
        aria-busy="true"
        aria-label="Loading dashboard"
      >
        <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-20" />
          ))}
        </div>
        <Skeleton className="h-64" />
      </div>
    )
  }
  if (dashboard.isError) {
    return (
      <p
        role="alert"
        className="rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-sm font-medium text-destructive"
      >
        {messageOf(dashboard.error, 'We could not load the store numbers.')}{' '}
        <button type="button" className="underline" onClick={() => void dashboard.refetch()}>
          Try again
        </button>
      </p>
    )
  }
  const d = dashboard.data
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Orders today" value={String(d.ordersToday)} icon={ShoppingBagIcon} />
        <StatCard
          label="Orders this month"
          value={String(d.ordersThisMonth)}
          icon={CalendarDaysIcon}
        />
        <StatCard
          label="Revenue today"
          value={formatRupees(d.revenueToday)}
          icon={IndianRupeeIcon}
        />
        <StatCard
          label="Revenue this month"
          value={formatRupees(d.revenueThisMonth)}
          icon={TrendingUpIcon}
        />
      </div>
      <Card className="gap-3">
        <CardHeader>
          <CardTitle className="text-base">Revenue, last 30 days</CardTitle>
        </CardHeader>
        <CardContent>
          <RevenueChart series={d.revenueSeries} />
        </CardContent>
      </Card>
      <div className="grid items-start gap-4 lg:grid-cols-2 xl:grid-cols-3">
        <LateShipmentsPanel late={d.lateShipments} />
        <ReturnsAndRefundsPanel counts={d.returnsAndRefunds} />
        <GrievancesPanel counts={d.grievances} />
        <SettlementsPanel figures={d.settlements} />
        <PendingVendorsPanel vendors={d.pendingVendors} />
        <LowStockPanel products={d.lowStock} />
        <MessagesPanel messages={d.latestMessages} />
      </div>
    </>
  )
}

/** /admin/dashboard: the spec's heading, then today's and this month's numbers. */
export default function DashboardPage() {
  const { user } = useSession()
  // The store numbers are the marketplace's; a seller's home is its products.
  if (user?.type === 'vendor') return <Navigate to="/admin/products" replace />
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <DocumentTitle>Dashboard | TechBazaar Admin</DocumentTitle>
      <h1
        id="page-title"
        className="text-2xl font-bold tracking-tight first-letter:uppercase sm:text-3xl"
      >
        admin features
      </h1>
      <p className="-mt-4 text-sm text-muted-foreground">
        Sales count paid and confirmed cash-on-delivery orders; days are India time.
      </p>
      <DashboardBody />
    </section>
  )
}
