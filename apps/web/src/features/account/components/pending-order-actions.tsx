import type { OrderPaymentMethod, PaymentStatus } from '@techbazaar/shared'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { pendingOrder } from '@/lib/pending-order'
import { useCancelPendingOrder, usePayPendingOrder } from '../api/pending-order-actions'

/** An online order placed but not paid yet (cash-on-delivery orders are never waiting). */
export function isAwaitingPayment(order: {
  orderStatus: string
  paymentMethod: OrderPaymentMethod
  paymentStatus: PaymentStatus
}): boolean {
  return (
    order.paymentMethod !== 'COD' &&
    order.paymentStatus === 'pending' &&
    order.orderStatus === 'pending'
  )
}

/**
 * "Pay now" (back to the provider for the same order) and "Cancel" (stock back, items back in
 * the cart) for an unpaid online order, in the orders list and the order's details.
 */
export function PendingOrderActions({ orderId }: { orderId: string }) {
  const pay = usePayPendingOrder()
  const cancel = useCancelPendingOrder()
  const busy = pay.isPending || cancel.isPending

  const payNow = () =>
    pay.mutate(orderId, {
      onSuccess: (answer) => {
        if (!answer.paymentUrl) return
        pendingOrder.set(answer.orderId)
        window.location.assign(answer.paymentUrl)
      },
    })
  const cancelOrder = () => cancel.mutate(orderId)

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button size="sm" className="h-10" onClick={payNow} disabled={busy}>
        {pay.isPending && <Spinner />}
        Pay now
      </Button>
      {/* Cancelling cannot be undone (the stock goes to other shoppers): it asks first. */}
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button size="sm" variant="outline" className="h-10" disabled={busy}>
            {cancel.isPending && <Spinner />}
            Cancel order
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Cancel this order?</AlertDialogTitle>
            <AlertDialogDescription>
              It will not be paid or delivered, and its items go back to your cart.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep order</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={cancelOrder}>
              Cancel order
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  )
}
