import { WalletIcon } from 'lucide-react'
import { Link, Navigate } from 'react-router'
import { DocumentTitle } from '@/components/document-title'
import { EmptyState, LoadFailed } from '@/components/state-views'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { messageOf } from '@/lib/server-errors'
import { useSession } from '@/lib/session/get-session'
import { useEarnings } from '../api/get-earnings'
import { DeductionsExplained, EarningsParts } from '../components/earnings-parts'
import { EarningsSummary } from '../components/earnings-summary'

/** The page's shape while it loads (three cards, then rows), so nothing jumps when it arrives. */
function EarningsLoading() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading earnings"
      className="flex flex-col gap-3"
    >
      <div className="grid gap-3 sm:grid-cols-3">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-28 w-full rounded-xl" />
        ))}
      </div>
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} className="h-14 w-full" />
      ))}
    </div>
  )
}

function EarningsBody() {
  const earnings = useEarnings()
  if (earnings.isPending) return <EarningsLoading />
  if (earnings.isError) {
    return (
      <LoadFailed
        message={messageOf(earnings.error, 'We could not load your earnings.')}
        onRetry={() => void earnings.refetch()}
      />
    )
  }
  const { totals, parts } = earnings.data
  if (parts.length === 0) {
    return (
      <EmptyState
        title="No delivered orders yet: your earnings appear once a parcel is delivered."
        icon={<WalletIcon aria-hidden="true" className="size-10 text-muted-foreground" />}
        action={
          <Button asChild variant="outline" className="h-11">
            <Link to="/admin/orders">Go to orders</Link>
          </Button>
        }
      />
    )
  }
  return (
    <>
      <EarningsSummary totals={totals} />
      <section aria-labelledby="parts-title" className="flex flex-col gap-3">
        <h2 id="parts-title" className="text-lg font-semibold">
          Delivered parts
        </h2>
        <DeductionsExplained />
        <EarningsParts parts={parts} />
      </section>
    </>
  )
}

/**
 * /admin/earnings: the signed-in seller's money from the ledger (issue 28, decision 59): what is
 * on hold, payable and carried negative, and each delivered part's sale less what the
 * marketplace keeps.
 */
export default function EarningsPage() {
  const { user } = useSession()
  // The API reads a seller's own ledger only; an admin has none.
  if (user && user.type !== 'vendor') return <Navigate to="/admin/dashboard" replace />
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <DocumentTitle>Earnings | TechBazaar Seller Hub</DocumentTitle>
      <div className="flex flex-col gap-1">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Earnings
        </h1>
        <p className="text-sm text-muted-foreground">
          A delivered order&apos;s money is on hold until its return window has passed with no
          return open; then it is payable. Amounts in rupees; dates are India time.
        </p>
      </div>
      <EarningsBody />
    </section>
  )
}
