import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Wishlist, WishlistResponse } from '@techbazaar/shared'
import { api, ApiError } from '@/lib/api-client'
import { cartKeys } from '@/lib/cart/api/get-cart'
import { toast } from '@/lib/toast'

export const wishlistKeys = {
  all: ['wishlist'] as const,
  detail: (userId: string) => [...wishlistKeys.all, userId] as const,
}

const data = async (response: Promise<WishlistResponse>) => (await response).data

/** The signed-in shopper's wishlist (nothing is asked for guests: theirs is in localStorage). */
export function useServerWishlist(userId: string | null) {
  return useQuery({
    queryKey: wishlistKeys.detail(userId ?? ''),
    queryFn: ({ signal }) => data(api<WishlistResponse>('/shop/wishlist', { signal })),
    enabled: userId !== null,
  })
}

const productUrl = (productId: string, tail = '') =>
  `/shop/wishlist/${encodeURIComponent(productId)}${tail}`

/** Every wishlist change the API offers; each answers the whole wishlist. */
export const wishlistCalls = {
  add: (productId: string) =>
    data(api<WishlistResponse>('/shop/wishlist', { method: 'POST', json: { productId } })),
  remove: (productId: string) =>
    data(api<WishlistResponse>(productUrl(productId), { method: 'DELETE' })),
  merge: (productIds: readonly string[]) =>
    data(api<WishlistResponse>('/shop/wishlist/merge', { method: 'POST', json: { productIds } })),
  notify: (notify: boolean) =>
    data(api<WishlistResponse>('/shop/wishlist/preferences', { method: 'PUT', json: { notify } })),
  toCart: (productId: string) =>
    data(api<WishlistResponse>(productUrl(productId, '/to-cart'), { method: 'POST' })),
  saveForLater: (productId: string) =>
    data(
      api<WishlistResponse>(`/shop/wishlist/from-cart/${encodeURIComponent(productId)}`, {
        method: 'POST',
      }),
    ),
}

/** The server's message for refusals (404, 400); anything else is generic. */
function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message
  return 'Something went wrong'
}

/**
 * One wishlist change: the answer replaces the cached list; a change that moves a cart line
 * also reloads the cart. Success and failure are said in a toast.
 */
export function useWishlistMutation<T>(
  userId: string | null,
  call: (input: T) => Promise<Wishlist>,
  opts: { success?: string; touchesCart?: boolean } = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    scope: { id: 'wishlist' },
    onSuccess: async (wishlist) => {
      if (userId) queryClient.setQueryData(wishlistKeys.detail(userId), wishlist)
      if (opts.success) toast.success(opts.success)
      if (opts.touchesCart) await queryClient.invalidateQueries({ queryKey: cartKeys.all })
    },
    onError: (error) => toast.error(errorMessage(error)),
  })
}
