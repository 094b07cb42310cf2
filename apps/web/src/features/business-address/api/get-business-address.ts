import type { BusinessAddressResponse } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export const businessAddressKeys = {
  all: ['business-address'] as const,
}

export function getBusinessAddress(signal?: AbortSignal) {
  return api<BusinessAddressResponse>('/admin/business-address', {
    signal,
  }).then((response) => response.data)
}

export function businessAddressQueryOptions() {
  return queryOptions({
    queryKey: businessAddressKeys.all,
    queryFn: ({ signal }) => getBusinessAddress(signal),
  })
}

export function useBusinessAddress() {
  return useQuery(businessAddressQueryOptions())
}
