import { queryOptions, useQuery } from '@tanstack/react-query'
import type { AddressListResponse } from '@techbazaar/shared'
import { api } from '@/lib/api-client'

export const addressKeys = {
  all: ['addresses'] as const,
  list: (userId: string) => [...addressKeys.all, userId] as const,
}

export function getAddresses(userId: string, signal?: AbortSignal) {
  return api<AddressListResponse>(`/shop/address/get/${encodeURIComponent(userId)}`, {
    signal,
  }).then((response) => response.data)
}

export function addressesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: addressKeys.list(userId),
    queryFn: ({ signal }) => getAddresses(userId, signal),
  })
}

export function useAddresses(userId: string) {
  return useQuery(addressesQueryOptions(userId))
}
