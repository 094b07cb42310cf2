import { PAYOUT_BLOCK_LABELS, type PayoutBlock } from '@techbazaar/shared'
import { CircleAlertIcon, ClockIcon, PauseCircleIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'
import type { Earnings } from '../api/get-earnings'

/** The same reasons as an admin reads them about a seller (the shared labels speak to the seller). */
const ADMIN_LABELS: Record<PayoutBlock, string> = {
  noDetails: 'No PAN or bank account yet: payouts wait for them',
  accountPending: 'The bank account is being verified: payouts wait for it',
  accountFailed: 'The bank account could not be verified: payouts wait for a new one',
  onHold: 'Payouts are on hold',
}

/** What the seller's button says: the details are what it fixes (not a hold: that is an admin's). */
const SELLER_ACTIONS: Partial<Record<PayoutBlock, string>> = {
  noDetails: 'Add payout details',
  accountPending: 'See payout details',
  accountFailed: 'Check payout details',
}

/** Refused or held red, waiting amber. */
const isStop = (kind: PayoutBlock) => kind === 'accountFailed' || kind === 'onHold'

/**
 * Why payable money is not paid out, above the balances: no details, the account not verified
 * (or refused), or an admin's hold with its reason. The seller gets a way to its details.
 */
export function PayoutBlockBanner({
  block,
  audience,
  onShowDetails,
}: {
  block: NonNullable<Earnings['payoutBlock']>
  audience: 'seller' | 'admin'
  /** Moves to the payout details section (the seller's page). */
  onShowDetails?: () => void
}) {
  const label = audience === 'seller' ? PAYOUT_BLOCK_LABELS[block.kind] : ADMIN_LABELS[block.kind]
  const action = audience === 'seller' ? SELLER_ACTIONS[block.kind] : undefined
  const stop = isStop(block.kind)
  const Icon = block.kind === 'onHold' ? PauseCircleIcon : stop ? CircleAlertIcon : ClockIcon
  return (
    <div
      role="status"
      aria-label="Payouts"
      className={cn(
        'flex flex-col gap-3 rounded-lg border p-4 text-sm sm:flex-row sm:items-center',
        stop
          ? 'border-destructive/30 bg-destructive/5 text-destructive'
          : 'border-amber-300 bg-amber-50 text-amber-900',
      )}
    >
      <Icon aria-hidden="true" className="size-5 shrink-0 max-sm:hidden" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="font-semibold">{label}</p>
        {block.reason && <p className="break-words">Reason: {block.reason}</p>}
      </div>
      {action && onShowDetails && (
        <Button
          variant="outline"
          className="h-11 bg-background text-foreground"
          onClick={onShowDetails}
        >
          {action}
        </Button>
      )}
    </div>
  )
}
