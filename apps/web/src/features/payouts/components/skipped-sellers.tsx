import { formatRupees } from '@techbazaar/shared'
import { ListView, type Column } from '@/components/list-view'
import type { PayoutRunDetail } from '../api/get-payout-runs'

type Skipped = PayoutRunDetail['skipped'][number]

const COLUMNS: Column<Skipped>[] = [
  { header: 'Seller', cell: (s) => s.sellerName, className: 'font-medium' },
  { header: 'Could have been paid', cell: (s) => formatRupees(s.amount), className: 'tabular' },
  { header: 'Why not', cell: (s) => s.reason },
]

/** The sellers the run could not pay, and why (no verified account, a hold), as it froze them. */
export function SkippedSellers({ skipped }: { skipped: Skipped[] }) {
  return (
    <section aria-labelledby="skipped-title" className="flex flex-col gap-3">
      <h2 id="skipped-title" className="text-lg font-semibold">
        Skipped sellers
      </h2>
      {skipped.length === 0 ? (
        <p className="text-sm text-muted-foreground">No seller was skipped.</p>
      ) : (
        <ListView
          caption="Sellers the run could not pay"
          columns={COLUMNS}
          rows={skipped}
          rowKey={(s) => s.sellerId}
        />
      )}
    </section>
  )
}
