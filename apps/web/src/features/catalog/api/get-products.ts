import type { Product } from '@techbazaar/shared'
import { DEFAULT_SORT, LIMITS } from '@techbazaar/shared'
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { catalogKeys, type ProductListQuery } from './query-keys'

export type ProductListResponse = {
  success: true
  data: Product[]
  total: number
  page: number
  limit: number
  totalPages: number
}

/** Builds the query string the API expects: comma-joined lists, empty values left out. */
export function productListSearch(query: ProductListQuery): string {
  const params = new URLSearchParams()
  for (const key of ['category', 'brand', 'section'] as const) {
    const values = query[key]
    if (values?.length) params.set(key, values.join(','))
  }
  if (query.minPrice != null) params.set('minPrice', String(query.minPrice))
  if (query.maxPrice != null) params.set('maxPrice', String(query.maxPrice))
  params.set('sortBy', query.sortBy ?? DEFAULT_SORT)
  params.set('page', String(query.page ?? 1))
  params.set('limit', String(query.limit ?? LIMITS.listingPageSize))
  return params.toString()
}

export function getProducts(query: ProductListQuery, signal?: AbortSignal) {
  return api<ProductListResponse>(`/shop/products/get?${productListSearch(query)}`, { signal })
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
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
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
