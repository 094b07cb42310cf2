import {
  ORDER_TRANSITIONS,
  SHIPMENT_STATUS_LABELS,
  type OrderStatus,
  type ShipmentStatus,
} from '@techbazaar/shared'
import { BanIcon, LoaderCircleIcon } from 'lucide-react'
import { useState } from 'react'
import { toast } from '@/lib/toast'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { messageOf } from '@/lib/server-errors'
import { useStopParcel } from '@/lib/shipping/stop-parcel'
import { cn } from '@/lib/utils'

/**
 * A seller's part as both admin views know it: the order details' parcel (`OrderParcel`) and a
 * row of the Shipments table (its `_id`, `orderStatus` and booking) both fit this.
 */
export interface StoppableParcel {
  subOrderId: string
  seller: string
  /** The part's (sub-order's) status. */
  status: OrderStatus
  /** The courier booking, null until the seller books one. */
  shipment: { status: ShipmentStatus; awb: string } | null
}

/** Handed to the courier and neither delivered, brought back nor cancelled (as the API checks). */
const ON_ITS_WAY: ReadonlySet<ShipmentStatus> = new Set([
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'failed_attempt',
])

/**
 * Whether an admin may stop this part's parcel: its courier booking stands and the parcel is not
 * delivered, returned or cancelled. A parcel still waiting for pickup must also be a part that can
 * be rejected (one marked Shipped by hand meanwhile is refused by the API).
 */
export function canStopParcel(parcel: StoppableParcel): boolean {
  const status = parcel.shipment?.status
  if (!status) return false
  if (status === 'booked') return ORDER_TRANSITIONS.reject.from.includes(parcel.status)
  return ON_ITS_WAY.has(status)
}

/**
 * Whether rejecting the whole order would touch a part whose courier booking stands, which the
 * API refuses (409, issue 26.5): the parts a rejection moves are those it may move from, and a
 * booking the courier cancelled no longer counts. The status picker then leaves Rejected out.
 */
export function rejectNeedsStop(parcels: readonly StoppableParcel[]): boolean {
  return parcels.some(
    (parcel) =>
      ORDER_TRANSITIONS.reject.from.includes(parcel.status) &&
      parcel.shipment !== null &&
      parcel.shipment.status !== 'cancelled',
  )
}

/** What the status picker says in place of Rejected once a part is booked (the Stop action's words). */
export const REJECT_NEEDS_STOP =
  'Rejected is not offered: a parcel of this order is booked with the courier. Use Stop parcel on it: the booking is cancelled, or the courier brings the parcel back to the seller.'

/**
 * "Stop parcel" (admins, issue 26.5): rejecting a booked part is refused, since the courier would
 * still deliver goods already refunded; this asks the courier instead. It confirms first, saying
 * what happens before and after pickup, and shows the API's answer as a toast.
 */
export function StopParcelAction({
  parcel,
  className,
}: {
  parcel: StoppableParcel
  /** Where it sits: below a parcel card by default, inside a table cell on the Shipments page. */
  className?: string
}) {
  const [confirming, setConfirming] = useState(false)
  const stop = useStopParcel()
  const shipment = parcel.shipment
  if (!shipment) return null

  const confirm = () => {
    // The toast follows the promise, not the component: once stopped, the refetched details no
    // longer offer this button, and it unmounts while the answer is still on its way.
    void stop.mutateAsync(parcel.subOrderId).then(
      (answer) => {
        toast.success(answer.message)
        setConfirming(false)
      },
      (error: unknown) => {
        toast.error(messageOf(error, 'The parcel could not be stopped. Please try again.'))
        setConfirming(false)
      },
    )
  }

  return (
    <div className={cn('mt-3 border-t pt-3', className)}>
      <Button
        variant="outline"
        className="h-11 w-full text-destructive hover:text-destructive sm:w-auto"
        disabled={stop.isPending}
        onClick={() => setConfirming(true)}
      >
        <BanIcon aria-hidden="true" />
        {/* The space stays outside the hidden part: a name computed from it would drop it. */}
        Stop parcel <span className="sr-only">from {parcel.seller}</span>
      </Button>

      <AlertDialog
        open={confirming}
        // While the courier is asked, the question stays until its answer.
        onOpenChange={(open) => !stop.isPending && setConfirming(open)}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Stop the parcel from {parcel.seller}?</AlertDialogTitle>
            <AlertDialogDescription asChild>
              <div className="flex flex-col gap-2">
                <p>
                  The courier reads it as {SHIPMENT_STATUS_LABELS[shipment.status]} (AWB{' '}
                  <span className="tabular">{shipment.awb}</span>). The courier is asked to stop it:
                </p>
                <ul className="flex list-disc flex-col gap-1 pl-5">
                  <li>
                    Not picked up yet: the booking is cancelled and the part rejected now; its stock
                    is back and the shopper is refunded.
                  </li>
                  <li>
                    Already on its way: the courier brings it back to the seller; the refund and the
                    stock follow when it is back.
                  </li>
                </ul>
                <p>This cannot be undone.</p>
              </div>
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={stop.isPending}>Keep parcel</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              disabled={stop.isPending}
              aria-busy={stop.isPending}
              onClick={(event) => {
                // Stay open until the server answers; the answer closes it.
                event.preventDefault()
                confirm()
              }}
            >
              {stop.isPending && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
              {stop.isPending ? 'Stopping parcel...' : 'Stop parcel'}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  )
}
