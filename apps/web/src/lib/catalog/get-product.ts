import type { Product, ProductReply } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { catalogKeys } from './query-keys'

export function getProduct(id: string, signal?: AbortSignal) {
  return api<ProductReply>(`/shop/products/get/${encodeURIComponent(id)}`, {
    signal,
  }).then((response) => response.data)
}

/**
 * One product by id with its seller, declarations and warranty (`ProductDetail`); the detail
 * dialog and the cart lines share this cache entry.
 */
export function productQueryOptions(id: string) {
  return queryOptions({
    queryKey: catalogKeys.detail(id),
    queryFn: ({ signal }) => getProduct(id, signal),
    staleTime: 60_000,
  })
}

/**
 * The product as a listing card knows it, shown at once from `placeholder` (a listing's
 * product) while its details load; read it as `ProductDetail` through `productQueryOptions`.
 */
export function useProduct(id: string | null, options: { placeholder?: Product } = {}) {
  return useQuery<Product>({
    queryKey: catalogKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getProduct(id ?? '', signal),
    staleTime: 60_000,
    enabled: Boolean(id),
    placeholderData: options.placeholder,
  })
}
