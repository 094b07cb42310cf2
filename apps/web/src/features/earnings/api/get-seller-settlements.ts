import type { SellerSettlementsResponse } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export const sellerSettlementsKeys = {
  all: ['seller-settlements'] as const,
  list: () => [...sellerSettlementsKeys.all, 'list'] as const,
}

/** Every seller's balances, bank account state and payout hold (admins only). */
export function getSellerSettlements(signal?: AbortSignal) {
  return api<SellerSettlementsResponse>('/admin/settlements/sellers', { signal }).then(
    (response) => response.data,
  )
}

export function useSellerSettlements() {
  return useQuery(
    queryOptions({
      queryKey: sellerSettlementsKeys.list(),
      queryFn: ({ signal }) => getSellerSettlements(signal),
    }),
  )
}
