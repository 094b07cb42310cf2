import type { OrderPaymentMethod, PaymentStatus } from '@techbazaar/shared'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { pendingOrder } from '@/features/payments/pending-order'
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
      <Button size="sm" variant="outline" className="h-10" onClick={cancelOrder} disabled={busy}>
        {cancel.isPending && <Spinner />}
        Cancel order
      </Button>
    </div>
  )
}
