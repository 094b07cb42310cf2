import type { EarningsResponse } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export type Earnings = EarningsResponse['data']

export const earningsKeys = {
  all: ['earnings'] as const,
  /** The signed-in seller's own: the server reads the seller from the session, not a parameter. */
  own: () => [...earningsKeys.all, 'own'] as const,
}

export function getEarnings(signal?: AbortSignal) {
  return api<EarningsResponse>('/admin/settlements/earnings', { signal }).then(
    (response) => response.data,
  )
}

export function earningsQueryOptions() {
  return queryOptions({
    queryKey: earningsKeys.own(),
    queryFn: ({ signal }) => getEarnings(signal),
  })
}

export function useEarnings() {
  return useQuery(earningsQueryOptions())
}
