import type { EarningsResponse } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { shopMonth } from '@/lib/report-periods'
import { whoseKey, whosePath, type Whose } from './whose'

export type Earnings = EarningsResponse['data']

export const earningsKeys = {
  all: ['earnings'] as const,
  of: (whose: Whose) => [...earningsKeys.all, ...whoseKey(whose)] as const,
}

export function getEarnings(whose: Whose, signal?: AbortSignal) {
  return api<EarningsResponse>(whosePath(whose, 'earnings'), { signal }).then(
    (response) => response.data,
  )
}

export function earningsQueryOptions(whose: Whose) {
  return queryOptions({
    queryKey: earningsKeys.of(whose),
    queryFn: ({ signal }) => getEarnings(whose, signal),
  })
}

/** A seller's balances, why its payouts wait (if they do), and each delivered part's money. */
export function useEarnings(whose: Whose) {
  return useQuery(earningsQueryOptions(whose))
}

/**
 * The month (in India) of a seller's first ledger entry, or null with none: the entries start
 * at a part's delivery, and every delivered part is in the earnings.
 */
export function firstEntryMonth(earnings: Earnings | undefined): string | null {
  const first = earnings?.parts.reduce<string | null>(
    (earliest, part) =>
      earliest === null || part.deliveredAt < earliest ? part.deliveredAt : earliest,
    null,
  )
  return first ? shopMonth(new Date(first)) : null
}
