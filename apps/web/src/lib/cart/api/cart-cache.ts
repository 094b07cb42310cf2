import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { Cart, CartMutationResponse } from '@techbazaar/shared'
import { ApiError } from '@/lib/api-client'
import { toast } from '@/lib/toast'
import { cartKeys } from './get-cart'

/** Every cart mutation shares this key and scope: they run one after another, in click order. */
export const cartMutationKey = ['cart', 'mutation'] as const
export const cartMutationScope = { id: 'cart' }

/**
 * Applies a local change to the cached cart before the server answers (the quantity moves at
 * once); returns the previous cart so a failure can put it back.
 */
export async function patchCart(
  queryClient: QueryClient,
  userId: string,
  patch: (cart: Cart) => Cart,
): Promise<Cart | undefined> {
  const key = cartKeys.detail(userId)
  await queryClient.cancelQueries({ queryKey: key })
  const previous = queryClient.getQueryData<Cart>(key)
  if (previous) queryClient.setQueryData<Cart>(key, patch(previous))
  return previous
}

/**
 * Takes the server's cart from a mutation's answer, unless more cart changes are still on
 * their way (their optimistic state is newer than this answer; the last one settles it).
 */
export function settleCart(queryClient: QueryClient, userId: string, cart: Cart) {
  if (queryClient.isMutating({ mutationKey: cartMutationKey }) <= 1) {
    queryClient.setQueryData(cartKeys.detail(userId), cart)
  }
}

/** The server's message for refusals (stock, availability); anything else is generic. */
export function cartErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message
  return 'Something went wrong'
}

/**
 * A cart change shown at once (`patch` on the cached cart), settled by the server's cart, and put
 * back with the server's message when it refuses. In click order with every other cart change.
 */
export function useOptimisticCartMutation<Input extends { userId: string }>(
  mutationFn: (input: Input) => Promise<CartMutationResponse>,
  patch: (cart: Cart, input: Input) => Cart,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: cartMutationKey,
    scope: cartMutationScope,
    mutationFn,
    onMutate: async (input: Input) => ({
      previous: await patchCart(queryClient, input.userId, (cart) => patch(cart, input)),
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
