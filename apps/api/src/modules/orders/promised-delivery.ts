import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { addresses } from '../../db/schema'
import type { Couriers } from '../../couriers'
import { cartServiceabilityFor, type CheckoutSource } from '../shipping'

/**
 * The day checkout promised for the cart to this address (the last parcel's, IST), kept on the
 * order until a courier gives its own (issue 31.4). Asked after placement's delivery check, whose
 * courier answers are cached, so it costs no second courier call. Null when no day was promised
 * (no courier, one that gives no estimate, or one that cannot be reached): nothing is made up.
 */
export async function promisedDelivery(
  deps: { db: Db; couriers: Couriers; now: () => Date },
  userId: string,
  addressId: string,
  source: CheckoutSource = {},
): Promise<string | null> {
  const [address] = await deps.db
    .select({ pincode: addresses.pincode })
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
  if (!address) return null
  try {
    return (await cartServiceabilityFor(deps, userId, address.pincode, source)).deliveryBy
  } catch {
    return null
  }
}
