import { UsersIcon } from 'lucide-react'
import { DocumentTitle } from '@/components/document-title'
import { EmptyState, LoadFailed, LoadingRows } from '@/components/state-views'
import { messageOf } from '@/lib/server-errors'
import { useSellerSettlements } from '../api/get-seller-settlements'
import { SettlementsTable } from '../components/settlements-table'

function SettlementsBody() {
  const sellers = useSellerSettlements()
  if (sellers.isPending) return <LoadingRows label="Loading sellers" rowClassName="h-16" />
  if (sellers.isError) {
    return (
      <LoadFailed
        message={messageOf(sellers.error, 'We could not load the sellers.')}
        onRetry={() => void sellers.refetch()}
      />
    )
  }
  if (sellers.data.length === 0) {
    return (
      <EmptyState
        title="No seller has earned anything yet"
        icon={<UsersIcon aria-hidden="true" className="size-10 text-muted-foreground" />}
      />
    )
  }
  return <SettlementsTable rows={sellers.data} />
}

/**
 * /admin/settlements: every seller's balances, bank account check and payout hold (issue 28);
 * each seller opens its own view.
 */
export default function SellerSettlementsPage() {
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <DocumentTitle>Seller settlements | TechBazaar Admin</DocumentTitle>
      <div className="flex flex-col gap-1">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Seller settlements
        </h1>
        <p className="text-sm text-muted-foreground">
          What each seller is owed and paid, whether its bank account is verified, and any hold.
          Amounts in rupees.
        </p>
      </div>
      <SettlementsBody />
    </section>
  )
}
