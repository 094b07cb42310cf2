import { queryOptions, useQuery } from '@tanstack/react-query'
import { CART_PAGE_SIZE_MAX, type Cart, type CartResponse } from '@techbazaar/shared'
import { api } from '@/lib/api-client'

export const cartKeys = {
  all: ['cart'] as const,
  detail: (userId: string) => [...cartKeys.all, userId] as const,
}

/**
 * The signed-in user's whole cart. A cart holds at most CART_PAGE_SIZE_MAX lines, so one page
 * of that size is all of it; the sheet and checkout show every line at once.
 */
export async function getCart(userId: string, signal?: AbortSignal): Promise<Cart> {
  const { data, totalItems, totalQuantity, totalAmount } = await api<CartResponse>(
    `/shop/cart/get/${encodeURIComponent(userId)}?page=1&limit=${CART_PAGE_SIZE_MAX}`,
    { signal },
  )
  return { items: data, totalItems, totalQuantity, totalAmount }
}

export function cartQueryOptions(userId: string) {
  return queryOptions({
    queryKey: cartKeys.detail(userId),
    queryFn: ({ signal }) => getCart(userId, signal),
  })
}

/** The server cart, or nothing for guests (who keep theirs in localStorage). */
export function useServerCart(userId: string | null) {
  return useQuery({ ...cartQueryOptions(userId ?? ''), enabled: userId !== null })
}
