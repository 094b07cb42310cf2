import { queryOptions, useQuery } from '@tanstack/react-query'
import type { OrderLimits, OrderLimitsResponse } from '@techbazaar/shared'
import { api } from '@/lib/api-client'

/**
 * The shop's order limits (configured on the server), shown at checkout before paying, with the
 * units the signed-in account's unpaid online orders hold (issue 26.15). Keyed by the account,
 * since that count is its own.
 */
export function orderLimitsQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: ['order-limits', userId],
    queryFn: async ({ signal }): Promise<OrderLimits> =>
      (await api<OrderLimitsResponse>('/shop/order/limits', { signal })).data,
    // Asked again each time checkout opens: an order paid, cancelled or expired meanwhile frees
    // what it held (the figures themselves change only when the server restarts).
    staleTime: 0,
  })
}

export function useOrderLimits(userId: string | null) {
  return useQuery(orderLimitsQueryOptions(userId))
}
