import { queryOptions, useQuery } from '@tanstack/react-query'
import type { BuyNowLine, OrderQuote, OrderQuoteResponse } from '@techbazaar/shared'
import { api } from '@/lib/api-client'
import { buyNowQuery } from '@/lib/shipping/serviceability'

export const orderQuoteKeys = {
  all: ['order-quote'] as const,
  detail: (userId: string | null, addressId: string | null, cartLines: string) =>
    [...orderQuoteKeys.all, userId, addressId, cartLines] as const,
}

/**
 * The signed-in shopper's cart priced as an order by the server (items, delivery, the COD fee,
 * the total and the GST inside it for `addressId`): the checkout's breakdown of its total.
 * `cartLines` names what is in the cart (ids, quantities, total), so a changed cart is priced
 * again; the server reads the cart itself. With `buyNow` it prices that one line instead.
 */
export function orderQuoteQueryOptions(
  userId: string | null,
  addressId: string | null,
  cartLines: string,
  buyNow: BuyNowLine | null = null,
) {
  const query = new URLSearchParams({
    ...(addressId ? { addressId } : {}),
    ...(buyNow ? buyNowQuery(buyNow) : {}),
  }).toString()
  return queryOptions({
    queryKey: orderQuoteKeys.detail(userId, addressId, cartLines),
    queryFn: async ({ signal }): Promise<OrderQuote> =>
      (await api<OrderQuoteResponse>(`/shop/order/quote${query ? `?${query}` : ''}`, { signal }))
        .data,
    enabled: userId !== null,
    staleTime: 0,
  })
}

export function useOrderQuote(
  userId: string | null,
  addressId: string | null,
  cartLines: string,
  buyNow: BuyNowLine | null = null,
) {
  return useQuery(orderQuoteQueryOptions(userId, addressId, cartLines, buyNow))
}
