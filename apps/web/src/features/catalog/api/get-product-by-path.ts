import type { ProductByPathReply } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { catalogKeys } from '@/lib/catalog/query-keys'

/** A product page's product, by the last segment of its address (`{slug}-{shortId}`). */
export function productByPathQueryOptions(segment: string) {
  return queryOptions({
    queryKey: catalogKeys.byPath(segment),
    queryFn: ({ signal }) =>
      api<ProductByPathReply>(`/shop/products/by-path/${encodeURIComponent(segment)}`, { signal }),
    staleTime: 60_000,
  })
}

export function useProductByPath(segment: string) {
  return useQuery(productByPathQueryOptions(segment))
}
