import type { AdminReturnFilter, AdminReturnListResponse } from '@techbazaar/shared'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** The server's page size for the returns and refunds lists (the Pager's "21–40 of …"). */
export const BACK_OFFICE_PAGE_SIZE = 20

export interface ReturnsQuery {
  filter: AdminReturnFilter
  page: number
}

export const returnKeys = {
  all: ['admin-returns'] as const,
  list: (query: ReturnsQuery) => [...returnKeys.all, 'list', query] as const,
}

/** A seller's own returns or (admin) everyone's, one page at a time, under one of the filters. */
export function getAdminReturns({ filter, page }: ReturnsQuery, signal?: AbortSignal) {
  const search = new URLSearchParams({ filter, page: String(page) })
  return api<AdminReturnListResponse>(`/admin/returns?${search.toString()}`, { signal })
}

export function useAdminReturns(query: ReturnsQuery) {
  return useQuery(
    queryOptions({
      queryKey: returnKeys.list(query),
      queryFn: ({ signal }) => getAdminReturns(query, signal),
      // The list stays on screen while the next page or filter loads.
      placeholderData: keepPreviousData,
    }),
  )
}
