import { isMarketplaceAdmin, type SessionUser } from '@techbazaar/shared'
import { isSafeReturnPath } from '@/lib/previous-url'
import { BACK_OFFICE_LANDING, SELLER_PATHS } from '@/app/back-office-pages'

/**
 * Where the app sends someone who opens `pathname`, or null to let them stay. This is client
 * comfort only: the server checks every call itself (decisions.md, "Who may see what").
 *
 * - Guests browse the shop, the static pages and the payment links; checkout, account, the
 *   payment return pages and every /admin page need sign-in.
 * - Signed-in people on /login or /register go to their landing page (shoppers: back to where
 *   sign-in interrupted them, `previousUrl`).
 * - Back-office accounts (role admin: the marketplace's admins and sellers) stay off every shop
 *   page, the home and static pages too, and sellers may use only their own admin screens;
 *   everyone else stays off /admin.
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
    if (kind === 'vendor') return SELLER_PATHS.has(path) ? null : landing
    return path === '/admin' ? landing : null
  }

  if (kind === 'shopper') return null
  // Back-office accounts have no storefront: every shop page, the static ones included, sends
  // them to their landing page (decision 44); only the pages outside the shop stay open.
  return OUTSIDE_SHOP_PATHS.has(path) ? null : landing
}

type UserKind = 'guest' | 'shopper' | 'vendor' | 'admin'

const LANDING = { shopper: '/', ...BACK_OFFICE_LANDING } as const

/**
 * The pages outside the shop layout a back-office account may still open: payment links are
 * anyone's, and /unauth-page explains a refusal. Everything else that is not /admin is the
 * shop (or not found), so a page added to the shop is kept from them without being listed.
 */
const OUTSIDE_SHOP_PATHS = new Set(['/deposit', '/payment-status', '/unauth-page'])

const SIGN_IN_PATHS = new Set([
  '/shop/checkout',
  '/shop/account',
  '/wishlist',
  '/shop/paypal-return',
  '/shop/payment-success',
])

function userKind(user: Pick<SessionUser, 'role' | 'type'> | null): UserKind {
  if (!user) return 'guest'
  // Anything short of the exact combinations gets the shopper's (least) access in the UI.
  if (isMarketplaceAdmin(user)) return 'admin'
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

function needsSignIn(path: string): boolean {
  return SIGN_IN_PATHS.has(path) || isAdminPath(path)
}
