import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AddToCartInput, CartMutationResponse } from '@techbazaar/shared'
import { toast } from '@/lib/toast'
import { api } from '@/lib/api-client'
import { cartErrorMessage, cartMutationKey, cartMutationScope, settleCart } from './cart-cache'

export function addToCart(input: AddToCartInput) {
  return api<CartMutationResponse>('/shop/cart/add', { method: 'POST', json: input })
}

/** Adds to the server cart; the answer (the whole cart) replaces the cached one. */
export function useAddToCart() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: cartMutationKey,
    scope: cartMutationScope,
    mutationFn: addToCart,
    onSuccess: (response, input) => {
      settleCart(queryClient, input.userId, response.data)
      toast.success(response.message)
    },
    onError: (error) => toast.error(cartErrorMessage(error)),
  })
}
