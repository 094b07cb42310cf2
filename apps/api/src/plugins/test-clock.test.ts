import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../test/app'
import { createUser } from '../../test/factories'
import { loadConfig } from '../config'
import { createSession } from '../modules/auth/sessions'
import { PRODUCTION_ENV } from '../../test/production-env'

/*
 * The e2e suite's movable clock (SHOP_CLOCK_CONTROL): admins move it forward by whole days and
 * the whole shop reads the new time; it never goes back, and production refuses it.
 */

const cookieFor = async (userId: string) =>
  `session=${await createSession(t.database.db, { userId, days: 60, now: t.app.deps.now() })}`

let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ env: { SHOP_CLOCK_CONTROL: 'true' } })
})
afterAll(() => t.close())

const advance = (cookie: string, days: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/test-clock',
    headers: { cookie },
    payload: { days },
  })

describe('the test clock', () => {
  it('moves the shop forward for an admin, and only forward', async () => {
    const admin = await createUser(t.database.db, { role: 'admin', type: 'admin' })
    const cookie = await cookieFor(admin.id)
    const before = t.app.deps.now().getTime()
    const res = await advance(cookie, 10)
    expect(res.statusCode, res.body).toBe(200)
    const moved = new Date(res.json().now).getTime() - before
    expect(moved).toBeGreaterThanOrEqual(10 * 86_400_000)
    expect(moved).toBeLessThan(10 * 86_400_000 + 60_000)
    expect(t.app.deps.now().getTime() - Date.now()).toBeGreaterThanOrEqual(10 * 86_400_000 - 1_000)
    for (const days of [0, -3, 61, 1.5, 'ten']) {
      expect((await advance(cookie, days)).statusCode).toBe(400)
    }
  })

  it('is for admins only', async () => {
    const seller = await createUser(t.database.db, { role: 'admin', type: 'vendor' })
    expect((await advance(await cookieFor(seller.id), 1)).statusCode).toBe(403)
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/test-clock', payload: { days: 1 } }))
        .statusCode,
    ).toBe(401)
  })

  it('does not exist unless asked for, and production refuses it', async () => {
    const plain = await createTestApp()
    try {
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/admin/test-clock',
        payload: { days: 1 },
      })
      expect(res.statusCode).toBe(404)
    } finally {
      await plain.close()
    }
    expect(() => loadConfig({ ...PRODUCTION_ENV, SHOP_CLOCK_CONTROL: 'true' })).toThrow(
      /SHOP_CLOCK_CONTROL: is for test shops and refused in production/,
    )
  })
})
