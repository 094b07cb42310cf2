import { PRIVACY_NOTICE_VERSION } from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { registerShopper, sessionCookieFor } from '../../../test/auth'
import { createUser } from '../../../test/factories'
import { consents } from '../../db/schema'
import { createSession } from '../auth/sessions'

// Issue 30.11 leftover (decision 82): accounts made before the privacy notice existed, or that
// agreed to an older version, are shown the notice and asked again (DPDP Rules 2025 r.3, Act s.5(2)).
let t: TestContext
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const db = () => t.database.db
const consentRows = (userId: string) =>
  db().select().from(consents).where(eq(consents.userId, userId))

/** An account with no consent record, as every account made before the notice. */
async function accountFromBefore() {
  const user = await createUser(db())
  const token = await createSession(db(), { userId: user.id, days: 1, now: new Date() })
  return { user, cookie: sessionCookieFor(t.app, token) }
}
const checkAuth = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/check-auth', headers: { cookie } })
const accept = (cookie: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/shop/privacy/notice', headers: { cookie }, payload })
const current = { noticeVersion: PRIVACY_NOTICE_VERSION, consentAccount: true }

describe('check-auth says when the notice is due', () => {
  it('is due for an account with no consent record', async () => {
    const me = await accountFromBefore()
    const res = await checkAuth(me.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.json().user.consentDue).toBe(true)
  })

  it('is due for an account that agreed to an older notice', async () => {
    const me = await accountFromBefore()
    await db()
      .insert(consents)
      .values({
        userId: me.user.id,
        purpose: 'account',
        noticeVersion: '2024-01-01',
        givenAt: new Date('2024-01-01T10:00:00Z'),
      })
    expect((await checkAuth(me.cookie)).json().user.consentDue).toBe(true)
  })

  it('is not due for an account that signed up under the current notice', async () => {
    const me = await registerShopper(t.app)
    expect((await checkAuth(me.cookie)).json().user.consentDue).toBe(false)
  })
})

describe('agreeing to the notice', () => {
  it('refuses an unticked account box and an old version', async () => {
    const me = await accountFromBefore()
    const unticked = await accept(me.cookie, { ...current, consentAccount: false })
    expect(unticked.statusCode).toBe(400)
    expect(unticked.json().errors).toEqual([
      {
        path: 'consentAccount',
        message: 'Please agree to the privacy notice to create an account',
      },
    ])
    const stale = await accept(me.cookie, { ...current, noticeVersion: '2024-01-01' })
    expect(stale.statusCode).toBe(400)
    expect(await consentRows(me.user.id)).toEqual([])
    expect((await checkAuth(me.cookie)).json().user.consentDue).toBe(true)
  })

  it('records the account purpose under the current version, marketing only when ticked', async () => {
    const me = await accountFromBefore()
    const res = await accept(me.cookie, current)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      consentDue: false,
      consents: [{ purpose: 'account', noticeVersion: PRIVACY_NOTICE_VERSION, withdrawnAt: null }],
    })
    expect((await checkAuth(me.cookie)).json().user.consentDue).toBe(false)
    // Agreeing again records nothing more.
    await accept(me.cookie, current)
    expect(await consentRows(me.user.id)).toHaveLength(1)
  })

  it('keeps the older consent as the record and adds the new version beside it', async () => {
    const me = await accountFromBefore()
    await db()
      .insert(consents)
      .values({
        userId: me.user.id,
        purpose: 'account',
        noticeVersion: '2024-01-01',
        givenAt: new Date('2024-01-01T10:00:00Z'),
      })
    await accept(me.cookie, { ...current, consentMarketing: true })
    const rows = await consentRows(me.user.id)
    expect(rows.map((r) => [r.purpose, r.noticeVersion]).sort()).toEqual([
      ['account', '2024-01-01'],
      ['account', PRIVACY_NOTICE_VERSION],
      ['marketing', PRIVACY_NOTICE_VERSION],
    ])
  })

  it('leaves marketing withdrawable in one click afterwards', async () => {
    const me = await accountFromBefore()
    await accept(me.cookie, { ...current, consentMarketing: true })
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/shop/privacy/consents/marketing',
      headers: { cookie: me.cookie },
    })
    expect(res.statusCode).toBe(200)
    expect(
      res.json().consents.find((c: { purpose: string }) => c.purpose === 'marketing'),
    ).toMatchObject({ withdrawnAt: expect.any(String) })
    expect(res.json().consentDue).toBe(false)
  })

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shop/privacy/notice',
      payload: current,
    })
    expect(res.statusCode).toBe(401)
  })
})
