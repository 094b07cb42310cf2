import type { ListingFilters, ProductList } from '@techbazaar/shared'
import { DEFAULT_SORT, LIMITS } from '@techbazaar/shared'
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { LIST_FILTER_GROUPS } from '../lib/filters'
import { catalogKeys, type ProductListQuery } from '@/lib/catalog/query-keys'

/** The filters as the API expects them: comma-joined lists, empty values left out. */
function filterParams(filters: ListingFilters): URLSearchParams {
  const params = new URLSearchParams()
  for (const key of LIST_FILTER_GROUPS) {
    const values = filters[key]
    if (values?.length) params.set(key, values.join(','))
  }
  if (filters.options?.length) params.set('options', filters.options.join(','))
  if (filters.minPrice != null) params.set('minPrice', String(filters.minPrice))
  if (filters.maxPrice != null) params.set('maxPrice', String(filters.maxPrice))
  if (filters.minRating != null) params.set('minRating', String(filters.minRating))
  if (filters.minDiscount != null) params.set('minDiscount', String(filters.minDiscount))
  if (filters.inStock) params.set('inStock', '1')
  return params
}

/** The facet counts' query string: the filters alone. */
export function productFilterSearch(filters: ListingFilters): string {
  return filterParams(filters).toString()
}

/** Builds the listing's query string: the filters, the sort and the page. */
export function productListSearch(query: ProductListQuery): string {
  const params = filterParams(query)
  params.set('sortBy', query.sortBy ?? DEFAULT_SORT)
  params.set('page', String(query.page ?? 1))
  params.set('limit', String(query.limit ?? LIMITS.listingPageSize))
  return params.toString()
}

export function getProducts(query: ProductListQuery, signal?: AbortSignal) {
  return api<ProductList>(`/shop/products/get?${productListSearch(query)}`, { signal })
}

/** One page of products: the home page's sections and carousels. */
export function productsQueryOptions(query: ProductListQuery) {
  return queryOptions({
    queryKey: catalogKeys.list(query),
    queryFn: ({ signal }) => getProducts(query, signal),
    staleTime: 60_000,
  })
}

/** `enabled: false` holds the request back, e.g. until a home page section is near the screen. */
export function useProducts(query: ProductListQuery, { enabled = true } = {}) {
  return useQuery({ ...productsQueryOptions(query), enabled })
}

/** The listing: pages of 24, fetched one more at a time by "Load more". */
export function infiniteProductsQueryOptions(query: Omit<ProductListQuery, 'page'>) {
  return infiniteQueryOptions({
    queryKey: catalogKeys.infiniteList(query),
    queryFn: ({ pageParam, signal }) => getProducts({ ...query, page: pageParam }, signal),
    initialPageParam: 1,
    // An approximate total ("10,000+") is a lower bound: a full page may have another after it.
    getNextPageParam: (last) =>
      last.page < last.totalPages || (last.totalIsApproximate && last.data.length === last.limit)
        ? last.page + 1
        : undefined,
    staleTime: 60_000,
  })
}

/** Keeps showing the previous results while a new filter's first page loads (no flash). */
export function useInfiniteProducts(query: Omit<ProductListQuery, 'page'>) {
  return useInfiniteQuery({
    ...infiniteProductsQueryOptions(query),
    placeholderData: keepPreviousData,
  })
}
