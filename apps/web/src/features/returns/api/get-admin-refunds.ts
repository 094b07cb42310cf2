import type { AdminRefundFilter, AdminRefundListResponse } from '@techbazaar/shared'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export interface RefundsQuery {
  filter: AdminRefundFilter
  page: number
}

export const refundKeys = {
  all: ['admin-refunds'] as const,
  list: (query: RefundsQuery) => [...refundKeys.all, 'list', query] as const,
}

/** Every refund (admins only), failed first, one page at a time under one of the filters. */
export function getAdminRefunds({ filter, page }: RefundsQuery, signal?: AbortSignal) {
  const search = new URLSearchParams({ filter, page: String(page) })
  return api<AdminRefundListResponse>(`/admin/refunds?${search.toString()}`, { signal })
}

export function useAdminRefunds(query: RefundsQuery) {
  return useQuery(
    queryOptions({
      queryKey: refundKeys.list(query),
      queryFn: ({ signal }) => getAdminRefunds(query, signal),
      placeholderData: keepPreviousData,
    }),
  )
}
