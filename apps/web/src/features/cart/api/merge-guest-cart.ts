import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { MergeCartInput, MergeCartResponse } from '@techbazaar/shared'
import { toast } from '@/lib/toast'
import { api } from '@/lib/api-client'
import { clearGuestCart } from '@/lib/cart/guest-cart'
import { cartKeys } from '@/lib/cart/api/get-cart'
import { cartMutationKey, cartMutationScope } from '@/lib/cart/api/cart-cache'

export function mergeGuestCart(input: MergeCartInput) {
  return api<MergeCartResponse>('/shop/cart/merge', { method: 'POST', json: input })
}

/**
 * Moves guest lines into the user's server cart, then clears the guest cart (only once the
 * server holds the lines, so a failed merge loses nothing) and reloads the cart: a read that
 * started before the merge must not put the pre-merge cart back.
 */
export function useMergeGuestCart() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: cartMutationKey,
    scope: cartMutationScope,
    mutationFn: mergeGuestCart,
    onSuccess: async (response, input) => {
      clearGuestCart()
      // A guest line that is gone or did not fit is said, never dropped in silence.
      if (response.leftOut.length > 0) toast.error(response.message)
      const key = cartKeys.detail(input.userId)
      queryClient.setQueryData(key, response.data)
      await queryClient.invalidateQueries({ queryKey: key })
    },
    // The guest lines stay in this browser; the next visit tries again.
    onError: () => toast.error('Something went wrong'),
  })
}
