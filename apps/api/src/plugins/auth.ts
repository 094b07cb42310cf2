import { isMarketplaceAdmin, isSuspendedSeller, type SessionUser } from '@techbazaar/shared'
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import { forbidden, unauthorized } from '../lib/errors'
import { shopCookies } from '../lib/cookies'
import type { Db } from '../db/client'

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for guests. Set before any handler runs. */
    user: (SessionUser & { sessionId: string }) | null
  }
}

function tokenOf(request: FastifyRequest, cookieName: string): string | undefined {
  const header = request.headers.authorization
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined
  return request.cookies[cookieName] || undefined
}

/**
 * Who may call a route. Every /api route declares one in `config.access` (a route without one
 * stops the app at startup), and the check runs in `onRequest`: before the body is parsed and
 * before the path, query and body are validated, so a caller without the right gets 401/403
 * and never a 400 that describes the route's fields.
 * - public: anyone (routes guarded otherwise, e.g. by a signature or a token, say so in a comment)
 * - user: any signed-in account
 * - shopper: shopper accounts (type user); back-office accounts are kept off the shop (the cart)
 * - backOffice: role admin, i.e. the marketplace's admins and sellers alike
 * - admin: the marketplace's own admins (type admin), not sellers
 * - seller: sellers (type vendor), whatever their approval
 * - activeSeller: sellers not rejected (a pending one prepares its invoices before approval)
 * - uploader: admins, and sellers an admin has approved
 * Ownership (whose cart, whose order) stays with the handlers and services.
 */
export const ACCESS_LEVELS = [
  'public',
  'user',
  'shopper',
  'backOffice',
  'admin',
  'seller',
  'activeSeller',
  'uploader',
] as const
export type Access = (typeof ACCESS_LEVELS)[number]

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access
    /**
     * A write route that never changes what the catalog shows nor any session (the cart's): its
     * reply does not wait for this process to hear catalog and session changes (app.ts,
     * decisions 024 and 100).
     */
    catalogUnchanged?: true
  }
}

/**
 * Why `user` may not call a route of `access` (the 403 message), or null when they may. Exported
 * for a route whose right depends on what is asked (uploads: a shopper's return photo), which
 * declares the wider access and applies this rule to the rest itself.
 */
export function refusal(access: Exclude<Access, 'public'>, user: SessionUser): string | null {
  const denied = 'You are not allowed to do that'
  switch (access) {
    case 'user':
      return null
    case 'shopper':
      // Admins and sellers have no storefront (docs/decisions/044-the-back-office.md): a cart they
      // cannot see is no cart.
      return user.type === 'user'
        ? null
        : 'Shopping is for shopper accounts: sign in as a shopper to use a cart'
    case 'backOffice':
      return user.role === 'admin' ? null : denied
    case 'admin':
      return isMarketplaceAdmin(user) ? null : denied
    case 'seller':
      return user.type === 'vendor' ? null : denied
    case 'activeSeller':
      if (user.type !== 'vendor') return denied
      return isSuspendedSeller(user) ? 'Your seller account was rejected' : null
    case 'uploader':
      if (isMarketplaceAdmin(user)) return null
      if (user.type !== 'vendor') return denied
      return user.vendorStatus === 'Approved' ? null : 'Your seller account is not approved yet'
  }
}

/**
 * Loads the session (cookie, or `Authorization: Bearer` for API clients) into `request.user`,
 * then enforces the access of the route that matched. The decision is taken from the matched
 * route, never from the raw URL: the router decodes `/%61pi/...`, accepts the absolute form
 * `http://host/api/...`, and a check on the spelling would let those through unchecked.
 * A request that matches no route has no access and reaches only the not-found handler.
 */
export interface AuthPluginOptions {
  /**
   * The signed-in user a session token stands for (the auth module's sessions), given by the app:
   * infrastructure imports no module (issue 27.2).
   */
  findSessionUser: (
    db: Db,
    token: string,
    now: Date,
  ) => Promise<(SessionUser & { sessionId: string }) | null>
}

export const authPlugin = fp(
  async (app: FastifyInstance, { findSessionUser }: AuthPluginOptions) => {
    app.decorateRequest('user', null)
    const cookies = shopCookies(app.deps.config)
    const cookieName = cookies.session.name

    // Every route must say who may call it; checked once all routes are in (plugins such as the
    // docs UI and the web app's static files declare theirs in their own scope, after this hook
    // has seen the route).
    const routes: RouteOptions[] = []
    app.addHook('onRoute', (route) => {
      routes.push(route)
    })
    app.addHook('onReady', async () => {
      const undeclared = routes
        .filter((route) => !ACCESS_LEVELS.includes(route.config?.access as Access))
        .map((route) => `${String(route.method)} ${route.url}`)
      if (undeclared.length > 0) {
        throw new Error(
          `These routes do not declare config.access (${ACCESS_LEVELS.join(', ')}): ${undeclared.join(', ')}`,
        )
      }
    })

    app.addHook('onRequest', async (request, reply) => {
      const access = request.routeOptions.config.access
      // No access: no route matched, and the not-found handler answers (404 or the app shell).
      if (!access) return
      // The web app's files and pages need no session; reading it would cost every asset a query.
      if (access === 'public' && !request.routeOptions.url?.startsWith('/api')) return
      const token = tokenOf(request, cookieName)
      if (token && token.length <= 100) {
        request.user = await findSessionUser(app.deps.db, token, app.deps.now())
      }
      // A session that ended (expired, revoked elsewhere) takes its hint along, so the web app
      // stops asking who is signed in on every page.
      if (!request.user && request.cookies[cookies.signedIn.name]) {
        reply.clearCookie(cookies.signedIn.name, cookies.signedIn.options)
      }
      if (access === 'public') return
      if (!request.user) throw unauthorized()
      const why = refusal(access, request.user)
      if (why) throw forbidden(why)
    })
  },
)

/** Throws 403 unless `userId` (from a path or body) is the signed-in user's own id. */
export function assertSelf(request: FastifyRequest, userId: string | undefined): SessionUser {
  if (!request.user) throw unauthorized()
  if (userId !== undefined && userId !== request.user.id) {
    throw forbidden('You can only access your own account')
  }
  return request.user
}
