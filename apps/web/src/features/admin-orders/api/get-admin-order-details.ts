import type { AdminOrderDetailsResponse } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { adminOrderKeys } from './get-admin-orders'

export function getAdminOrderDetails(orderId: string, signal?: AbortSignal) {
  return api<AdminOrderDetailsResponse>(`/admin/orders/details/${orderId}`, {
    signal,
  }).then((response) => response.data)
}

export function adminOrderDetailsQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: adminOrderKeys.details(orderId),
    queryFn: ({ signal }) => getAdminOrderDetails(orderId, signal),
  })
}

export function useAdminOrderDetails(orderId: string) {
  return useQuery(adminOrderDetailsQueryOptions(orderId))
}
