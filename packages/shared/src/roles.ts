import type { Role, UserType, VendorStatus } from './constants'

/**
 * The marketplace's own admins. Sellers have role admin too (they use the back office), so the
 * role alone never says "admin": this is the one test for it, on the API and in the web app.
 * (A module of its own, importing no schema: the web's first chunk takes it without zod.)
 */
export function isMarketplaceAdmin(user: { role: Role; type: UserType }): boolean {
  return user.role === 'admin' && user.type === 'admin'
}

type SellerLike = { type: UserType; vendorStatus: VendorStatus | null }

/**
 * A seller whose account an admin rejected: it keeps its orders' history but acts on nothing (the
 * `activeSeller` routes, the returns queue) and reads no buyer's personal data. The one test for
 * it, on the API and in the web app.
 */
export function isSuspendedSeller(user: SellerLike): boolean {
  return user.type === 'vendor' && user.vendorStatus === 'Rejected'
}

/**
 * Who may read buyers' personal data (names, addresses, phones, notes, payout accounts) wherever
 * it leaves the server: everyone but a seller not approved (pending or rejected; issue 26.6).
 */
export function seesBuyers(user: SellerLike): boolean {
  return user.type !== 'vendor' || user.vendorStatus === 'Approved'
}
