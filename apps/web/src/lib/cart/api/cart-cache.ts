import type { QueryClient } from '@tanstack/react-query'
import type { Cart } from '@techbazaar/shared'
import { ApiError } from '@/lib/api-client'
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
