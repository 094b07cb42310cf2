import type { Serviceability } from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { products, vendorProfiles } from '../../db/schema'
import type { Couriers } from '../../couriers'
import { notFound } from '../../lib/errors'
import { deliveryDay } from './delivery-estimate'

/** The seller's pickup pincode (its business address), or null when it has none yet. */
async function pickupPincodeOf(db: Db, sellerId: string): Promise<string | null> {
  const [profile] = await db
    .select({ pincode: vendorProfiles.pincode })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.userId, sellerId))
  return profile?.pincode ?? null
}

/**
 * Whether the courier reaches `pincode` from the product's seller, takes cash there, and the day
 * the parcel would arrive if ordered now. No courier configured: nothing is serviceable.
 */
export async function serviceabilityFor(
  deps: { db: Db; couriers: Couriers; now: () => Date },
  pincode: string,
  productId: string,
): Promise<Serviceability> {
  const [product] = await deps.db
    .select({ sellerId: products.sellerId, listed: products.listed })
    .from(products)
    .where(eq(products.id, productId))
  if (!product?.listed) throw notFound('Product not found')
  const courier = deps.couriers.default
  if (!courier) return { serviceable: false, cod: false, deliveryBy: null }
  const answer = await courier.serviceability({
    pickupPincode: await pickupPincodeOf(deps.db, product.sellerId),
    deliveryPincode: pincode,
  })
  return {
    serviceable: answer.serviceable,
    cod: answer.serviceable && answer.cod,
    deliveryBy:
      answer.serviceable && answer.transitDays !== null
        ? deliveryDay(deps.now(), answer.transitDays)
        : null,
  }
}
