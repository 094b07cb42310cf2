import type { Role, UserType } from './constants'

/**
 * The marketplace's own admins. Sellers have role admin too (they use the back office), so the
 * role alone never says "admin": this is the one test for it, on the API and in the web app.
 * (A module of its own, importing no schema: the web's first chunk takes it without zod.)
 */
export function isMarketplaceAdmin(user: { role: Role; type: UserType }): boolean {
  return user.role === 'admin' && user.type === 'admin'
}
