import type { AdminProductListResponse, AdminProductStatus } from '@techbazaar/shared'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { adminProductKeys } from './query-keys'

/** One page of the back office's products: the address's ?page=&q=&status=&seller=. */
export interface ProductsFilter {
  page: number
  q?: string
  status?: AdminProductStatus
  /** Admins: one seller's products, by its id. */
  sellerId?: string
}

export function getAdminProducts(filter: ProductsFilter, signal?: AbortSignal) {
  const params = new URLSearchParams()
  if (filter.page > 1) params.set('page', String(filter.page))
  if (filter.q) params.set('q', filter.q)
  if (filter.status) params.set('status', filter.status)
  if (filter.sellerId) params.set('sellerId', filter.sellerId)
  const query = params.size ? `?${params}` : ''
  return api<AdminProductListResponse>(`/admin/products/get${query}`, { signal })
}

/** A page of a seller's own products, or of every product for an admin. */
export function adminProductsQueryOptions(filter: ProductsFilter) {
  return queryOptions({
    queryKey: adminProductKeys.list(filter),
    queryFn: ({ signal }) => getAdminProducts(filter, signal),
    // The page being left stays on screen (dimmed) until the next one arrives.
    placeholderData: keepPreviousData,
  })
}

export function useAdminProducts(filter: ProductsFilter) {
  return useQuery(adminProductsQueryOptions(filter))
}
