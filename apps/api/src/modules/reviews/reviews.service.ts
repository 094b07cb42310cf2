import { LIMITS, type AddReviewBody, type Review, type SessionUser } from '@techbazaar/shared'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { products, reviews } from '../../db/schema'
import { notFound } from '../../lib/errors'

type ReviewRow = typeof reviews.$inferSelect

function toReview(row: ReviewRow): Review {
  return {
    _id: row.id,
    productId: row.productId,
    userId: row.userId,
    userName: row.userName,
    reviewMessage: row.message,
    reviewValue: row.value,
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * Adds the shopper's review of a listed product, or edits their earlier one (one per shopper and
 * product), and recomputes the product's average (two decimals) and count from the reviews table
 * in the same transaction.
 *
 * The product row is locked first (FOR UPDATE): two shoppers reviewing at once then run one after
 * the other, and the second one's recount sees the first one's committed review. Without the
 * lock, each recount could miss the other's row and the later commit would store a stale average.
 */
export async function addReview(
  db: Db,
  user: Pick<SessionUser, 'id' | 'userName'>,
  input: Pick<AddReviewBody, 'productId' | 'reviewMessage' | 'reviewValue'>,
) {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, input.productId), eq(products.listed, true)))
      .for('update')
    if (!product) throw notFound('Product not found')

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
      review: toReview(row),
      product: { averageReview: Number(totals.averageReview), reviewCount: totals.reviewCount },
    }
  })
}

/** A listed product's reviews, newest first (the newest 100). Unknown or unlisted: 404. */
export async function listReviews(db: Db, productId: string): Promise<Review[]> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.listed, true)))
  if (!product) throw notFound('Product not found')
  const rows = await db
    .select()
    .from(reviews)
    .where(eq(reviews.productId, productId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(LIMITS.reviewListMax)
  return rows.map(toReview)
}
