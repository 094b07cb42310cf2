import { queryOptions, useQuery } from '@tanstack/react-query'
import type { BuyNowLine, OrderQuote, OrderQuoteResponse } from '@techbazaar/shared'
import { api } from '@/lib/api-client'
import { buyNowQuery } from '@/lib/shipping/serviceability'

export const orderQuoteKeys = {
  all: ['order-quote'] as const,
  detail: (
    userId: string | null,
    addressId: string | null,
    cartLines: string,
    couponCode: string | null = null,
  ) => [...orderQuoteKeys.all, userId, addressId, cartLines, couponCode] as const,
}

/**
 * The signed-in shopper's cart priced as an order by the server (items, delivery, the COD fee,
 * the total and the GST inside it for `addressId`): the checkout's breakdown of its total.
 * `cartLines` names what is in the cart (ids, quantities, total), so a changed cart is priced
 * again; the server reads the cart itself. With `buyNow` it prices that one line instead; with
 * `couponCode` the coupon too (one that no longer applies comes back as `couponRefusal`).
 */
export function orderQuoteQueryOptions(
  userId: string | null,
  addressId: string | null,
  cartLines: string,
  buyNow: BuyNowLine | null = null,
  couponCode: string | null = null,
) {
  const query = new URLSearchParams({
    ...(addressId ? { addressId } : {}),
    ...(buyNow ? buyNowQuery(buyNow) : {}),
    ...(couponCode ? { couponCode } : {}),
  }).toString()
  return queryOptions({
    queryKey: orderQuoteKeys.detail(userId, addressId, cartLines, couponCode),
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
  couponCode: string | null = null,
) {
  return useQuery(orderQuoteQueryOptions(userId, addressId, cartLines, buyNow, couponCode))
}
