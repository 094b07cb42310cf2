import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { App } from '../app-types'
import { hashPassword } from '../lib/password'
import { users, vendorProfiles } from '../db/schema'
import { createTestApp, type TestContext } from '../../test/app'
import { sessionCookie } from '../../test/auth'
import Fastify from 'fastify'
import { assertSelf, authPlugin, type Access } from './auth'
import { findSessionUser } from '../modules/auth'

let t: TestContext
const cookies: Record<string, string> = {}
const ids: Record<string, string> = {}

function guardRoutes(app: App) {
  const ok = async () => ({ ok: true })
  const levels: Access[] = [
    'user',
    'shopper',
    'backOffice',
    'admin',
    'seller',
    'activeSeller',
    'uploader',
  ]
  for (const access of levels) {
    app.get(`/api/_t/${access}`, { config: { access } }, ok)
    // A body the guard must never get to: its validation would answer 400.
    app.post(
      `/api/_t/${access}`,
      { config: { access }, schema: { body: z.object({ secretField: z.string() }) } },
      ok,
    )
  }
  app.get(
    '/api/_t/own/:userId',
    { config: { access: 'user' }, schema: { params: z.object({ userId: z.string() }) } },
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
    rejected: { role: 'admin', type: 'vendor', status: 'Rejected' },
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

const WHO = ['guest', 'shopper', 'admin', 'pending', 'approved', 'rejected'] as const

describe('authorization guards (config.access)', () => {
  it.each([
    ['user', [401, 200, 200, 200, 200, 200]],
    ['shopper', [401, 200, 403, 403, 403, 403]],
    ['backOffice', [401, 403, 200, 200, 200, 200]],
    ['admin', [401, 403, 200, 403, 403, 403]],
    ['seller', [401, 403, 403, 200, 200, 200]],
    ['activeSeller', [401, 403, 403, 200, 200, 403]],
    ['uploader', [401, 403, 200, 403, 200, 403]],
  ] as const)('%s', async (access, codes) => {
    for (const [i, who] of WHO.entries()) {
      const url = `/api/_t/${access}`
      expect(await status(url, who === 'guest' ? undefined : who), `${who} on ${url}`).toBe(
        codes[i],
      )
    }
  })

  it.each(['user', 'admin', 'uploader'])(
    'refuses %s routes before reading the body: no 400 for a missing or broken one',
    async (access) => {
      for (const who of ['guest', 'shopper'] as const) {
        if (access === 'user' && who === 'shopper') continue
        for (const payload of [undefined, '{"broken']) {
          const res = await t.app.inject({
            method: 'POST',
            url: `/api/_t/${access}`,
            payload,
            headers: {
              'content-type': 'application/json',
              ...(who === 'guest' ? {} : { cookie: cookies[who]! }),
            },
          })
          expect(res.statusCode, `${who} ${payload}`).toBe(who === 'guest' ? 401 : 403)
          expect(res.body).not.toContain('secretField')
        }
      }
    },
  )

  it('will not start with an /api route that does not say who may call it', async () => {
    for (const config of [{}, { access: 'everyone' }]) {
      const app = Fastify()
      // The plugin reads the session cookie's name from the config, as in the real app.
      app.decorate('deps', t.app.deps)
      await app.register(authPlugin, { findSessionUser })
      app.get('/api/_t/undeclared', { config: config as { access?: Access } }, async () => 'ok')
      await expect(app.ready()).rejects.toThrow(/GET \/api\/_t\/undeclared/)
      await app.close()
    }
  })

  it('lets a user reach only paths with their own id', async () => {
    expect(await status(`/api/_t/own/${ids.shopper}`, 'shopper')).toBe(200)
    expect(await status(`/api/_t/own/${ids.admin}`, 'shopper')).toBe(403)
    expect(await status(`/api/_t/own/${ids.shopper}`)).toBe(401)
  })
})
