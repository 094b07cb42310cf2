import type { AdminProduct, AdminProductListResponse } from '@techbazaar/shared'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/**
 * The caller's products whose title matches `q` (a seller's own, every product for an admin),
 * from the back office's product list: the sale form's product picker. The shop's search would
 * offer other sellers' products and hide unlisted ones.
 */
export function useFindOwnProducts(q: string) {
  const trimmed = q.trim()
  return useQuery<AdminProduct[]>({
    queryKey: ['scheduled-sale-products', trimmed],
    queryFn: ({ signal }): Promise<AdminProduct[]> =>
      api<AdminProductListResponse>(
        `/admin/products/get${trimmed ? `?q=${encodeURIComponent(trimmed)}` : ''}`,
        { signal },
      ).then((reply) => reply.data),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })
}
