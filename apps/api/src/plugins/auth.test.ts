import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { App } from '../app'
import { hashPassword } from '../lib/password'
import { users, vendorProfiles } from '../db/schema'
import { createTestApp, type TestContext } from '../../test/app'
import { sessionCookie } from '../../test/auth'
import { assertSelf, requireAdmin, requireRole, requireUser, requireVendor } from './auth'

let t: TestContext
const cookies: Record<string, string> = {}
const ids: Record<string, string> = {}

function guardRoutes(app: App) {
  const ok = async () => ({ ok: true })
  app.get('/api/_t/user', { preHandler: requireUser }, ok)
  app.get('/api/_t/role-admin', { preHandler: requireRole('admin') }, ok)
  app.get('/api/_t/admin', { preHandler: requireAdmin }, ok)
  app.get('/api/_t/vendor', { preHandler: requireVendor() }, ok)
  app.get('/api/_t/approved-vendor', { preHandler: requireVendor({ approved: true }) }, ok)
  app.get(
    '/api/_t/own/:userId',
    { schema: { params: z.object({ userId: z.string() }) } },
    async (request) => {
      assertSelf(request, (request.params as { userId: string }).userId)
      return { ok: true }
    },
  )
}

beforeAll(async () => {
  t = await createTestApp({ routes: guardRoutes })
  const hash = await hashPassword('Pass1234')
  const accounts = {
    shopper: { role: 'user', type: 'user' },
    admin: { role: 'admin', type: 'admin' },
    pending: { role: 'admin', type: 'vendor', status: 'Pending' },
    approved: { role: 'admin', type: 'vendor', status: 'Approved' },
  } as const
  for (const [name, a] of Object.entries(accounts)) {
    const email = `${name}@guards.test`
    const [u] = await t.database.db
      .insert(users)
      .values({ userName: name, email, passwordHash: hash, role: a.role, type: a.type })
      .returning()
    ids[name] = u!.id
    if ('status' in a)
      await t.database.db.insert(vendorProfiles).values({ userId: u!.id, status: a.status })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'Pass1234' },
    })
    cookies[name] = sessionCookie(res)
  }
})
afterAll(() => t.close())

const status = async (url: string, who?: string) =>
  (await t.app.inject({ url, headers: who ? { cookie: cookies[who]! } : {} })).statusCode

describe('authorization guards', () => {
  it.each([
    ['/api/_t/user', { guest: 401, shopper: 200, admin: 200, pending: 200, approved: 200 }],
    ['/api/_t/role-admin', { guest: 401, shopper: 403, admin: 200, pending: 200, approved: 200 }],
    ['/api/_t/admin', { guest: 401, shopper: 403, admin: 200, pending: 403, approved: 403 }],
    ['/api/_t/vendor', { guest: 401, shopper: 403, admin: 403, pending: 200, approved: 200 }],
    [
      '/api/_t/approved-vendor',
      { guest: 401, shopper: 403, admin: 403, pending: 403, approved: 200 },
    ],
  ])('%s', async (url, expected) => {
    for (const [who, code] of Object.entries(expected)) {
      expect(await status(url, who === 'guest' ? undefined : who), `${who} on ${url}`).toBe(code)
    }
  })

  it('lets a user reach only paths with their own id', async () => {
    expect(await status(`/api/_t/own/${ids.shopper}`, 'shopper')).toBe(200)
    expect(await status(`/api/_t/own/${ids.admin}`, 'shopper')).toBe(403)
    expect(await status(`/api/_t/own/${ids.shopper}`)).toBe(401)
  })
})
