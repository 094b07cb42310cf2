import type { ShopPoliciesReply } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** The shop's terms from its settings (return window, refunds, delivery, payment methods). */
export function shopPoliciesQueryOptions() {
  return queryOptions({
    queryKey: ['shop-policies'] as const,
    queryFn: ({ signal }) =>
      api<ShopPoliciesReply>('/shop/policies', { signal }).then((reply) => reply.data),
    // Settings change with a restart only.
    staleTime: 10 * 60_000,
  })
}

export function useShopPolicies() {
  return useQuery(shopPoliciesQueryOptions())
}
