import { LIMITS, type SearchReply } from '@techbazaar/shared'
import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { catalogKeys } from '@/lib/catalog/query-keys'

/** Long enough for the shop's search (LIMITS.searchMinChars). */
export const canFind = (keyword: string) => keyword.trim().length >= LIMITS.searchMinChars

/** Products the shop's search finds for the banner form's product picker. */
export function useFindProducts(keyword: string) {
  const trimmed = keyword.trim()
  return useQuery({
    queryKey: catalogKeys.search(trimmed),
    queryFn: ({ signal }) =>
      api<SearchReply>(`/shop/search/${encodeURIComponent(trimmed)}`, { signal }).then(
        (reply) => reply.data,
      ),
    enabled: canFind(trimmed),
    staleTime: 60_000,
    retry: false,
  })
}
