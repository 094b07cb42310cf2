import type { SessionUser } from '@techbazaar/shared'
import { isSafeReturnPath } from '@/features/auth/api/previous-url'

/**
 * Where the app sends someone who opens `pathname`, or null to let them stay. This is client
 * comfort only: the server checks every call itself (decisions.md, "Who may see what").
 *
 * - Guests browse the shop, the static pages and the payment links; checkout, account, the
 *   payment return pages and every /admin page need sign-in.
 * - Signed-in people on /login or /register go to their landing page (shoppers: back to where
 *   sign-in interrupted them, `previousUrl`).
 * - Admins (role admin, type admin) stay off /shop/*; sellers (role admin, type vendor) stay off
 *   the storefront and may use only their own admin screens; everyone else stays off /admin.
 */
export function resolveRedirect(
  pathname: string,
  user: Pick<SessionUser, 'role' | 'type'> | null,
  options: { previousUrl?: string | null } = {},
): string | null {
  // The router matches paths case-insensitively and with a trailing slash, so the guard must too.
  const path = normalise(pathname)
  const kind = userKind(user)

  if (kind === 'guest') {
    return needsSignIn(path) ? '/login' : null
  }

  const landing = LANDING[kind]
  if (isAuthPath(path)) {
    if (kind === 'shopper') {
      // Back to where sign-in interrupted them, unless that page would send them on again.
      const back = options.previousUrl
      if (!isSafeReturnPath(back)) return landing
      const backPath = normalise(back.split(/[?#]/)[0] ?? '/')
      return isAuthPath(backPath) || resolveRedirect(backPath, user) !== null ? landing : back
    }
    return landing
  }

  if (isAdminPath(path)) {
    if (kind === 'shopper') return '/unauth-page'
    if (kind === 'vendor') return VENDOR_PATHS.has(path) ? null : landing
    return path === '/admin' ? landing : null
  }

  // The storefront: a seller has nothing to buy here; an admin may look at the home page (to
  // check the banners it manages) and the static pages, but not at the shopping screens.
  if (kind === 'vendor' && (path === '/' || isShopPath(path))) return landing
  if (kind === 'admin' && isShopPath(path)) return landing
  return null
}

type UserKind = 'guest' | 'shopper' | 'vendor' | 'admin'

const LANDING = { shopper: '/', vendor: '/admin/products', admin: '/admin/dashboard' } as const

const VENDOR_PATHS = new Set(['/admin/products', '/admin/orders', '/admin/business-address'])

const SIGN_IN_PATHS = new Set([
  '/shop/checkout',
  '/shop/account',
  '/shop/paypal-return',
  '/shop/payment-success',
])

function userKind(user: Pick<SessionUser, 'role' | 'type'> | null): UserKind {
  if (!user) return 'guest'
  // Anything short of the exact combinations gets the shopper's (least) access in the UI.
  if (user.role === 'admin' && user.type === 'admin') return 'admin'
  if (user.role === 'admin' && user.type === 'vendor') return 'vendor'
  return 'shopper'
}

function normalise(pathname: string): string {
  const lower = pathname.toLowerCase()
  return lower.length > 1 ? lower.replace(/\/+$/, '') || '/' : lower
}

export function isAuthPath(path: string): boolean {
  return path === '/login' || path === '/register' || path.startsWith('/register/')
}

function isAdminPath(path: string): boolean {
  return path === '/admin' || path.startsWith('/admin/')
}

function isShopPath(path: string): boolean {
  return path === '/shop' || path.startsWith('/shop/')
}

function needsSignIn(path: string): boolean {
  return SIGN_IN_PATHS.has(path) || isAdminPath(path)
}
