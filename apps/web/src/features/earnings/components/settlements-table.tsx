import { formatRupees, type SellerSettlementRow } from '@techbazaar/shared'
import { Link } from 'react-router'
import { ListView, type Column } from '@/components/list-view'
import { AccountCheckBadge } from './account-check-badge'
import { HoldState } from './hold-state'

const money = (value: number) => formatRupees(value)

const COLUMNS: Column<SellerSettlementRow>[] = [
  {
    header: 'Seller',
    // The GSTIN under the name: one column less, so the table fits a laptop's width.
    cell: (row) => (
      <span className="flex flex-col items-start gap-0.5">
        <Link
          to={`/admin/settlements/${row.sellerId}`}
          className="inline-flex min-h-11 items-start font-medium text-primary underline-offset-4 hover:underline xl:min-h-0"
        >
          {row.sellerName}
        </Link>
        <span className="tabular text-xs break-all text-muted-foreground">
          {row.gstNumber ? `GSTIN ${row.gstNumber}` : 'No GSTIN'}
        </span>
      </span>
    ),
  },
  { header: 'On hold', cell: (row) => money(row.onHold), className: 'tabular' },
  { header: 'Payable', cell: (row) => money(row.payable), className: 'tabular font-semibold' },
  { header: 'In payout', cell: (row) => money(row.inPayout), className: 'tabular' },
  { header: 'Paid', cell: (row) => money(row.paid), className: 'tabular' },
  {
    header: 'Carried negative',
    cell: (row) => (row.carriedNegative === 0 ? '—' : money(row.carriedNegative)),
    className: 'tabular',
  },
  {
    header: 'Account',
    cell: (row) =>
      row.accountStatus ? (
        <AccountCheckBadge status={row.accountStatus} />
      ) : (
        <span className="text-muted-foreground">No details</span>
      ),
  },
  { header: 'Hold', cell: (row) => <HoldState hold={row.hold} /> },
]

/** Every seller with money: balances, the account's check and any hold; each opens its view. */
export function SettlementsTable({ rows }: { rows: SellerSettlementRow[] }) {
  return (
    <ListView
      caption="Sellers' settlements"
      columns={COLUMNS}
      rows={rows}
      rowKey={(row) => row.sellerId}
      flagged={(row) => row.hold !== null || row.accountStatus === 'failed'}
    />
  )
}
