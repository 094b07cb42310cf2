import { LIMITS, type AddReviewBody, type Review, type SessionUser } from '@techbazaar/shared'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { products, reviews } from '../../db/schema'
import { forbidden, notFound } from '../../lib/errors'
import { reviewEligibility, verifiedPurchase } from './review-eligibility'

type ReviewRow = typeof reviews.$inferSelect

function toReview(row: ReviewRow, verified: boolean): Review {
  return {
    _id: row.id,
    productId: row.productId,
    userId: row.userId,
    userName: row.userName,
    reviewMessage: row.message,
    reviewValue: row.value,
    createdAt: row.createdAt.toISOString(),
    verifiedPurchase: verified,
  }
}

/** A listed product, locked for the caller's transaction when `lock`; unknown or unlisted: 404. */
async function listedProduct(q: Db | Tx, productId: string, lock = false) {
  const query = q
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.listed, true)))
  const [product] = lock ? await query.for('update') : await query
  if (!product) throw notFound('Product not found')
  return product
}

/** Whether the signed-in user may review a listed product (the web shows the form or why not). */
export async function getReviewEligibility(
  db: Db,
  user: Pick<SessionUser, 'id' | 'type'>,
  productId: string,
) {
  await listedProduct(db, productId)
  return reviewEligibility(db, user, productId)
}

/**
 * Adds the shopper's review of a listed product, or edits their earlier one (one per shopper and
 * product), and recomputes the product's average (two decimals) and count from the reviews table
 * in the same transaction.
 *
 * The product row is locked first (FOR UPDATE): two shoppers reviewing at once then run one after
 * the other, and the second one's recount sees the first one's committed review. Without the
 * lock, each recount could miss the other's row and the later commit would store a stale average.
 *
 * Only a shopper who received the product may review it (see review-eligibility.ts): anyone
 * else gets 403 with the reason, so every review written here is a verified purchase.
 */
export async function addReview(
  db: Db,
  user: Pick<SessionUser, 'id' | 'userName' | 'type'>,
  input: Pick<AddReviewBody, 'productId' | 'reviewMessage' | 'reviewValue'>,
) {
  return db.transaction(async (tx) => {
    await listedProduct(tx, input.productId, true)
    const eligibility = await reviewEligibility(tx, user, input.productId)
    if (!eligibility.canReview) throw forbidden(eligibility.reason ?? undefined)

    const [row] = await tx
      .insert(reviews)
      .values({
        productId: input.productId,
        userId: user.id,
        userName: user.userName,
        message: input.reviewMessage,
        value: input.reviewValue,
      })
      .onConflictDoUpdate({
        target: [reviews.productId, reviews.userId],
        set: {
          userName: user.userName,
          message: input.reviewMessage,
          value: input.reviewValue,
          updatedAt: sql`now()`,
        },
      })
      .returning()
    if (!row) throw new Error('review not stored')

    const [totals] = await tx
      .update(products)
      .set({
        averageReview: sql`(
          SELECT coalesce(round(avg(${reviews.value})::numeric, 2), 0)
          FROM ${reviews} WHERE ${reviews.productId} = ${input.productId})`,
        reviewCount: sql`(SELECT count(*)::int FROM ${reviews} WHERE ${reviews.productId} = ${input.productId})`,
      })
      .where(eq(products.id, input.productId))
      .returning({ averageReview: products.averageReview, reviewCount: products.reviewCount })
    if (!totals) throw new Error('product totals not updated')

    return {
      review: toReview(row, true),
      product: { averageReview: Number(totals.averageReview), reviewCount: totals.reviewCount },
    }
  })
}

/** One string per product for its review list in the catalog cache (UUIDs in either case). */
export function reviewsKey(productId: string): string {
  return `reviews:${productId.toLowerCase()}`
}

/**
 * A listed product's reviews, newest first (the newest 100). Unknown or unlisted: 404. The
 * "Verified purchase" mark is derived, not stored: it holds while the author's delivered order
 * stands, and reviews written before purchases were required show without it.
 */
export async function listReviews(db: Db, productId: string): Promise<Review[]> {
  await listedProduct(db, productId)
  const rows = await db
    .select({ review: reviews, verified: verifiedPurchase(db, reviews.userId, reviews.productId) })
    .from(reviews)
    .where(eq(reviews.productId, productId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(LIMITS.reviewListMax)
  return rows.map((r) => toReview(r.review, r.verified))
}
