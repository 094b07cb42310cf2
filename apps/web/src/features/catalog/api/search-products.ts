import type { SearchReply } from '@techbazaar/shared'
import { LIMITS } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { catalogKeys } from '@/lib/catalog/query-keys'

export function searchProducts(keyword: string, signal?: AbortSignal) {
  return api<SearchReply>(`/shop/search/${encodeURIComponent(keyword)}`, {
    signal,
  }).then((response) => response.data)
}

/** True when a keyword is long enough to be worth a search (more than 3 characters). */
export function isSearchable(keyword: string): boolean {
  return keyword.trim().length >= LIMITS.searchMinChars
}

export function searchProductsQueryOptions(keyword: string) {
  const trimmed = keyword.trim()
  return queryOptions({
    queryKey: catalogKeys.search(trimmed),
    queryFn: ({ signal }) => searchProducts(trimmed, signal),
    enabled: isSearchable(trimmed),
    staleTime: 60_000,
    retry: false,
  })
}

export function useSearchProducts(keyword: string) {
  return useQuery(searchProductsQueryOptions(keyword))
}
