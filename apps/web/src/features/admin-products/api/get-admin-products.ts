import type { AdminProductListResponse } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { adminProductKeys } from './query-keys'

export function getAdminProducts(userName?: string, signal?: AbortSignal) {
  const query = userName ? `?userName=${encodeURIComponent(userName)}` : ''
  return api<AdminProductListResponse>(`/admin/products/get${query}`, {
    signal,
  }).then((response) => response.data)
}

/** A seller's own products, or every product for an admin. */
export function adminProductsQueryOptions(userName?: string) {
  return queryOptions({
    queryKey: adminProductKeys.list(userName),
    queryFn: ({ signal }) => getAdminProducts(userName, signal),
  })
}

export function useAdminProducts(userName?: string) {
  return useQuery(adminProductsQueryOptions(userName))
}
