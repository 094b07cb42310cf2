import type { MyReviewStateResponse } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { catalogKeys } from '@/lib/catalog/query-keys'

export type MyReviewState = MyReviewStateResponse['data']

export function myReviewStateQueryOptions(productId: string, userId: string) {
  return queryOptions({
    queryKey: catalogKeys.myReviewState(productId, userId),
    queryFn: ({ signal }) =>
      api<MyReviewStateResponse>(`/shop/review/mine/${encodeURIComponent(productId)}`, {
        signal,
      }).then((response) => response.data),
    staleTime: 60_000,
  })
}

/** The signed-in user's own review and helpful marks; nothing is asked for a guest. */
export function useMyReviewState(productId: string, userId: string | undefined) {
  return useQuery({
    ...myReviewStateQueryOptions(productId, userId ?? ''),
    enabled: Boolean(userId),
  })
}
