import type { SellerPayoutDetails } from '@techbazaar/shared'
import { BadgeCheckIcon, LandmarkIcon } from 'lucide-react'
import { useRef, useState } from 'react'
import type * as React from 'react'
import { ConfirmDialog, stillThere } from '@/components/confirm-dialog'
import { EmptyState, LoadFailed } from '@/components/state-views'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { messageOf } from '@/lib/server-errors'
import { toast } from '@/lib/toast'
import { useConfirmPayoutAccount } from '../api/confirm-payout-account'
import { usePayoutDetails } from '../api/get-payout-details'
import { PayoutDetailsSummary } from './payout-details-summary'

/**
 * Paying by bank file no rail checks an account: an admin who has checked it with the seller
 * (a cancelled cheque, a bank letter) confirms it by hand.
 */
function ConfirmAccountButton({
  sellerId,
  details,
  afterConfirm,
}: {
  sellerId: string
  details: SellerPayoutDetails
  /** Where the focus goes once the account is confirmed (and this button gone). */
  afterConfirm: React.RefObject<HTMLElement | null>
}) {
  const confirm = useConfirmPayoutAccount(sellerId)
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  return (
    <>
      <Button ref={button} className="h-11" onClick={() => setOpen(true)}>
        <BadgeCheckIcon aria-hidden="true" />
        Confirm account
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Confirm this bank account?"
        description={`Only when you have checked account ${details.accountNumber} (${details.ifsc}) belongs to ${details.holderName}. Payouts then go to it.`}
        confirmLabel="Confirm account"
        busyLabel="Confirming…"
        busy={confirm.isPending}
        returnFocus={() => stillThere(button.current, afterConfirm.current)}
        onConfirm={() =>
          confirm.mutate(undefined, {
            onSuccess: () => toast.success('Account confirmed'),
            onError: (error) =>
              toast.error(messageOf(error, 'The account could not be confirmed.')),
            onSettled: () => setOpen(false),
          })
        }
      />
    </>
  )
}

function SellerPayoutDetailsBody({
  sellerId,
  heading,
}: {
  sellerId: string
  heading: React.RefObject<HTMLHeadingElement | null>
}) {
  const details = usePayoutDetails({ sellerId })
  if (details.isPending) return <Skeleton className="h-60 w-full rounded-xl" />
  if (details.isError) {
    return (
      <LoadFailed
        message={messageOf(details.error, 'We could not load the payout details.')}
        onRetry={() => void details.refetch()}
      />
    )
  }
  if (!details.data) {
    return (
      <EmptyState
        title="No PAN or bank account yet"
        icon={<LandmarkIcon aria-hidden="true" className="size-10 text-muted-foreground" />}
        className="p-6"
      />
    )
  }
  return (
    <PayoutDetailsSummary
      details={details.data}
      actions={
        details.data.status === 'pending' && (
          <ConfirmAccountButton sellerId={sellerId} details={details.data} afterConfirm={heading} />
        )
      }
    />
  )
}

/** A seller's PAN and bank account in full (an admin pays by bank file from them). */
export function SellerPayoutDetailsSection({ sellerId }: { sellerId: string }) {
  const heading = useRef<HTMLHeadingElement>(null)
  return (
    <section aria-labelledby="payout-details-title" className="flex max-w-3xl flex-col gap-3">
      <h2
        ref={heading}
        id="payout-details-title"
        tabIndex={-1}
        className="text-lg font-semibold outline-none"
      >
        Payout details
      </h2>
      <SellerPayoutDetailsBody sellerId={sellerId} heading={heading} />
    </section>
  )
}
