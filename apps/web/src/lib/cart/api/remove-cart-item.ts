import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CartLineParams, CartMutationResponse } from '@techbazaar/shared'
import { toast } from '@/lib/toast'
import { api } from '@/lib/api-client'
import { cartKeys } from './get-cart'
import {
  cartErrorMessage,
  cartMutationKey,
  cartMutationScope,
  patchCart,
  settleCart,
} from './cart-cache'

export type RemoveCartItemInput = CartLineParams

export function removeCartItem({ userId, productId }: RemoveCartItemInput) {
  return api<CartMutationResponse>(
    `/shop/cart/${encodeURIComponent(userId)}/${encodeURIComponent(productId)}`,
    { method: 'DELETE' },
  )
}

/** Removes a line at once; it comes back if the server refuses. */
export function useRemoveCartItem() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: cartMutationKey,
    scope: cartMutationScope,
    mutationFn: removeCartItem,
    onMutate: async (input) => ({
      previous: await patchCart(queryClient, input.userId, (cart) => ({
        ...cart,
        items: cart.items.filter((line) => line.productId !== input.productId),
      })),
    }),
    onSuccess: (response, input) => {
      settleCart(queryClient, input.userId, response.data)
      toast.success(response.message)
    },
    onError: (error, input, context) => {
      toast.error(cartErrorMessage(error))
      if (context?.previous) {
        queryClient.setQueryData(cartKeys.detail(input.userId), context.previous)
      }
    },
  })
}
