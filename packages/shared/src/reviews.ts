import { z } from 'zod'
import { LIMITS } from './constants'
import { plainNumber } from './numbers'

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
})
export type AddReviewInput = z.input<typeof addReviewBody>
export type AddReviewBody = z.output<typeof addReviewBody>

/** What the review form edits; the rest of the payload comes from the session and product. */
export const reviewFormSchema = addReviewBody.pick({ reviewMessage: true, reviewValue: true })
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

export const reviewListResponse = z.object({ success: z.literal(true), data: z.array(review) })
export type ReviewListReply = z.infer<typeof reviewListResponse>

export const addReviewResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: review,
  /** The product's new average (two decimals) and count, so the client can update in place. */
  product: z.object({ averageReview: z.number(), reviewCount: z.number().int() }),
})
export type AddReviewResponse = z.infer<typeof addReviewResponse>
