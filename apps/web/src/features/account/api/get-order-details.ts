import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Order, OrderDetailsResponse } from '@techbazaar/shared'
import { api } from '@/lib/api-client'
import { accountOrderKeys } from './get-orders'

/** One of the shopper's orders with its lines and delivery address. */
export async function getOrderDetails(orderId: string, signal?: AbortSignal): Promise<Order> {
  const response = await api<OrderDetailsResponse>(
    `/shop/order/details/${encodeURIComponent(orderId)}`,
    { signal },
  )
  return response.data
}

export function orderDetailsQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: [...accountOrderKeys.all, 'detail', orderId] as const,
    queryFn: ({ signal }) => getOrderDetails(orderId, signal),
  })
}

export function useOrderDetails(orderId: string) {
  return useQuery(orderDetailsQueryOptions(orderId))
}
