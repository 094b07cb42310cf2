import type { AdminShipmentList, AdminShipmentsQuery } from '@techbazaar/shared'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** What the shipments table asks: a page, and whether only late ones (or only the others). */
export type ShipmentsFilter = Pick<AdminShipmentsQuery, 'page'> & Partial<AdminShipmentsQuery>

export const shipmentKeys = {
  all: ['shipments'] as const,
  lists: () => [...shipmentKeys.all, 'list'] as const,
  list: (filter: ShipmentsFilter) => [...shipmentKeys.lists(), filter] as const,
}

/** The query string the shipments list understands (unset filters are left out). */
export function shipmentsSearch(filter: ShipmentsFilter): string {
  const params = new URLSearchParams({ page: String(filter.page) })
  if (filter.limit) params.set('limit', String(filter.limit))
  if (filter.late !== undefined) params.set('late', String(filter.late))
  return params.toString()
}

export function getShipments(filter: ShipmentsFilter, signal?: AbortSignal) {
  return api<AdminShipmentList>(`/admin/shipments?${shipmentsSearch(filter)}`, { signal })
}

export function shipmentsQueryOptions(filter: ShipmentsFilter) {
  return queryOptions({
    queryKey: shipmentKeys.list(filter),
    queryFn: ({ signal }) => getShipments(filter, signal),
    // The table stays on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  })
}

export function useShipments(filter: ShipmentsFilter) {
  return useQuery(shipmentsQueryOptions(filter))
}
