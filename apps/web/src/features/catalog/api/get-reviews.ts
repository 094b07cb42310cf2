import type { ReviewListReply } from '@techbazaar/shared'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { catalogKeys, type ReviewPageQuery } from '@/lib/catalog/query-keys'

/** The list as a product page opens it: newest first, first page, every star. */
export const FIRST_REVIEW_PAGE: ReviewPageQuery = { sort: 'newest', page: 1, stars: null }

export function getReviewPage(productId: string, query: ReviewPageQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({ sort: query.sort, page: String(query.page) })
  if (query.stars !== null) params.set('stars', String(query.stars))
  return api<ReviewListReply>(`/shop/review/${encodeURIComponent(productId)}?${params}`, {
    signal,
  })
}

export function reviewPageQueryOptions(productId: string, query: ReviewPageQuery) {
  return queryOptions({
    queryKey: catalogKeys.reviewPage(productId, query),
    queryFn: ({ signal }) => getReviewPage(productId, query, signal),
    staleTime: 60_000,
  })
}

/** One page of a product's reviews with its histogram; the last page stays shown while the next loads. */
export function useReviewPage(productId: string, query: ReviewPageQuery) {
  return useQuery({
    ...reviewPageQueryOptions(productId, query),
    placeholderData: keepPreviousData,
  })
}

/** The newest reviews (the first page), as the product page's structured data lists them. */
export function useReviews(productId: string) {
  return useQuery({
    ...reviewPageQueryOptions(productId, FIRST_REVIEW_PAGE),
    select: (reply) => reply.data,
  })
}
