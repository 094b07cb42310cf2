import {
  isMarketplaceAdmin,
  paiseToRupees,
  rupeesToPaise,
  type CouponInput,
  type CouponView,
  type SessionUser,
} from '@techbazaar/shared'
import { desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { coupons } from '../../db/schema'
import { conflict, notFound } from '../../lib/errors'

type CouponRow = typeof coupons.$inferSelect

export function couponViewOf(row: CouponRow): CouponView {
  return {
    _id: row.id,
    code: row.code,
    description: row.description,
    kind: row.kind,
    // Percent is kept in basis points, a fixed sum in paise; the edge speaks percent and rupees.
    value: row.kind === 'percent' ? row.value / 100 : paiseToRupees(row.value),
    minOrder: paiseToRupees(row.minOrderPaise),
    maxDiscount: row.maxDiscountPaise === null ? null : paiseToRupees(row.maxDiscountPaise),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    totalLimit: row.totalLimit,
    perShopperLimit: row.perShopperLimit,
    firstOrderOnly: row.firstOrderOnly,
    scope: row.scope,
    scopeValue: row.scopeValue,
    sellerId: row.sellerId,
    fundedBy: row.fundedBy,
    active: row.active,
    usedCount: row.usedCount,
  }
}

/**
 * The row a coupon form makes. A seller's coupon is always its own: for its products and paid
 * for by it, whatever the form said (decision 092); an admin's is as given.
 */
function rowOf(user: SessionUser, input: CouponInput) {
  const admin = isMarketplaceAdmin(user)
  const scope = admin ? input.scope : 'seller'
  return {
    code: input.code,
    description: input.description,
    kind: input.kind,
    value: input.kind === 'percent' ? Math.round(input.value * 100) : rupeesToPaise(input.value),
    minOrderPaise: rupeesToPaise(input.minOrder),
    maxDiscountPaise: input.maxDiscount === null ? null : rupeesToPaise(input.maxDiscount),
    startsAt: new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
    totalLimit: input.totalLimit,
    perShopperLimit: input.perShopperLimit,
    firstOrderOnly: input.firstOrderOnly,
    scope,
    scopeValue: scope === 'category' || scope === 'brand' ? input.scopeValue : null,
    sellerId: admin ? (scope === 'seller' ? input.sellerId : null) : user.id,
    fundedBy: admin ? input.fundedBy : ('seller' as const),
  }
}

/** The coupons the caller manages: all of them for an admin, a seller's own for a seller. */
export async function listCoupons(db: Db, user: SessionUser): Promise<CouponView[]> {
  const rows = await db
    .select()
    .from(coupons)
    .where(isMarketplaceAdmin(user) ? undefined : eq(coupons.sellerId, user.id))
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
  return rows.map(couponViewOf)
}

async function assertCodeFree(db: Db, code: string, exceptId?: string): Promise<void> {
  const [taken] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(sql`lower(${coupons.code}) = lower(${code})`)
  if (taken && taken.id !== exceptId) throw conflict(`The coupon code ${code} is already in use`)
}

function assertSellerNamed(row: ReturnType<typeof rowOf>): void {
  if (row.scope === 'seller' && !row.sellerId) {
    throw conflict('Choose the seller whose products the coupon is for')
  }
}

export async function createCoupon(
  db: Db,
  user: SessionUser,
  input: CouponInput,
): Promise<CouponView> {
  const row = rowOf(user, input)
  assertSellerNamed(row)
  await assertCodeFree(db, row.code)
  // The unique index still decides a race between two creations of one code.
  const [created] = await db
    .insert(coupons)
    .values({ ...row, active: input.active, createdBy: user.id })
    .onConflictDoNothing()
    .returning()
  if (!created) throw conflict(`The coupon code ${row.code} is already in use`)
  return couponViewOf(created)
}

/** A seller may change only its own coupons; anyone else's answers 404 as if it were not there. */
async function ownCoupon(db: Db, user: SessionUser, id: string): Promise<CouponRow> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id))
  if (!row || (!isMarketplaceAdmin(user) && row.sellerId !== user.id)) {
    throw notFound('Coupon not found')
  }
  return row
}

/**
 * Changes a coupon (deactivating is `active: false`; coupons are never deleted, their orders
 * keep naming them). A total limit below the uses already made is refused.
 */
export async function updateCoupon(
  db: Db,
  user: SessionUser,
  id: string,
  input: CouponInput,
): Promise<CouponView> {
  const existing = await ownCoupon(db, user, id)
  const row = rowOf(user, input)
  assertSellerNamed(row)
  await assertCodeFree(db, row.code, id)
  if (row.totalLimit !== null && row.totalLimit < existing.usedCount) {
    throw conflict(
      `This coupon has been used ${existing.usedCount} times: the total limit cannot be lower`,
    )
  }
  const [updated] = await db
    .update(coupons)
    .set({ ...row, active: input.active })
    .where(eq(coupons.id, id))
    .returning()
  if (!updated) throw notFound('Coupon not found')
  return couponViewOf(updated)
}
