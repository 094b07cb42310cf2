import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions, users } from '../../src/db/schema'
import { buildApp } from '../../src/app'
import type { App } from '../../src/app-types'
import { createSession } from '../../src/modules/auth/sessions'
import { hashPassword } from '../../src/lib/password'
import { createTestApp, type TestContext } from '../app'
import { sessionCookie } from '../auth'
import { createClock } from '../clock'
import { createSeller, createUser } from '../factories'

/**
 * The sessions each API process keeps in memory (decision 100) stay exact: every request here
 * first proves it was answered from memory, then the change comes, and the very next request
 * sees it: a sign-out, a password change, a seller's approval, a change made in the database by
 * anything, a session's expiry. On PostgreSQL, a second process on the same database drops the
 * session too, and nothing is kept while the notifications' connection is cut.
 */
let t: TestContext
const clock = createClock(new Date())
beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_CACHE_SECONDS: '60' }, deps: { now: clock.now } })
})
afterAll(() => t.close())

const db = () => t.database.db
const cache = () => t.app.deps.sessionCache!
const checkAuth = (cookie: string, app: App = t.app) =>
  app.inject({ url: '/api/auth/check-auth', headers: { cookie } })
let ipCounter = 0
const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: cookie ? { cookie } : {},
    remoteAddress: `10.41.0.${++ipCounter}`,
  })

/** A session of `userId`, as its cookie, asked once so that the process keeps it. */
async function keptSession(userId: string, app: App = t.app) {
  const cookie = `session=${await createSession(db(), { userId, days: 1, now: clock.now() })}`
  expect((await checkAuth(cookie, app)).statusCode).toBe(200)
  return cookie
}

/** Asks with `cookie` and proves the answer came from memory (no database read). */
async function answeredFromMemory(cookie: string, app: App = t.app) {
  const before = app.deps.sessionCache!.stats()
  const res = await checkAuth(cookie, app)
  const after = app.deps.sessionCache!.stats()
  expect(res.statusCode).toBe(200)
  expect(after.hits).toBe(before.hits + 1)
  expect(after.misses).toBe(before.misses)
  return res
}

describe('sessions kept in memory', () => {
  it('refuses a signed-out session from the next request on', async () => {
    const user = await createUser(db())
    const cookie = await keptSession(user.id)
    await answeredFromMemory(cookie)
    expect((await post('/api/auth/logout', {}, cookie)).statusCode).toBe(200)
    expect((await checkAuth(cookie)).statusCode).toBe(401)
  })

  it('ends the other devices’ sessions at a password change, from the next request on', async () => {
    const email = `cache-${crypto.randomUUID().slice(0, 8)}@example.in`
    await db()
      .insert(users)
      .values({
        userName: 'Cache User',
        email,
        passwordHash: await hashPassword('Right123'),
        role: 'user',
        type: 'user',
      })
    const here = sessionCookie(await post('/api/auth/login', { email, password: 'Right123' }))
    const phone = sessionCookie(await post('/api/auth/login', { email, password: 'Right123' }))
    await checkAuth(phone)
    await answeredFromMemory(phone)
    const changed = await post(
      '/api/auth/change-password',
      { currentPassword: 'Right123', newPassword: 'Fresh4567' },
      here,
    )
    expect(changed.statusCode).toBe(200)
    expect((await checkAuth(phone)).statusCode).toBe(401)
    expect((await checkAuth(here)).statusCode).toBe(401)
    expect((await checkAuth(sessionCookie(changed))).statusCode).toBe(200)
  })

  it('sees a seller approved, then rejected, from the next request on', async () => {
    const seller = await createSeller(db(), 'Pending')
    const admin = await createUser(db(), { role: 'admin', type: 'admin' })
    const sellerCookie = await keptSession(seller.id)
    const adminCookie = await keptSession(admin.id)
    expect((await answeredFromMemory(sellerCookie)).json().user.vendorStatus).toBe('Pending')
    for (const status of ['Approved', 'Rejected'] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/vendors/${seller.id}/status`,
        headers: { cookie: adminCookie },
        payload: { status },
      })
      expect(res.statusCode).toBe(200)
      expect((await checkAuth(sellerCookie)).json().user.vendorStatus).toBe(status)
    }
  })

  it('sees a role or a name changed in the database by anything, once the change is heard', async () => {
    const user = await createUser(db())
    const cookie = await keptSession(user.id)
    await answeredFromMemory(cookie)
    await db()
      .update(users)
      .set({ userName: 'Renamed Elsewhere', role: 'admin', type: 'admin' })
      .where(eq(users.id, user.id))
    // PGlite hears it before the update returns; PostgreSQL a moment after the commit.
    await cache().caughtUp()
    const seen = (await checkAuth(cookie)).json().user
    expect(seen).toMatchObject({ userName: 'Renamed Elsewhere', role: 'admin', type: 'admin' })
    await db().delete(sessions).where(eq(sessions.userId, user.id))
    await cache().caughtUp()
    expect((await checkAuth(cookie)).statusCode).toBe(401)
  })

  it('refuses a kept session once it has expired', async () => {
    const user = await createUser(db())
    const cookie = await keptSession(user.id)
    await answeredFromMemory(cookie)
    clock.advance(86_400_000 + 1000)
    expect((await checkAuth(cookie)).statusCode).toBe(401)
  })

  it('keeps no session the database does not know', async () => {
    const before = cache().stats()
    for (let i = 0; i < 3; i++) {
      expect((await checkAuth(`session=${'x'.repeat(43)}`)).statusCode).toBe(401)
    }
    const after = cache().stats()
    expect(after.misses - before.misses).toBe(3)
    expect(after.entries).toBe(before.entries)
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('sessions kept in memory, on PostgreSQL', () => {
  it('are dropped by a second process when the first signs one out', async () => {
    const other = await buildApp(
      {
        config: t.app.deps.config,
        db: db(),
        dbKind: t.database.kind,
        listen: t.database.listen,
        now: clock.now,
      },
      { logger: false },
    )
    try {
      const user = await createUser(db())
      const cookie = await keptSession(user.id, other)
      await answeredFromMemory(cookie, other)
      expect((await post('/api/auth/logout', {}, cookie)).statusCode).toBe(200)
      // The other process drops it when the notification reaches it (milliseconds after the
      // commit); it is never answered from memory after that.
      await other.deps.sessionCache!.caughtUp()
      expect((await checkAuth(cookie, other)).statusCode).toBe(401)
    } finally {
      await other.close()
    }
  })

  it('keeps nothing while the notifications’ connection is cut, and keeps again once it is back', async () => {
    const user = await createUser(db())
    const cookie = await keptSession(user.id)
    await answeredFromMemory(cookie)
    await db().execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = 'listen sessions_changed'`,
    )
    await until(() => cache().stats().entries === 0)
    const before = cache().stats()
    expect((await checkAuth(cookie)).statusCode).toBe(200)
    expect(cache().stats().hits).toBe(before.hits)
    // Reconnected within about a second: sessions are kept again.
    await until(async () => {
      await checkAuth(cookie)
      return cache().stats().hits > before.hits
    })
  })
})

async function until(check: () => boolean | Promise<boolean>, ms = 5000) {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
