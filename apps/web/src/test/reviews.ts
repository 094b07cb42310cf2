import type { Review, ReviewListReply } from '@techbazaar/shared'
import { jsonResponse } from '@/test/route-helpers'

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

/** The shopper the review tests sign in as. */
export const reviewer = {
  _id: '11111111-1111-4111-8111-111111111111',
  id: '11111111-1111-4111-8111-111111111111',
  userName: 'Rahul Sharma',
  email: 'shopper@demo.test',
  mobile: null,
  role: 'user',
  type: 'user',
  vendorStatus: null,
}

/** The session check's answer: the reviewer signed in, or a guest's 401. */
export const sessionReply = (signedIn: boolean) =>
  signedIn
    ? jsonResponse({ success: true, user: reviewer })
    : jsonResponse({ success: false, message: 'Please sign in' }, 401)

/** A verified buyer's four-star review, as the list answers it; pass what the test is about. */
export const createReview = (overrides: Partial<Review> & Pick<Review, '_id' | 'productId'>) => ({
  userId: '33333333-3333-4333-8333-333333333333',
  userName: 'Reviewer',
  reviewMessage: 'Good',
  reviewValue: 4,
  createdAt: '2026-03-14T10:00:00.000Z',
  verifiedPurchase: true,
  photos: [],
  helpfulCount: 0,
  ...overrides,
})
