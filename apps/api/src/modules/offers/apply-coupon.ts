import { couponMessages, paiseToRupees, type DiscountFunder } from '@techbazaar/shared'
import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { couponRedemptions, coupons, orders } from '../../db/schema'
import { badRequest } from '../../lib/errors'
import { couponAmountPaise, spreadPaise } from './spread'

type CouponRow = typeof coupons.$inferSelect

/** A line as a coupon sees it: what it is, whose, and its value (price × quantity, paise). */
export interface CouponLine {
  productId: string
  sellerId: string
  category: string
  brand: string
  valuePaise: number
}

/** A coupon that applies: what it takes off in all and each line's share (0 for lines outside it). */
export interface CouponDiscount {
  couponId: string
  code: string
  fundedBy: DiscountFunder
  discountPaise: number
  shares: number[]
}

/** Whether a line is one the coupon is for (its scope). */
function inScope(coupon: CouponRow, line: CouponLine): boolean {
  switch (coupon.scope) {
    case 'all':
      return true
    case 'category':
      return line.category.toLowerCase() === (coupon.scopeValue ?? '').toLowerCase()
    case 'brand':
      return line.brand.toLowerCase() === (coupon.scopeValue ?? '').toLowerCase()
    case 'seller':
      return line.sellerId === coupon.sellerId
  }
}

/**
 * Checks the coupon `code` against the shopper's lines at `now` and answers its discount spread
 * over the lines it is for, or throws a 400 in the words the checkout shows (decision 092).
 * The total limit is only read here; `redeemCoupon` takes it atomically when the order is placed.
 * Inside the order's transaction the caller holds the shopper's cart lock, so the shopper's own
 * uses cannot race each other.
 */
export async function priceCoupon(
  db: Db | Tx,
  code: string,
  userId: string,
  lines: readonly CouponLine[],
  now: Date,
): Promise<CouponDiscount> {
  const [coupon] = await db
    .select()
    .from(coupons)
    .where(sql`lower(${coupons.code}) = lower(${code})`)
  if (!coupon || !coupon.active) throw badRequest(couponMessages.unknown)
  if (now < coupon.startsAt) throw badRequest(couponMessages.notStarted)
  if (now >= coupon.endsAt) throw badRequest(couponMessages.expired)
  const eligible = lines.map((l) => (inScope(coupon, l) ? l.valuePaise : 0))
  const eligiblePaise = eligible.reduce((s, v) => s + v, 0)
  if (eligiblePaise === 0) throw badRequest(couponMessages.notForItems)
  if (eligiblePaise < coupon.minOrderPaise) {
    throw badRequest(couponMessages.minOrder(paiseToRupees(coupon.minOrderPaise - eligiblePaise)))
  }
  if (coupon.firstOrderOnly) {
    // An order that ended cancelled (an unpaid one, or one called off) was not a first order.
    const [earlier] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, userId), ne(orders.orderStatus, 'cancelled')))
      .limit(1)
    if (earlier) throw badRequest(couponMessages.firstOrder)
  }
  const [mine] = await db
    .select({ uses: sql<number>`count(*)::int` })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.couponId, coupon.id),
        eq(couponRedemptions.userId, userId),
        isNull(couponRedemptions.releasedAt),
      ),
    )
  if ((mine?.uses ?? 0) >= coupon.perShopperLimit) throw badRequest(couponMessages.usedByYou)
  if (coupon.totalLimit !== null && coupon.usedCount >= coupon.totalLimit) {
    throw badRequest(couponMessages.usedUp)
  }
  const discountPaise = couponAmountPaise(coupon, eligiblePaise)
  return {
    couponId: coupon.id,
    code: coupon.code,
    fundedBy: coupon.fundedBy,
    discountPaise,
    shares: spreadPaise(discountPaise, eligible),
  }
}

/**
 * Takes one use of the coupon in the order's transaction: one conditional update, so of many
 * orders racing for the last use exactly one gets it (the row lock makes the others re-check
 * `used_count` after it commits), then the redemption row the per-shopper limit counts.
 */
export async function redeemCoupon(
  tx: Tx,
  applied: CouponDiscount,
  userId: string,
  orderId: string,
): Promise<void> {
  const taken = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(
        eq(coupons.id, applied.couponId),
        eq(coupons.active, true),
        sql`(${coupons.totalLimit} IS NULL OR ${coupons.usedCount} < ${coupons.totalLimit})`,
      ),
    )
    .returning({ id: coupons.id })
  if (taken.length === 0) throw badRequest(couponMessages.usedUp)
  await tx.insert(couponRedemptions).values({
    couponId: applied.couponId,
    userId,
    orderId,
    discountPaise: applied.discountPaise,
  })
}

/**
 * Gives an order's coupon use back when the order ends before it was ever paid or confirmed
 * (an online order whose payment never came), in that move's transaction. Once only.
 */
export async function releaseCoupon(tx: Tx, orderId: string, at: Date): Promise<void> {
  const released = await tx
    .update(couponRedemptions)
    .set({ releasedAt: at })
    .where(and(eq(couponRedemptions.orderId, orderId), isNull(couponRedemptions.releasedAt)))
    .returning({ couponId: couponRedemptions.couponId })
  for (const { couponId } of released) {
    await tx
      .update(coupons)
      .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
      .where(eq(coupons.id, couponId))
  }
}
