import { FileClockIcon, FileTextIcon, WalletIcon } from 'lucide-react'
import { useRef } from 'react'
import { Link, Navigate } from 'react-router'
import { DocumentTitle } from '@/components/document-title'
import { EmptyState, LoadFailed } from '@/components/state-views'
import { Button } from '@/components/ui/button'
import { messageOf } from '@/lib/server-errors'
import { useSession } from '@/lib/session/get-session'
import { useEarnings, type Earnings } from '../api/get-earnings'
import { DeliveredPartsSection } from '../components/delivered-parts-section'
import { EarningsSummary, EarningsSummaryLoading } from '../components/earnings-summary'
import { PayoutBlockBanner } from '../components/payout-block-banner'
import { PayoutDetailsSection } from '../components/payout-details-section'
import { PayoutsSection } from '../components/payouts-section'

function NothingDelivered() {
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

/**
 * The seller's money from top to bottom: why payouts wait (if they do), the balances, where
 * they are paid to, the payouts, then each delivered part. The details and the payouts load on
 * their own, so a seller can give its details even while the balances fail to load.
 */
function EarningsBody() {
  const earnings = useEarnings('own')
  const detailsHeading = useRef<HTMLHeadingElement>(null)
  const showDetails = () => detailsHeading.current?.focus()

  const balances = (data: Earnings) => (
    <>
      {data.payoutBlock && (
        <PayoutBlockBanner block={data.payoutBlock} audience="seller" onShowDetails={showDetails} />
      )}
      <EarningsSummary totals={data.totals} />
    </>
  )
  return (
    <>
      {earnings.isPending ? (
        <EarningsSummaryLoading />
      ) : earnings.isError ? (
        <LoadFailed
          message={messageOf(earnings.error, 'We could not load your earnings.')}
          onRetry={() => void earnings.refetch()}
        />
      ) : (
        balances(earnings.data)
      )}
      <PayoutDetailsSection headingRef={detailsHeading} />
      <PayoutsSection whose="own" />
      {earnings.isSuccess && (
        <DeliveredPartsSection parts={earnings.data.parts} empty={<NothingDelivered />} />
      )}
    </>
  )
}

/**
 * /admin/earnings: the signed-in seller's money from the ledger (issue 28, decisions 59 and 60):
 * what is on hold, payable, in payout and paid, where it is paid to, the payouts, and each
 * delivered part's sale less what the marketplace keeps.
 */
export default function EarningsPage() {
  const { user } = useSession()
  // The API reads a seller's own ledger only; an admin has none.
  if (user && user.type !== 'vendor') return <Navigate to="/admin/dashboard" replace />
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <DocumentTitle>Earnings | TechBazaar Seller Hub</DocumentTitle>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Earnings
          </h1>
          <p className="max-w-3xl text-sm text-muted-foreground">
            A delivered order&apos;s money is on hold until its return window has passed with no
            return open; then it is payable and goes out in the next payout. Amounts in rupees;
            dates are India time.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" className="h-11 w-fit shrink-0">
            <Link to="/admin/earnings/statements">
              <FileTextIcon aria-hidden="true" />
              Statements and tax documents
            </Link>
          </Button>
          <Button asChild variant="outline" className="h-11 w-fit shrink-0">
            <Link to="/admin/earnings/late-credits">
              <FileClockIcon aria-hidden="true" />
              Late credits
            </Link>
          </Button>
        </div>
      </div>
      <EarningsBody />
    </section>
  )
}
