import type { ReviewEligibilityResponse } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { catalogKeys } from '@/lib/catalog/query-keys'

export function getReviewEligibility(productId: string, signal?: AbortSignal) {
  return api<ReviewEligibilityResponse>(
    `/shop/review/eligibility/${encodeURIComponent(productId)}`,
    { signal },
  ).then((response) => response.data)
}

/** Whether the signed-in user may review the product; the key holds the user, as answers differ. */
export function reviewEligibilityQueryOptions(productId: string, userId: string) {
  return queryOptions({
    queryKey: catalogKeys.reviewEligibility(productId, userId),
    queryFn: ({ signal }) => getReviewEligibility(productId, signal),
    staleTime: 60_000,
  })
}

export function useReviewEligibility(productId: string, userId: string) {
  return useQuery(reviewEligibilityQueryOptions(productId, userId))
}
