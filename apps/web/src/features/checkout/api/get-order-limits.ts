import { queryOptions, useQuery } from '@tanstack/react-query'
import type { OrderLimits, OrderLimitsResponse } from '@techbazaar/shared'
import { api } from '@/lib/api-client'

/** The shop's order limits (configured on the server), shown at checkout before paying. */
export function orderLimitsQueryOptions() {
  return queryOptions({
    queryKey: ['order-limits'],
    queryFn: async ({ signal }): Promise<OrderLimits> =>
      (await api<OrderLimitsResponse>('/shop/order/limits', { signal })).data,
    // They change only when the server restarts with other settings.
    staleTime: 10 * 60_000,
  })
}

export function useOrderLimits() {
  return useQuery(orderLimitsQueryOptions())
}
