import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CancelPendingOrderResponse, CreateOrderResponse } from '@techbazaar/shared'
import { cartKeys } from '@/lib/cart/api/get-cart'
import { api, ApiError } from '@/lib/api-client'
import { toast } from '@/lib/toast'
import { accountOrderKeys } from './get-orders'

/** "Pay now": where the browser goes to pay the unpaid online order (the same order). */
export function payPendingOrder(orderId: string) {
  return api<CreateOrderResponse>(`/shop/order/${encodeURIComponent(orderId)}/pay`, {
    method: 'POST',
  })
}

/** "Cancel": the unpaid online order is cancelled, its items go back to the cart. */
export function cancelPendingOrder(orderId: string) {
  return api<CancelPendingOrderResponse>(`/shop/order/${encodeURIComponent(orderId)}/cancel`, {
    method: 'POST',
  })
}

const failure = (error: unknown) =>
  error instanceof ApiError && error.status < 500
    ? error.message
    : 'Something went wrong. Please try again.'

export function usePayPendingOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: payPendingOrder,
    // A refusal (paid or cancelled meanwhile) means the list is stale.
    onError: (error) => {
      toast.error(failure(error))
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
    onError: (error) => toast.error(failure(error)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountOrderKeys.all }),
        queryClient.invalidateQueries({ queryKey: cartKeys.all }),
      ]),
  })
}
