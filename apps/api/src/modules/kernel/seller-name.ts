import { sql } from 'drizzle-orm'
import { users, vendorProfiles } from '../../db/schema'

/*
 * How a seller is named to buyers and couriers (timeline, tracking, returns, the courier's pickup
 * and return places): its business name, or its account name until it has entered a business
 * address. One rule in its two forms, kept side by side.
 */

/** In a query that joins `users` and `vendorProfiles` for the seller. */
export const sellerName = sql<string>`coalesce(${vendorProfiles.businessName}, ${users.userName})`

/** From rows already read. */
export function sellerDisplayName(
  seller: { userName: string },
  profile: { businessName: string | null } | null | undefined,
): string {
  return profile?.businessName ?? seller.userName
}
