import {
  LIMITS,
  type AddReviewBody,
  type RatingHistogram,
  type Review,
  type ReviewListReply,
  type ReviewSort,
  type SessionUser,
} from '@techbazaar/shared'
import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { products, reviewHelpfulVotes, reviews } from '../../db/schema'
import { badRequest, forbidden, notFound } from '../../lib/errors'
import type { Storage } from '../../lib/storage'
import { reviewEligibility, verifiedPurchase } from './review-eligibility'

type ReviewRow = typeof reviews.$inferSelect

export function toReview(row: ReviewRow, verified: boolean): Review {
  return {
    _id: row.id,
    productId: row.productId,
    userId: row.userId,
    userName: row.userName,
    reviewMessage: row.message,
    reviewValue: row.value,
    createdAt: row.createdAt.toISOString(),
    verifiedPurchase: verified,
    photos: row.photos,
    helpfulCount: row.helpfulCount,
  }
}

/** 400 unless every photo names a file in the shop's own storage (as a return's photos). */
async function assertPhotosStored(storage: Storage, photos: readonly string[]) {
  const stored = await Promise.all(photos.map((url) => storage.exists(url)))
  const missing = stored.flatMap((ok, i) =>
    ok ? [] : [{ path: `photos.${i}`, message: 'Upload this photo again' }],
  )
  if (missing.length > 0) {
    throw badRequest('A photo was not uploaded to the shop: upload it again', missing)
  }
}

/** A listed product, locked for the caller's transaction when `lock`; unknown or unlisted: 404. */
export async function listedProduct(q: Db | Tx, productId: string, lock = false) {
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
 *
 * Photos must be files in the shop's storage. An edit that drops a photo removes its files once
 * the transaction has committed (a rolled-back edit still points at them).
 */
export async function addReview(
  deps: { db: Db; storage: Storage },
  user: Pick<SessionUser, 'id' | 'userName' | 'type'>,
  input: Pick<AddReviewBody, 'productId' | 'reviewMessage' | 'reviewValue' | 'photos'>,
) {
  const photos = input.photos ? [...new Set(input.photos)] : undefined
  if (photos) await assertPhotosStored(deps.storage, photos)
  const result = await deps.db.transaction(async (tx) => {
    await listedProduct(tx, input.productId, true)
    const eligibility = await reviewEligibility(tx, user, input.productId)
    if (!eligibility.canReview) throw forbidden(eligibility.reason ?? undefined)
    const [earlier] = await tx
      .select({ photos: reviews.photos })
      .from(reviews)
      .where(and(eq(reviews.productId, input.productId), eq(reviews.userId, user.id)))

    const [row] = await tx
      .insert(reviews)
      .values({
        productId: input.productId,
        userId: user.id,
        userName: user.userName,
        message: input.reviewMessage,
        value: input.reviewValue,
        photos: photos ?? [],
      })
      .onConflictDoUpdate({
        target: [reviews.productId, reviews.userId],
        set: {
          userName: user.userName,
          message: input.reviewMessage,
          value: input.reviewValue,
          ...(photos ? { photos } : {}),
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
      dropped: (earlier?.photos ?? []).filter((url) => !row.photos.includes(url)),
    }
  })
  await removePhotos(deps.storage, result.dropped)
  return result
}

/** Removes a review's photos and their thumbnails; a file already gone is no failure. */
export async function removePhotos(storage: Storage, photos: readonly string[]) {
  const files = photos.flatMap((url) => [url, url.replace(/\.webp$/, '-320.webp')])
  await Promise.all(files.map((url) => storage.remove(url).catch(() => undefined)))
}

/** One string per product and page for its review list in the catalog cache (UUIDs in either case). */
export function reviewsKey(
  productId: string,
  query: { sort: ReviewSort; page: number; stars?: number | undefined },
): string {
  return `reviews:${productId.toLowerCase()}:${query.sort}:${query.page}:${query.stars ?? 'all'}`
}

/** The product's reviews per star, 5 first: one aggregate over its rows (reviews_product_idx). */
async function histogram(db: Db, productId: string): Promise<RatingHistogram> {
  const rows = await db
    .select({ stars: reviews.value, count: count() })
    .from(reviews)
    .where(eq(reviews.productId, productId))
    .groupBy(reviews.value)
  const counts = new Map(rows.map((r) => [r.stars, r.count]))
  return Array.from({ length: LIMITS.ratingMax }, (_, i) => {
    const stars = LIMITS.ratingMax - i
    return { stars, count: counts.get(stars) ?? 0 }
  })
}

/**
 * One page of a listed product's reviews (unknown or unlisted: 404), newest first or most
 * helpful first (ties newest first), optionally of one star value, with the product's histogram.
 * Each order has its index (reviews_product_idx, reviews_product_helpful_idx); pages are by
 * offset, which is cheap at a product's review counts. The "Verified purchase" mark is derived,
 * not stored: it holds while the author's delivered order stands, and reviews written before
 * purchases were required show without it.
 */
export async function listReviews(
  db: Db,
  productId: string,
  query: { sort: ReviewSort; page: number; stars?: number | undefined },
): Promise<Omit<ReviewListReply, 'success'>> {
  await listedProduct(db, productId)
  const pageSize = LIMITS.reviewPageSize
  const where = and(
    eq(reviews.productId, productId),
    query.stars === undefined ? undefined : eq(reviews.value, query.stars),
  )
  const order =
    query.sort === 'helpful'
      ? [desc(reviews.helpfulCount), desc(reviews.createdAt), desc(reviews.id)]
      : [desc(reviews.createdAt), desc(reviews.id)]
  const [rows, bars] = await Promise.all([
    db
      .select({
        review: reviews,
        verified: verifiedPurchase(db, reviews.userId, reviews.productId),
      })
      .from(reviews)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    histogram(db, productId),
  ])
  const total = bars.reduce(
    (sum, bar) => sum + (query.stars === undefined || bar.stars === query.stars ? bar.count : 0),
    0,
  )
  return {
    data: rows.map((r) => toReview(r.review, r.verified)),
    histogram: bars,
    pagination: {
      page: query.page,
      pageSize,
      total,
      totalPages: Math.max(1, Math.ceil(total / pageSize)),
    },
  }
}

/**
 * The signed-in user's own review of a listed product (whatever page it is on, so the form can
 * start from it) and which of the product's reviews they marked helpful. Per user: never cached.
 */
export async function myReviewState(db: Db, userId: string, productId: string) {
  await listedProduct(db, productId)
  const [own] = await db
    .select({ review: reviews, verified: verifiedPurchase(db, reviews.userId, reviews.productId) })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)))
  const votes = await db
    .select({ reviewId: reviewHelpfulVotes.reviewId })
    .from(reviewHelpfulVotes)
    .innerJoin(reviews, eq(reviews.id, reviewHelpfulVotes.reviewId))
    .where(and(eq(reviewHelpfulVotes.userId, userId), eq(reviews.productId, productId)))
  return {
    review: own ? toReview(own.review, own.verified) : null,
    helpful: votes.map((v) => v.reviewId),
  }
}
