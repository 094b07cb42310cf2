import type { CartMutationResponse, UpdateCartInput } from '@techbazaar/shared'
import { api } from '@/lib/api-client'
import { useOptimisticCartMutation } from './cart-cache'

export function updateCartItem(input: UpdateCartInput) {
  return api<CartMutationResponse>('/shop/cart/update-cart', { method: 'PUT', json: input })
}

/** Sets a line's quantity, showing it at once and putting it back if the server refuses. */
export function useUpdateCartItem() {
  return useOptimisticCartMutation(updateCartItem, (cart, input) => ({
    ...cart,
    items: cart.items.map((line) =>
      line.productId === input.productId ? { ...line, quantity: input.quantity } : line,
    ),
  }))
}
