import type { VendorListResponse } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export const vendorKeys = {
  all: ['vendors'] as const,
  list: () => [...vendorKeys.all, 'list'] as const,
}

export function getVendors(signal?: AbortSignal) {
  return api<VendorListResponse>('/admin/vendors', { signal }).then((response) => response.data)
}

export function vendorsQueryOptions() {
  return queryOptions({ queryKey: vendorKeys.list(), queryFn: ({ signal }) => getVendors(signal) })
}

export function useVendors() {
  return useQuery(vendorsQueryOptions())
}
