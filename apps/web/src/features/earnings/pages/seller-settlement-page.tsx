import { formatShopDate, type SellerSettlementRow } from '@techbazaar/shared'
import { ArrowLeftIcon, PackageIcon } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { DocumentTitle } from '@/components/document-title'
import { EmptyState, LoadFailed, LoadingRows } from '@/components/state-views'
import { messageOf } from '@/lib/server-errors'
import { useEarnings } from '../api/get-earnings'
import { useSellerSettlements } from '../api/get-seller-settlements'
import { DeliveredPartsSection } from '../components/delivered-parts-section'
import { EarningsSummary, EarningsSummaryLoading } from '../components/earnings-summary'
import { PayoutBlockBanner } from '../components/payout-block-banner'
import { PayoutHoldActions } from '../components/payout-hold-actions'
import { PayoutsSection } from '../components/payouts-section'
import { SellerPayoutDetailsSection } from '../components/seller-payout-details'
import { SellerStatementLinks } from '../components/seller-statement-links'

function BackToSellers() {
  return (
    <Link
      to="/admin/settlements"
      className="inline-flex min-h-11 w-fit items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      <ArrowLeftIcon aria-hidden="true" className="size-4" />
      All sellers
    </Link>
  )
}

/** The seller's balances and parts from its ledger, as the seller sees them. */
function SellerEarnings({ sellerId }: { sellerId: string }) {
  const earnings = useEarnings({ sellerId })
  if (earnings.isPending) return <EarningsSummaryLoading />
  if (earnings.isError) {
    return (
      <LoadFailed
        message={messageOf(earnings.error, 'We could not load this seller’s earnings.')}
        onRetry={() => void earnings.refetch()}
      />
    )
  }
  const { payoutBlock, totals } = earnings.data
  return (
    <>
      {payoutBlock && <PayoutBlockBanner block={payoutBlock} audience="admin" />}
      <EarningsSummary totals={totals} />
    </>
  )
}

function SellerParts({ sellerId }: { sellerId: string }) {
  const earnings = useEarnings({ sellerId })
  if (!earnings.isSuccess) return null
  return (
    <DeliveredPartsSection
      parts={earnings.data.parts}
      empty={
        <EmptyState
          title="Nothing delivered yet"
          icon={<PackageIcon aria-hidden="true" className="size-10 text-muted-foreground" />}
          className="p-6"
        />
      }
    />
  )
}

/**
 * The seller's name, GSTIN and since when payouts are held (its row of the admins' list), with
 * Hold or Release. The hold's reason is in the banner under it: the API names a hold first.
 */
function SellerHeader({ seller }: { seller: SellerSettlementRow | undefined }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
          {seller?.sellerName ?? 'Seller settlements'}
        </h1>
        {seller && (
          <p className="text-sm text-muted-foreground">GSTIN {seller.gstNumber ?? 'not given'}</p>
        )}
        {seller?.hold && (
          <p className="text-sm font-medium text-destructive">
            Payouts held since{' '}
            <time dateTime={seller.hold.since}>{formatShopDate(seller.hold.since, 'medium')}</time>
          </p>
        )}
      </div>
      {seller && <PayoutHoldActions seller={seller} />}
    </div>
  )
}

function SellerSettlementBody({ sellerId }: { sellerId: string }) {
  const sellers = useSellerSettlements()
  const seller = sellers.data?.find((row) => row.sellerId === sellerId)
  return (
    <>
      <DocumentTitle>{`${seller?.sellerName ?? 'Seller'}: settlements | TechBazaar Admin`}</DocumentTitle>
      <SellerHeader seller={seller} />
      {sellers.isPending ? (
        <LoadingRows label="Loading the seller" count={4} />
      ) : sellers.isError ? (
        <LoadFailed
          message={messageOf(sellers.error, 'We could not load this seller.')}
          onRetry={() => void sellers.refetch()}
        />
      ) : !seller ? (
        <EmptyState title="No settlements for this seller" action={<BackToSellers />} />
      ) : (
        <>
          <SellerEarnings sellerId={sellerId} />
          <SellerPayoutDetailsSection sellerId={sellerId} />
          <PayoutsSection whose={{ sellerId }} />
          <SellerStatementLinks sellerId={sellerId} />
          <SellerParts sellerId={sellerId} />
        </>
      )}
    </>
  )
}

/**
 * /admin/settlements/:sellerId: one seller's money for the marketplace's admins: its balances
 * and why payouts wait, its PAN and bank account in full (confirmed by hand when paying by bank
 * file), its payouts, its statements as CSV, its delivered parts, and the hold. The name, GSTIN
 * and hold come from the admins' list of sellers (the API has no one-seller row).
 */
export default function SellerSettlementPage() {
  const { sellerId = '' } = useParams()
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <BackToSellers />
      <SellerSettlementBody sellerId={sellerId} />
    </section>
  )
}
