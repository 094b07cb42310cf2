import type { Review } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { catalogKeys } from './query-keys'

export function getReviews(productId: string, signal?: AbortSignal) {
  return api<{ success: true; data: Review[] }>(`/shop/review/${encodeURIComponent(productId)}`, {
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
