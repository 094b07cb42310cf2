import type { ListingFacetsReply, ListingFilters } from '@techbazaar/shared'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { normalizeFilters } from '../lib/filters'
import { productFilterSearch } from './get-products'
import { catalogKeys } from '@/lib/catalog/query-keys'

export function getListingFacets(filters: ListingFilters, signal?: AbortSignal) {
  return api<ListingFacetsReply>(`/shop/products/facets?${productFilterSearch(filters)}`, {
    signal,
  }).then((response) => response.data)
}

/** Products per filter option for the chosen filters (each group counted without its own). */
export function listingFacetsQueryOptions(filters: ListingFilters) {
  const normalized = normalizeFilters(filters)
  return queryOptions({
    queryKey: catalogKeys.facets(normalized),
    queryFn: ({ signal }) => getListingFacets(normalized, signal),
    staleTime: 60_000,
  })
}

/** Keeps the previous counts on screen while the next filters' counts load (no flicker). */
export function useListingFacets(filters: ListingFilters) {
  return useQuery({ ...listingFacetsQueryOptions(filters), placeholderData: keepPreviousData })
}
