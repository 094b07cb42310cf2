import type { PayoutsResponse } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { whoseKey, whosePath, type Whose } from './whose'

export const sellerPayoutsKeys = {
  all: ['seller-payouts'] as const,
  of: (whose: Whose) => [...sellerPayoutsKeys.all, ...whoseKey(whose)] as const,
}

/** A seller's payouts, newest first, with their UTRs. */
export function getSellerPayouts(whose: Whose, signal?: AbortSignal) {
  return api<PayoutsResponse>(whosePath(whose, 'payouts'), { signal }).then(
    (response) => response.data,
  )
}

export function useSellerPayouts(whose: Whose) {
  return useQuery(
    queryOptions({
      queryKey: sellerPayoutsKeys.of(whose),
      queryFn: ({ signal }) => getSellerPayouts(whose, signal),
    }),
  )
}
