import type { SessionUser } from '@techbazaar/shared'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { forbidden, unauthorized } from '../lib/errors'
import { shopCookies } from '../lib/cookies'
import { findSessionUser } from '../modules/auth/sessions'

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

/** Loads the session (cookie, or `Authorization: Bearer` for API clients) into `request.user`. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null)
  const cookieName = shopCookies(app.deps.config).session.name
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api')) return
    const token = tokenOf(request, cookieName)
    if (token && token.length <= 100) {
      request.user = await findSessionUser(app.deps.db, token, app.deps.now())
    }
  })
})

/** preHandler: 401 unless signed in. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply) {
  if (!request.user) throw unauthorized()
}

/** preHandler: role admin (admins and sellers alike); shoppers get 403. */
export function requireRole(role: 'admin') {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!request.user) throw unauthorized()
    if (request.user.role !== role) throw forbidden()
  }
}

/** preHandler: only the marketplace's own admins (type admin), not sellers. */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply) {
  if (!request.user) throw unauthorized()
  if (request.user.role !== 'admin' || request.user.type !== 'admin') throw forbidden()
}

/** preHandler: sellers (type vendor); `approved` also refuses Pending and Rejected ones. */
export function requireVendor(opts: { approved?: boolean } = {}) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!request.user) throw unauthorized()
    if (request.user.type !== 'vendor') throw forbidden()
    if (opts.approved && request.user.vendorStatus !== 'Approved') {
      throw forbidden('Your seller account is not approved yet')
    }
  }
}

/** Throws 403 unless `userId` (from a path or body) is the signed-in user's own id. */
export function assertSelf(request: FastifyRequest, userId: string | undefined): SessionUser {
  if (!request.user) throw unauthorized()
  if (userId !== undefined && userId !== request.user.id) {
    throw forbidden('You can only access your own account')
  }
  return request.user
}
