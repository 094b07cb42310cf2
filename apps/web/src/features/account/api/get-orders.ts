import type { OrderListItem, OrderListResponse } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export const accountOrderKeys = {
  all: ['orders'] as const,
  list: (userId: string) => [...accountOrderKeys.all, 'list', userId] as const,
}

/** The shopper's orders, newest first as the server sends them. */
export function getOrders(userId: string, signal?: AbortSignal): Promise<OrderListItem[]> {
  return api<OrderListResponse>(`/shop/order/list/${encodeURIComponent(userId)}`, {
    signal,
  }).then((response) => response.data)
}

export function ordersQueryOptions(userId: string) {
  return queryOptions({
    queryKey: accountOrderKeys.list(userId),
    queryFn: ({ signal }) => getOrders(userId, signal),
  })
}

export function useOrders(userId: string) {
  return useQuery(ordersQueryOptions(userId))
}
