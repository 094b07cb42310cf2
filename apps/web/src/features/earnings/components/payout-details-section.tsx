import { useEffect, useRef, useState } from 'react'
import type * as React from 'react'
import { LoadFailed } from '@/components/state-views'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { messageOf } from '@/lib/server-errors'
import { usePayoutDetails } from '../api/get-payout-details'
import { PayoutDetailsForm } from './payout-details-form'
import { PayoutDetailsSummary } from './payout-details-summary'

/** The form until details are given, then the details and their check, with "Change". */
function OwnPayoutDetails() {
  const details = usePayoutDetails('own')
  const [changing, setChanging] = useState(false)
  const changeButton = useRef<HTMLButtonElement>(null)
  // The form saved or was cancelled: the focus goes to "Change" (not lost with the form) as
  // soon as it is drawn.
  const returnFocus = useRef(false)
  useEffect(() => {
    if (returnFocus.current && changeButton.current) {
      returnFocus.current = false
      changeButton.current.focus()
    }
  })

  if (details.isPending) return <Skeleton className="h-72 w-full rounded-xl" />
  if (details.isError) {
    return (
      <LoadFailed
        message={messageOf(details.error, 'We could not load your payout details.')}
        onRetry={() => void details.refetch()}
      />
    )
  }
  const saved = details.data
  if (!saved || changing) {
    return (
      <PayoutDetailsForm
        saved={saved}
        focusFirst={changing}
        onDone={() => {
          returnFocus.current = true
          setChanging(false)
        }}
      />
    )
  }
  return (
    <PayoutDetailsSummary
      details={saved}
      actions={
        <Button
          ref={changeButton}
          variant="outline"
          className="h-11"
          onClick={() => setChanging(true)}
        >
          Change
          <span className="sr-only"> payout details</span>
        </Button>
      }
    />
  )
}

/** The seller's "Payout details" section; its heading takes the focus from the banner's button. */
export function PayoutDetailsSection({
  headingRef,
}: {
  headingRef: React.RefObject<HTMLHeadingElement | null>
}) {
  return (
    <section aria-labelledby="payout-details-title" className="flex max-w-3xl flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2
          ref={headingRef}
          id="payout-details-title"
          tabIndex={-1}
          className="scroll-mt-24 text-lg font-semibold outline-none"
        >
          Payout details
        </h2>
        <p className="text-sm text-muted-foreground">
          Your PAN and the bank account we pay your earnings to.
        </p>
      </div>
      <OwnPayoutDetails />
    </section>
  )
}
