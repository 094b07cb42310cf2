import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateOrderResponse } from '@techbazaar/shared'
import { cartKeys } from '@/lib/cart/api/get-cart'
import { api } from '@/lib/api-client'
import { toast } from '@/lib/toast'
import { cancelOrder, failureMessage } from './cancel-order'
import { accountOrderKeys } from './get-orders'

/** "Pay now": where the browser goes to pay the unpaid online order (the same order). */
export function payPendingOrder(orderId: string) {
  return api<CreateOrderResponse>(`/shop/order/${encodeURIComponent(orderId)}/pay`, {
    method: 'POST',
  })
}

/**
 * The reason an unpaid order's "Cancel" sends: the cancel route always asks for one, and a
 * shopper who never paid has nothing to explain (the question would only slow them down).
 */
export const CANCEL_BEFORE_PAYING_REASON = 'Cancelled before paying'

/** "Cancel": the unpaid online order is cancelled, its items go back to the cart. */
export function cancelPendingOrder(orderId: string) {
  return cancelOrder(orderId, { reason: CANCEL_BEFORE_PAYING_REASON })
}

export function usePayPendingOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: payPendingOrder,
    // A refusal (paid or cancelled meanwhile) means the list is stale.
    onError: (error) => {
      toast.error(failureMessage(error))
      return queryClient.invalidateQueries({ queryKey: accountOrderKeys.all })
    },
  })
}

export function useCancelPendingOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: cancelPendingOrder,
    // Said here, not in `mutate`'s callbacks: the refreshed list no longer shows the buttons
    // of a cancelled order, and callbacks of an unmounted caller never run.
    onSuccess: (answer) => toast.success(answer.message),
    onError: (error) => toast.error(failureMessage(error)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountOrderKeys.all }),
        queryClient.invalidateQueries({ queryKey: cartKeys.all }),
      ]),
  })
}
