import type { PayoutDetailsResponse } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { whoseKey, whosePath, type Whose } from './whose'

export const payoutDetailsKeys = {
  all: ['payout-details'] as const,
  of: (whose: Whose) => [...payoutDetailsKeys.all, ...whoseKey(whose)] as const,
}

/** A seller's PAN and bank account (masked for the seller, in full for admins), or null. */
export function getPayoutDetails(whose: Whose, signal?: AbortSignal) {
  return api<PayoutDetailsResponse>(whosePath(whose, 'payout-details'), { signal }).then(
    (response) => response.data,
  )
}

export function usePayoutDetails(whose: Whose) {
  return useQuery(
    queryOptions({
      queryKey: payoutDetailsKeys.of(whose),
      queryFn: ({ signal }) => getPayoutDetails(whose, signal),
    }),
  )
}
