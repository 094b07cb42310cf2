import type { OrderSummary as ApiOrderSummary } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, ApiError } from '@/lib/api-client'

/** The fields the Orders table shows; the orders feature owns the full order. */
export type OrderSummary = Pick<
  ApiOrderSummary,
  | '_id'
  | 'orderNumber'
  | 'orderDate'
  | 'orderStatus'
  | 'paymentMethod'
  | 'paymentStatus'
  | 'totalAmount'
>

export const accountOrderKeys = {
  all: ['orders'] as const,
  list: (userId: string) => [...accountOrderKeys.all, 'list', userId] as const,
}

/**
 * The shopper's orders, newest first as the server sends them. A 404 means the order service
 * has nothing to list here yet, which the tab shows as "No orders yet".
 */
export async function getOrders(userId: string, signal?: AbortSignal): Promise<OrderSummary[]> {
  try {
    const response = await api<{ success: true; data: OrderSummary[] }>(
      `/shop/order/list/${encodeURIComponent(userId)}`,
      { signal },
    )
    return Array.isArray(response.data) ? response.data : []
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return []
    throw error
  }
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
