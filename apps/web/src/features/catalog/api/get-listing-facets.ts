import type { ListingFacets } from '@techbazaar/shared'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { normalizeFilters, type ProductFilters } from '../lib/filters'
import { productFilterSearch } from './get-products'
import { catalogKeys } from './query-keys'

export function getListingFacets(filters: ProductFilters, signal?: AbortSignal) {
  return api<{ success: true; data: ListingFacets }>(
    `/shop/products/facets?${productFilterSearch(filters)}`,
    { signal },
  ).then((response) => response.data)
}

/** Products per filter option for the chosen filters (each group counted without its own). */
export function listingFacetsQueryOptions(filters: ProductFilters) {
  const normalized = normalizeFilters(filters)
  return queryOptions({
    queryKey: catalogKeys.facets(normalized),
    queryFn: ({ signal }) => getListingFacets(normalized, signal),
    staleTime: 60_000,
  })
}

/** Keeps the previous counts on screen while the next filters' counts load (no flicker). */
export function useListingFacets(filters: ProductFilters) {
  return useQuery({ ...listingFacetsQueryOptions(filters), placeholderData: keepPreviousData })
}
