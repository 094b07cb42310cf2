import type { SessionUser } from '@techbazaar/shared'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { products, reviewHelpfulVotes, reviews } from '../../db/schema'
import { forbidden, notFound } from '../../lib/errors'

const OWN_REVIEW = 'You cannot mark your own review as helpful.'
const SHOPPERS_ONLY = 'Helpful votes are given by shoppers.'

/**
 * Marks (`helpful` true) or unmarks a review of a listed product as helpful for the signed-in
 * shopper, and answers the vote as it now stands. The vote row's primary key (review, voter)
 * makes a second mark a no-op, and the review's count moves by one in the same transaction only
 * when a row was really added or removed, so repeats and races cannot count twice. Updating the
 * review's row also announces a catalog change (the reviews trigger), so cached review pages
 * never show an old count after the vote is answered (decision 094).
 */
export async function setHelpfulVote(
  db: Db,
  user: Pick<SessionUser, 'id' | 'type'>,
  reviewId: string,
  helpful: boolean,
) {
  if (user.type !== 'user') throw forbidden(SHOPPERS_ONLY)
  return db.transaction(async (tx) => {
    const [review] = await tx
      .select({ userId: reviews.userId, helpfulCount: reviews.helpfulCount })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(and(eq(reviews.id, reviewId), eq(products.listed, true)))
    if (!review) throw notFound('Review not found')
    if (review.userId === user.id) throw forbidden(OWN_REVIEW)

    const changed = helpful
      ? await tx
          .insert(reviewHelpfulVotes)
          .values({ reviewId, userId: user.id })
          .onConflictDoNothing()
          .returning({ reviewId: reviewHelpfulVotes.reviewId })
      : await tx
          .delete(reviewHelpfulVotes)
          .where(
            and(eq(reviewHelpfulVotes.reviewId, reviewId), eq(reviewHelpfulVotes.userId, user.id)),
          )
          .returning({ reviewId: reviewHelpfulVotes.reviewId })
    let helpfulCount = review.helpfulCount
    if (changed.length > 0) {
      const [row] = await tx
        .update(reviews)
        // updated_at keeps saying when the author last edited it, not when someone voted.
        .set({
          helpfulCount: sql`${reviews.helpfulCount} + ${helpful ? 1 : -1}`,
          updatedAt: sql`${reviews.updatedAt}`,
        })
        .where(eq(reviews.id, reviewId))
        .returning({ helpfulCount: reviews.helpfulCount })
      if (!row) throw new Error('review count not updated')
      helpfulCount = row.helpfulCount
    }
    return { reviewId, helpful, helpfulCount }
  })
}
