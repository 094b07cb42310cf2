import type { CartLineParams, CartMutationResponse } from '@techbazaar/shared'
import { api } from '@/lib/api-client'
import { useOptimisticCartMutation } from './cart-cache'

export type RemoveCartItemInput = CartLineParams

export function removeCartItem({ userId, productId }: RemoveCartItemInput) {
  return api<CartMutationResponse>(
    `/shop/cart/${encodeURIComponent(userId)}/${encodeURIComponent(productId)}`,
    { method: 'DELETE' },
  )
}

/** Removes a line at once; it comes back if the server refuses. */
export function useRemoveCartItem() {
  return useOptimisticCartMutation(removeCartItem, (cart, input) => ({
    ...cart,
    items: cart.items.filter((line) => line.productId !== input.productId),
  }))
}
