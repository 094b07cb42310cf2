import type { VendorListResponse } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export interface SellerOption {
  id: string
  /** The seller's name with its email: two sellers may share a name. */
  label: string
}

/** Every seller, as an admin's "Seller" filter lists them (by name). */
export function sellerOptionsQuery() {
  return queryOptions({
    queryKey: ['seller-options'] as const,
    queryFn: ({ signal }) =>
      api<VendorListResponse>('/admin/vendors', { signal }).then(({ data }) =>
        data
          .map((vendor): SellerOption => ({
            id: vendor._id,
            label: `${vendor.userName} (${vendor.email})`,
          }))
          .sort((a, b) => a.label.localeCompare(b.label, 'en-IN')),
      ),
    staleTime: 60_000,
  })
}

export function useSellerOptions() {
  return useQuery(sellerOptionsQuery())
}
