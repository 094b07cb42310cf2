import type { FilterOptionsReply } from '@techbazaar/shared'
import { LIMITS } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { catalogKeys } from './query-keys'

export function getFilterOptions(signal?: AbortSignal) {
  return api<FilterOptionsReply>('/shop/filter/fetch', { signal }).then((response) => response.data)
}

/** The admin-managed category and brand lists; cached for 5 minutes as the spec asks. */
export function filterOptionsQueryOptions() {
  return queryOptions({
    queryKey: catalogKeys.filterOptions(),
    queryFn: ({ signal }) => getFilterOptions(signal),
    staleTime: LIMITS.filterCacheSeconds * 1000,
  })
}

export function useFilterOptions() {
  return useQuery(filterOptionsQueryOptions())
}
