import type { ReviewListReply } from '@techbazaar/shared'

/**
 * A review list reply as the API answers it for `reviews` (all on one page), with the histogram
 * counted from them unless given.
 */
export function reviewListReply(
  reviews: readonly { reviewValue: number }[],
  overrides: Partial<Omit<ReviewListReply, 'success' | 'data'>> = {},
) {
  const histogram = [5, 4, 3, 2, 1].map((stars) => ({
    stars,
    count: reviews.filter((review) => review.reviewValue === stars).length,
  }))
  return {
    success: true as const,
    data: reviews,
    histogram,
    pagination: { page: 1, pageSize: 10, total: reviews.length, totalPages: 1 },
    ...overrides,
  }
}
