import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { MergeCartInput, MergeCartResponse, MergeLeftOut, Order } from '@techbazaar/shared'
import { api } from '@/lib/api-client'
import { cartKeys } from '@/lib/cart/api/get-cart'
import { cartErrorMessage, cartMutationKey, cartMutationScope } from '@/lib/cart/api/cart-cache'
import { toast } from '@/lib/toast'
import { orderDetailsQueryOptions } from './get-order-details'

const LEFT_OUT_WORDS: Record<MergeLeftOut['reason'], string> = {
  unavailable: 'is no longer available',
  limited: 'was added only up to the quantity you may buy',
  cartFull: 'did not fit: your cart is full',
}

/** What "Buy again" asks for: each line's units that were not cancelled. */
export function buyAgainItems(order: Pick<Order, 'cartItems'>): MergeCartInput['items'] {
  return order.cartItems
    .map((line) => ({
      productId: line.productId,
      quantity: line.quantity - line.cancelledQuantity,
    }))
    .filter((item) => item.quantity > 0)
}

/** The toast: added, and every line that did not come in whole, named. */
export function buyAgainMessage(leftOut: readonly MergeLeftOut[], asked: number): string {
  if (leftOut.length === 0) return 'Added to your cart.'
  const said = leftOut.map((line) => `${line.title ?? 'An item'} ${LEFT_OUT_WORDS[line.reason]}`)
  const none = leftOut.filter((l) => l.reason !== 'limited').length === asked
  return none
    ? `Nothing was added: ${said.join('; ')}.`
    : `Added to your cart, but ${said.join('; ')}.`
}

/**
 * "Buy again" on a delivered order (issue 31.4): its lines go into the server cart by the cart
 * merge's rules (the server skips what is no longer listed or in stock, and caps at the stock and
 * the limit per order), then the cart is reloaded.
 */
export function useBuyAgain(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: cartMutationKey,
    scope: cartMutationScope,
    mutationFn: async (orderId: string) => {
      const order = await queryClient.fetchQuery(orderDetailsQueryOptions(orderId))
      const items = buyAgainItems(order)
      const response = await api<MergeCartResponse>('/shop/cart/merge', {
        method: 'POST',
        json: { userId, items } satisfies MergeCartInput,
      })
      return { response, asked: items.length }
    },
    onSuccess: async ({ response, asked }) => {
      const message = buyAgainMessage(response.leftOut, asked)
      if (response.leftOut.length === 0) toast.success(message)
      else toast.error(message)
      const key = cartKeys.detail(userId)
      queryClient.setQueryData(key, response.data)
      await queryClient.invalidateQueries({ queryKey: key })
    },
    onError: (error) => toast.error(cartErrorMessage(error)),
  })
}
