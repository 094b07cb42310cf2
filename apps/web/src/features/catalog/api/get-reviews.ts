import type { ReviewListReply } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { catalogKeys } from '@/lib/catalog/query-keys'

export function getReviews(productId: string, signal?: AbortSignal) {
  return api<ReviewListReply>(`/shop/review/${encodeURIComponent(productId)}`, {
    signal,
  }).then((response) => response.data)
}

/** A product's reviews, newest first. */
export function reviewsQueryOptions(productId: string) {
  return queryOptions({
    queryKey: catalogKeys.reviews(productId),
    queryFn: ({ signal }) => getReviews(productId, signal),
    staleTime: 60_000,
  })
}

export function useReviews(productId: string) {
  return useQuery(reviewsQueryOptions(productId))
}
