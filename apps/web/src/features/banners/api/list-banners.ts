import type { AdminFeatureListReply } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { catalogKeys } from '@/lib/catalog/query-keys'

/**
 * Every banner for the admin, live or not. Its key starts with the home banners' key, so the
 * add and delete mutations' invalidation reloads both.
 */
export function adminBannersQueryOptions() {
  return queryOptions({
    queryKey: [...catalogKeys.featureImages(), 'all'] as const,
    queryFn: ({ signal }) =>
      api<AdminFeatureListReply>('/common/feature/all', { signal }).then((reply) => reply.data),
  })
}

export function useAdminBanners() {
  return useQuery(adminBannersQueryOptions())
}
