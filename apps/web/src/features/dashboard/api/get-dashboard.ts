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
  })
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions())
}
