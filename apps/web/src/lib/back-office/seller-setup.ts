import type { SellerSetupResponse } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/**
 * The signed-in seller's setup checklist (decision 084). Never fresh for long: the seller fixes
 * a step on another page and comes back, and the Ship dialog asks again each time it opens.
 */
export function sellerSetupQuery() {
  return queryOptions({
    queryKey: ['seller-setup'] as const,
    queryFn: ({ signal }) =>
      api<SellerSetupResponse>('/admin/seller-setup', { signal }).then(({ data }) => data),
    staleTime: 0,
  })
}

/** Only sellers have a checklist: pass `enabled: false` for anyone else (the API refuses them). */
export function useSellerSetup({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...sellerSetupQuery(), enabled })
}
