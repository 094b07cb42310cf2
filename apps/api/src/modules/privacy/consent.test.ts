import { PRIVACY_NOTICE_VERSION } from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { registerShopper, registrationToken, shopperDetails } from '../../../test/auth'
import { consents, users } from '../../db/schema'

// Issue 30.11: an itemised notice and a recorded, versioned consent at sign-up (DPDP Act s.5, s.6;
// DPDP Rules 2025 r.3); withdrawing as easy as giving.
let t: TestContext
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

let lastIp = 0
const freshIp = () => `10.30.${Math.floor(++lastIp / 250)}.${lastIp % 250}`
const register = (details: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: details,
    remoteAddress: freshIp(),
  })
const consentRows = (userId: string) =>
  t.database.db.select().from(consents).where(eq(consents.userId, userId))

describe('sign-up asks for consent', () => {
  it('refuses a sign-up whose consent box was not ticked', async () => {
    const { consentAccount: _ticked, ...unticked } = shopperDetails()
    const res = await register(unticked)
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        {
          path: 'consentAccount',
          message: 'Please agree to the privacy notice to create an account',
        },
      ]),
    )
    expect((await register(shopperDetails({ consentAccount: false }))).statusCode).toBe(400)
  })

  it('refuses a sign-up made against another version of the notice', async () => {
    const res = await register(shopperDetails({ noticeVersion: '2020-01-01' }))
    expect(res.statusCode).toBe(400)
    expect(res.json().errors[0].path).toBe('noticeVersion')
    expect(registrationToken(await register(shopperDetails()))).toEqual(expect.any(String))
  })

  it('records the consent with the notice version; marketing only when ticked', async () => {
    const plain = await registerShopper(t.app)
    const rows = await consentRows(plain.user.id)
    expect(rows).toEqual([
      expect.objectContaining({
        purpose: 'account',
        noticeVersion: PRIVACY_NOTICE_VERSION,
        withdrawnAt: null,
      }),
    ])
    const keen = await registerShopper(t.app, { consentMarketing: true })
    expect((await consentRows(keen.user.id)).map((r) => r.purpose).sort()).toEqual([
      'account',
      'marketing',
    ])
  })
})

describe('the consents in the account', () => {
  it('lists them, and withdraws and gives marketing back with one call each', async () => {
    const { cookie, user } = await registerShopper(t.app, { consentMarketing: true })
    const call = (method: 'GET' | 'PUT' | 'DELETE', url: string) =>
      t.app.inject({ method, url, headers: { cookie } })
    const listed = await call('GET', '/api/shop/privacy/consents')
    expect(listed.statusCode).toBe(200)
    expect(listed.json()).toMatchObject({
      noticeVersion: PRIVACY_NOTICE_VERSION,
      consents: [
        { purpose: 'account', withdrawnAt: null },
        { purpose: 'marketing', withdrawnAt: null },
      ],
    })

    const withdrawn = await call('DELETE', '/api/shop/privacy/consents/marketing')
    expect(withdrawn.statusCode).toBe(200)
    expect(withdrawn.json().consents[1].withdrawnAt).toEqual(expect.any(String))
    // The account stays, its own consent untouched.
    expect(withdrawn.json().consents[0].withdrawnAt).toBeNull()

    const given = await call('PUT', '/api/shop/privacy/consents/marketing')
    expect(given.json().consents[1].withdrawnAt).toBeNull()
    // The history is kept: the withdrawn record and the new one.
    expect((await consentRows(user.id)).filter((r) => r.purpose === 'marketing')).toHaveLength(2)
  })

  it("does not withdraw the account's own consent alone: that is deleting the account", async () => {
    const { cookie, user } = await registerShopper(t.app)
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/shop/privacy/consents/account',
      headers: { cookie },
    })
    expect(res.statusCode).toBe(400)
    const [account] = await t.database.db.select().from(users).where(eq(users.id, user.id))
    expect(account?.deletedAt).toBeNull()
  })

  it('is for the signed-in only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/shop/privacy/consents' })
    expect(res.statusCode).toBe(401)
  })
})
