import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CancelOrderInput, CancelOrderResponse } from '@techbazaar/shared'
import { api, ApiError } from '@/lib/api-client'
import { toast } from '@/lib/toast'
import { accountOrderKeys } from './get-orders'

/**
 * Cancels the order, or one seller's part of it (`subOrderId`), with the shopper's reason: the
 * items go back on sale and a paid part is refunded in full. 409 once a part has shipped.
 */
export function cancelOrder(orderId: string, body: CancelOrderInput) {
  return api<CancelOrderResponse>(`/shop/order/${encodeURIComponent(orderId)}/cancel`, {
    method: 'POST',
    json: body,
  })
}

/** The API's own words for a refusal (or a lost connection); a generic line for a crash. */
export function failureMessage(error: unknown): string {
  return error instanceof ApiError && error.status < 500
    ? error.message
    : 'Something went wrong. Please try again.'
}

export function useCancelOrder(orderId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CancelOrderInput) => cancelOrder(orderId, body),
    // Said and refreshed here, not in `mutate`'s callbacks: the refreshed details drop the
    // button (and its dialog) of a cancelled part, and an unmounted caller's callbacks never run.
    // A refusal is shown in the dialog instead; it refreshes the details when it closes.
    onSuccess: (answer) => {
      toast.success(answer.message)
      return queryClient.invalidateQueries({ queryKey: accountOrderKeys.all })
    },
  })
}

/** The order's list and details again, after a refusal showed they were stale. */
export function useRefreshOrders() {
  const queryClient = useQueryClient()
  return () => void queryClient.invalidateQueries({ queryKey: accountOrderKeys.all })
}
