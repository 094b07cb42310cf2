import { z } from 'zod'
import { LIMITS } from './constants'
import { plainNumber } from './numbers'
import { idParam } from './api'
import { uploadedImageUrl } from './uploads'

/** Stars 1-5, whole numbers only. */
const CHOOSE_RATING = 'Choose a rating from 1 to 5 stars'
export const reviewValueField = plainNumber('Rating', {
  required: CHOOSE_RATING,
  invalid: CHOOSE_RATING,
}).pipe(
  z
    .number()
    .int(CHOOSE_RATING)
    .min(LIMITS.ratingMin, CHOOSE_RATING)
    .max(LIMITS.ratingMax, CHOOSE_RATING),
)

/** Required after trimming; plain text (the UI never renders it as HTML). */
export const reviewMessageField = z
  .string({ error: 'Review is required' })
  .trim()
  .min(1, 'Review is required')
  .max(LIMITS.reviewMaxChars, `Review must be at most ${LIMITS.reviewMaxChars} characters`)

/**
 * The spec's payload. `userId` must be the signed-in shopper; `userName` is accepted for
 * compatibility but the server uses the name on the account.
 */
export const addReviewBody = z.object({
  productId: z.uuid('Invalid product id'),
  userId: z.uuid('Invalid user id'),
  userName: z.string().max(200).optional(),
  reviewMessage: reviewMessageField,
  reviewValue: reviewValueField,
  /**
   * Photos uploaded as `reviewPhoto` (the shop's own storage only); left out, an edit keeps the
   * review's photos and a new review has none.
   */
  photos: z
    .array(uploadedImageUrl('Photo'))
    .max(LIMITS.reviewMaxPhotos, `Attach up to ${LIMITS.reviewMaxPhotos} photos`)
    .optional(),
})
export type AddReviewInput = z.input<typeof addReviewBody>
export type AddReviewBody = z.output<typeof addReviewBody>

/** What the review form edits; the rest of the payload comes from the session and product. */
export const reviewFormSchema = addReviewBody
  .pick({ reviewMessage: true, reviewValue: true })
  .extend({ photos: addReviewBody.shape.photos.unwrap() })
export type ReviewFormInput = z.input<typeof reviewFormSchema>
export type ReviewFormValues = z.output<typeof reviewFormSchema>

export const review = z.object({
  _id: z.uuid(),
  productId: z.uuid(),
  userId: z.uuid(),
  userName: z.string(),
  reviewMessage: z.string(),
  reviewValue: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  /** The author is a shopper who received this product (a delivered order of it). */
  verifiedPurchase: z.boolean(),
  /** Main (1280 px) WebP URLs; each has a `-320` thumbnail beside it. */
  photos: z.array(z.string()),
  /** Signed-in shoppers who marked it helpful. */
  helpfulCount: z.number().int(),
})
export type Review = z.infer<typeof review>

/** Why a review was refused; the API answers these with 403 and the web shows them as is. */
export const REVIEW_REFUSALS = {
  notShopper: 'Reviews are written by shoppers. Seller and admin accounts cannot review products.',
  notBought: 'Only shoppers who bought this product can review it.',
  notDelivered: 'You can review this product once your order of it is delivered.',
} as const

/** Whether the signed-in user may review a product, and if not, why (one of REVIEW_REFUSALS). */
export const reviewEligibility = z.object({
  canReview: z.boolean(),
  reason: z.string().nullable(),
})
export type ReviewEligibility = z.infer<typeof reviewEligibility>
export const reviewEligibilityResponse = z.object({
  success: z.literal(true),
  data: reviewEligibility,
})
export type ReviewEligibilityResponse = z.infer<typeof reviewEligibilityResponse>

export const REVIEW_SORTS = ['newest', 'helpful'] as const
export type ReviewSort = (typeof REVIEW_SORTS)[number]

/** `GET /api/shop/review/{productId}`: one page of a product's reviews, in one order. */
export const reviewListQuery = z.strictObject({
  /** `newest` (the default) or `helpful` (most helpful first, then newest). */
  sort: z.enum(REVIEW_SORTS, 'sort must be newest or helpful').default('newest'),
  page: z.coerce
    .number('page must be a number')
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(1000, 'page must be at most 1000')
    .default(1),
  /** Only the reviews of this many stars (a bar of the histogram). */
  stars: z.coerce
    .number('stars must be a number')
    .int('stars must be 1 to 5')
    .min(LIMITS.ratingMin, 'stars must be 1 to 5')
    .max(LIMITS.ratingMax, 'stars must be 1 to 5')
    .optional(),
})
export type ReviewListQuery = z.input<typeof reviewListQuery>

/** Reviews per star, 5 stars first; always all five (zero counts included). */
export const ratingHistogram = z.array(
  z.object({ stars: z.number().int(), count: z.number().int() }),
)
export type RatingHistogram = z.infer<typeof ratingHistogram>

export const reviewListResponse = z.object({
  success: z.literal(true),
  data: z.array(review),
  /** The product's reviews per star, whatever `stars` filtered the page to. */
  histogram: ratingHistogram,
  pagination: z.object({
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Reviews matching the query (all pages). */
    total: z.number().int(),
    totalPages: z.number().int(),
  }),
})
export type ReviewListReply = z.infer<typeof reviewListResponse>

/** `GET /api/shop/review/mine/{productId}`: the signed-in user's own review and helpful votes. */
export const myReviewStateResponse = z.object({
  success: z.literal(true),
  data: z.object({
    /** Their review of this product, if they wrote one (whatever page it falls on). */
    review: review.nullable(),
    /** Ids of this product's reviews they marked helpful. */
    helpful: z.array(z.uuid()),
  }),
})
export type MyReviewStateResponse = z.infer<typeof myReviewStateResponse>

export const reviewIdParams = z.object({ reviewId: idParam })

/** `POST`/`DELETE /api/shop/review/{reviewId}/helpful`: the vote as it now stands. */
export const helpfulVoteResponse = z.object({
  success: z.literal(true),
  data: z.object({ reviewId: z.uuid(), helpful: z.boolean(), helpfulCount: z.number().int() }),
})
export type HelpfulVoteResponse = z.infer<typeof helpfulVoteResponse>

export const addReviewResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: review,
  /** The product's new average (two decimals) and count, so the client can update in place. */
  product: z.object({ averageReview: z.number(), reviewCount: z.number().int() }),
})
export type AddReviewResponse = z.infer<typeof addReviewResponse>
