import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CartMutationResponse, UpdateCartInput } from '@techbazaar/shared'
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

export function updateCartItem(input: UpdateCartInput) {
  return api<CartMutationResponse>('/shop/cart/update-cart', { method: 'PUT', json: input })
}

/** Sets a line's quantity, showing it at once and putting it back if the server refuses. */
export function useUpdateCartItem() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: cartMutationKey,
    scope: cartMutationScope,
    mutationFn: updateCartItem,
    onMutate: async (input) => ({
      previous: await patchCart(queryClient, input.userId, (cart) => ({
        ...cart,
        items: cart.items.map((line) =>
          line.productId === input.productId ? { ...line, quantity: input.quantity } : line,
        ),
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
