import type { DashboardResponse } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export const dashboardKeys = { all: ['dashboard'] as const }

export function getDashboard(signal?: AbortSignal) {
  return api<DashboardResponse>('/admin/dashboard', { signal }).then((response) => response.data)
}

export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.all,
    queryFn: ({ signal }) => getDashboard(signal),
    // Fresh on every visit: its counts flag work done on other screens a moment ago (a return
    // decided, a refund retried), which do not know about this page's cache.
    refetchOnMount: 'always',
  })
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions())
}
