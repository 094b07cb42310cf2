import { formatShopDate, type SellerPayoutDetails } from '@techbazaar/shared'
import type * as React from 'react'
import { AccountCheckBadge } from './account-check-badge'

/** What the check said beyond its status: why it failed (or waits), and the bank's name. */
function CheckNote({ details }: { details: SellerPayoutDetails }) {
  if (details.status === 'verified') {
    return details.checkedAt ? (
      <p className="text-sm text-muted-foreground">
        Verified on{' '}
        <time dateTime={details.checkedAt}>{formatShopDate(details.checkedAt, 'medium')}</time>
      </p>
    ) : null
  }
  return (
    <div className="flex flex-col gap-1 text-sm">
      {details.reason && (
        <p className={details.status === 'failed' ? 'text-destructive' : 'text-muted-foreground'}>
          {details.reason}
        </p>
      )}
      {details.nameAtBank && (
        <p className="text-muted-foreground">
          Name at the bank:{' '}
          <span className="font-medium text-foreground">{details.nameAtBank}</span>
        </p>
      )}
    </div>
  )
}

/**
 * A seller's saved PAN and bank account with the account's check. The account number comes as
 * the API gives it: masked for the seller, in full for admins (who pay by bank file).
 */
export function PayoutDetailsSummary({
  details,
  actions,
}: {
  details: SellerPayoutDetails
  /** The buttons under it: the seller's Change, an admin's Confirm account. */
  actions?: React.ReactNode
}) {
  const rows: [string, string][] = [
    ['PAN', details.pan],
    ['Name on PAN', details.panName],
    ['Account holder', details.holderName],
    ['Account number', details.accountNumber],
    ['IFSC', details.ifsc],
  ]
  return (
    <div className="flex flex-col gap-4 rounded-xl border bg-background p-4 sm:p-6">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium">Bank account</span>
        <AccountCheckBadge status={details.status} />
      </div>
      <CheckNote details={details} />
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="tabular font-medium break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  )
}
