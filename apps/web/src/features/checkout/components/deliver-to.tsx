import {
  ADDRESS_STATE_MISSING,
  gstStateName,
  type Address,
  type CartServiceability,
} from '@techbazaar/shared'
import type { UseQueryResult } from '@tanstack/react-query'
import { MapPin } from 'lucide-react'
import { useId } from 'react'
import { DeliveryPromise } from '@/components/delivery-promise'
import { Spinner } from '@/components/ui/spinner'

/**
 * The order summary's "Deliver to": the chosen address (who receives it first, issue 31.7) in one
 * line with the courier's promise for it (the day the last parcel arrives, cash on delivery or
 * not), or a nudge to choose one, with a link to the address panel (below the summary on phones,
 * beside it on desktops). On phones the heading and the address share one cut-off line: checkout
 * starts with the default address chosen, and Place Your Order must stay on the first screen.
 * Clamped, not `truncate`: a no-wrap line would widen the page's grid column to its length.
 */
export function DeliverTo({
  address,
  delivery,
}: {
  address: Address | null
  delivery: Pick<UseQueryResult<CartServiceability>, 'data' | 'isError' | 'fetchStatus'>
}) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="flex gap-3 border-t px-5 py-3 text-sm sm:py-4">
      <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="min-w-0">
          <div className="flex items-baseline gap-1.5 sm:block">
            <h3 id={headingId} className="shrink-0 font-medium">
              Deliver to
            </h3>
            {address ? (
              <p className="line-clamp-1 min-w-0 break-words text-muted-foreground sm:line-clamp-none">
                {[
                  address.recipientName,
                  address.address,
                  address.city,
                  address.stateCode && gstStateName(address.stateCode),
                ]
                  .filter(Boolean)
                  .join(', ')}{' '}
                {address.pincode} · {address.phone}
              </p>
            ) : (
              <p className="text-muted-foreground">No address chosen yet.</p>
            )}
          </div>
          {address && !address.stateCode && (
            <p className="font-medium text-destructive">{ADDRESS_STATE_MISSING}</p>
          )}
        </div>
        {address && (
          <div aria-live="polite">
            {delivery.data ? (
              <DeliveryPromise answer={delivery.data} pincode={address.pincode} />
            ) : delivery.isError ? (
              <p className="text-muted-foreground">
                We could not check the delivery date right now.
              </p>
            ) : delivery.fetchStatus === 'fetching' ? (
              <p className="flex items-center gap-2 text-muted-foreground">
                <Spinner /> Checking delivery...
              </p>
            ) : null}
          </div>
        )}
      </div>
      <a
        href="#delivery-address"
        className="-my-3 -mr-2 inline-flex min-h-11 shrink-0 items-center self-start rounded-md px-2 font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      >
        {address ? 'Change' : 'Choose'}
        <span className="sr-only"> delivery address</span>
      </a>
    </section>
  )
}
