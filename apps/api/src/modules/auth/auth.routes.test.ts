import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { otpRequests, sessions, users, vendorProfiles } from '../../db/schema'
import { hashPassword } from '../../lib/password'
import { createTestApp, type TestContext } from '../../../test/app'
import {
  otpFromOutbox,
  registerShopper,
  registrationToken,
  sessionCookie,
  shopperDetails,
} from '../../../test/auth'
import { createClock } from '../../../test/clock'

let t: TestContext
const clock = createClock()

beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
})
afterAll(() => t.close())

const post = (
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
  ip = '10.1.0.1',
) => t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: ip })
const checkAuth = (cookie?: string) =>
  t.app.inject({ url: '/api/auth/check-auth', headers: cookie ? { cookie } : {} })

describe('POST /api/auth/register', () => {
  it('answers every missing field with "{label} is required"', async () => {
    const res = await post('/api/auth/register', { role: 'user', type: 'user' })
    expect(res.statusCode).toBe(400)
    const messages = res.json().errors.map((e: { message: string }) => e.message)
    for (const label of ['Username', 'Email', 'Password', 'Mobile']) {
      expect(messages).toContain(`${label} is required`)
    }
  })

  it('refuses a malformed email, mobile, weak password and a seller without a valid GSTIN', async () => {
    const bad = await post(
      '/api/auth/register',
      shopperDetails({ email: 'nope', mobile: '12345', password: 'short' }),
    )
    const paths = bad.json().errors.map((e: { path: string }) => e.path)
    expect(paths).toEqual(expect.arrayContaining(['email', 'mobile', 'password']))
    const seller = await post(
      '/api/auth/register',
      shopperDetails({ role: 'admin', type: 'vendor', gstNumber: '07AAAAA0000A1Z8' }),
    )
    expect(seller.statusCode).toBe(400)
    expect(seller.json().errors[0]).toEqual({
      path: 'gstNumber',
      message: 'GST Number check digit does not match',
    })
    const admin = await post('/api/auth/register', shopperDetails({ role: 'admin', type: 'admin' }))
    expect(admin.statusCode).toBe(400)
  })

  it('does not create the account before the OTP is verified', async () => {
    const details = shopperDetails()
    expect((await post('/api/auth/register', details)).statusCode).toBe(200)
    const found = await t.database.db.select().from(users).where(eq(users.email, details.email))
    expect(found).toHaveLength(0)
    const [pending] = await t.database.db
      .select()
      .from(otpRequests)
      .where(eq(otpRequests.email, details.email))
    expect(pending?.codeHash).not.toContain(otpFromOutbox(t.app, details.email))
    expect(JSON.stringify(pending?.pending)).not.toContain(details.password)
  })

  it('limits resends to one a minute and five an hour per email', async () => {
    const details = shopperDetails()
    expect((await post('/api/auth/register', details)).statusCode).toBe(200)
    const soon = await post('/api/auth/register', details)
    expect(soon.statusCode).toBe(429)
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0)
    for (let i = 0; i < 4; i++) {
      clock.advance(61_000)
      expect((await post('/api/auth/register', details)).statusCode).toBe(200)
    }
    clock.advance(61_000)
    const sixth = await post('/api/auth/register', details)
    expect(sixth.statusCode).toBe(429)
    expect(sixth.json().message).toMatch(/Too many OTP requests/)
  })

  // Issue 12 item 5 changed this on purpose: a taken email used to answer 409 "already exists",
  // which told anyone which emails have accounts (auth.signup.test.ts covers the rest).
  it('answers a taken email like a new one', async () => {
    const { details } = await registerShopper(t.app)
    clock.advance(61_000)
    const res = await post('/api/auth/register', { ...details, userName: 'Someone Else' })
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe(`OTP sent to ${details.email}. It is valid for 10 minutes.`)
  })
})

describe('POST /api/auth/verifyOtp', () => {
  it('creates the user, signs in and never returns a password hash', async () => {
    const { cookie, user, details } = await registerShopper(t.app)
    expect(user).toMatchObject({
      email: details.email,
      role: 'user',
      type: 'user',
      mobile: '9845012345',
      vendorStatus: null,
    })
    const me = await checkAuth(cookie)
    expect(me.statusCode).toBe(200)
    expect(me.headers['cache-control']).toBe('no-store')
    expect(me.json().user.id).toBe(user.id)
    expect(me.body).not.toMatch(/argon2|passwordHash|password/)
  })

  it('rejects a wrong code, kills the request after 5 wrong tries and changes nothing', async () => {
    const details = shopperDetails()
    const token = registrationToken(await post('/api/auth/register', details))
    const code = otpFromOutbox(t.app, details.email)
    const wrong = code === '000000' ? '111111' : '000000'
    const first = await post('/api/auth/verifyOtp', { registrationToken: token, otp: wrong })
    expect(first.json().message).toBe('Invalid OTP. 4 tries left.')
    for (let i = 0; i < 4; i++)
      await post('/api/auth/verifyOtp', { registrationToken: token, otp: wrong })
    const right = await post('/api/auth/verifyOtp', { registrationToken: token, otp: code })
    expect(right.statusCode).toBe(400)
    expect(right.json().message).toMatch(/Too many wrong codes/)
    expect(
      await t.database.db.select().from(users).where(eq(users.email, details.email)),
    ).toHaveLength(0)
  })

  it('rejects an expired code and a replayed one', async () => {
    const details = shopperDetails()
    const token = registrationToken(await post('/api/auth/register', details))
    clock.advance(10 * 60_000 + 1000)
    const expired = await post('/api/auth/verifyOtp', {
      registrationToken: token,
      otp: otpFromOutbox(t.app, details.email),
    })
    expect(expired.json().message).toMatch(/expired/)

    const done = shopperDetails()
    const doneToken = registrationToken(await post('/api/auth/register', done))
    const otp = otpFromOutbox(t.app, done.email)
    const payload = { registrationToken: doneToken, otp }
    expect((await post('/api/auth/verifyOtp', payload)).statusCode).toBe(201)
    const replay = await post('/api/auth/verifyOtp', payload)
    expect(replay.statusCode).toBe(400)
    // Issue 12 item 5: said "No pending registration", now the same as a wrong code.
    expect(replay.json().message).toMatch(/^Invalid OTP\./)
  })

  it('makes a seller Pending with the GSTIN, which a second sign-up may type too', async () => {
    const gst = '27AAPFU0939F1ZV'
    const { user } = await registerShopper(t.app, {
      role: 'admin',
      type: 'vendor',
      gstNumber: gst.toLowerCase(),
    })
    expect(user).toMatchObject({ role: 'admin', type: 'vendor', vendorStatus: 'Pending' })
    const [profile] = await t.database.db
      .select()
      .from(vendorProfiles)
      .where(eq(vendorProfiles.userId, user.id))
    expect(profile).toMatchObject({ gstNumber: gst, status: 'Pending' })
    const again = await post(
      '/api/auth/register',
      shopperDetails({ role: 'admin', type: 'vendor', gstNumber: gst }),
    )
    // A pending seller reserves no GSTIN, and the answer does not say who typed it before.
    expect(again.statusCode).toBe(200)
    expect(again.json().registrationToken).toEqual(expect.any(String))
  })
})

describe('POST /api/auth/login and /api/auth/logout', () => {
  let email: string
  beforeAll(async () => {
    email = `login-${crypto.randomUUID().slice(0, 8)}@example.in`
    await t.database.db.insert(users).values({
      userName: 'Login User',
      email,
      passwordHash: await hashPassword('Right123'),
      role: 'user',
      type: 'user',
    })
  })

  it('signs in with a new session each time, as cookie (httpOnly, Lax) and as bearer token', async () => {
    const a = await post('/api/auth/login', { email: email.toUpperCase(), password: 'Right123' })
    expect(a.statusCode).toBe(200)
    expect(a.json()).toMatchObject({
      success: true,
      message: 'Logged in successfully',
      user: { email },
    })
    const cookie = a.cookies.find((c) => c.name === 'session')
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    const b = await post('/api/auth/login', { email, password: 'Right123' })
    expect(sessionCookie(b)).not.toBe(sessionCookie(a))
    const bearer = await t.app.inject({
      url: '/api/auth/check-auth',
      headers: { authorization: `Bearer ${cookie!.value}` },
    })
    expect(bearer.statusCode).toBe(200)
  })

  it('sets a readable hint beside the session for the web app, and clears it at logout or when the session ended', async () => {
    const signedIn = await post('/api/auth/login', { email, password: 'Right123' })
    const hint = signedIn.cookies.find((c) => c.name === 'signed_in')
    expect(hint).toMatchObject({ value: '1', sameSite: 'Lax', path: '/' })
    expect(hint?.httpOnly).toBeFalsy()
    const cookie = `${sessionCookie(signedIn)}; signed_in=1`
    const out = await post('/api/auth/logout', {}, { cookie })
    expect(out.cookies.find((c) => c.name === 'signed_in')?.value).toBe('')
    // The revoked session's browser still sends the hint: the next call clears it.
    const stale = await checkAuth(cookie)
    expect(stale.statusCode).toBe(401)
    expect(stale.cookies.find((c) => c.name === 'signed_in')?.value).toBe('')
  })

  it('answers the same for a wrong password and an unknown email', async () => {
    const wrong = await post('/api/auth/login', { email, password: 'Wrong123' })
    const unknown = await post('/api/auth/login', {
      email: 'nobody@example.in',
      password: 'Wrong123',
    })
    expect(wrong.statusCode).toBe(401)
    expect(unknown.json()).toEqual(wrong.json())
  })

  it('revokes the session at logout: the old cookie stops working', async () => {
    const cookie = sessionCookie(await post('/api/auth/login', { email, password: 'Right123' }))
    const out = await post('/api/auth/logout', {}, { cookie })
    expect(out.json()).toEqual({ success: true, message: 'Logged out successfully' })
    expect((await checkAuth(cookie)).statusCode).toBe(401)
  })

  it('expires sessions after the configured days', async () => {
    const cookie = sessionCookie(await post('/api/auth/login', { email, password: 'Right123' }))
    clock.advance(31 * 86_400_000)
    expect((await checkAuth(cookie)).statusCode).toBe(401)
  })

  it('locks an account after 10 failures in 15 minutes, even for the right password, then lets it in', async () => {
    const victim = `victim-${crypto.randomUUID().slice(0, 8)}@example.in`
    await t.database.db.insert(users).values({
      userName: 'Victim',
      email: victim,
      passwordHash: await hashPassword('Right123'),
      role: 'user',
      type: 'user',
    })
    for (let i = 0; i < 10; i++) {
      expect(
        (await post('/api/auth/login', { email: victim, password: 'Nope1234' }, {}, `10.2.0.${i}`))
          .statusCode,
      ).toBe(401)
    }
    const locked = await post(
      '/api/auth/login',
      { email: victim, password: 'Right123' },
      {},
      '10.2.1.1',
    )
    expect(locked.statusCode).toBe(429)
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0)
    const ghost = await post(
      '/api/auth/login',
      { email: 'ghost@example.in', password: 'x' },
      {},
      '10.2.1.1',
    )
    expect(ghost.statusCode).toBe(401) // an unknown email is not locked: no hint either way
    clock.advance(15 * 60_000 + 1000)
    expect(
      (await post('/api/auth/login', { email: victim, password: 'Right123' }, {}, '10.2.1.1'))
        .statusCode,
    ).toBe(200)
  })

  it('limits one IP to 50 failed sign-ins per 15 minutes', async () => {
    for (let i = 0; i < 50; i++) {
      await post(
        '/api/auth/login',
        { email: `spray${i}@example.in`, password: 'x' },
        {},
        '10.3.3.3',
      )
    }
    const res = await post('/api/auth/login', { email, password: 'Right123' }, {}, '10.3.3.3')
    expect(res.statusCode).toBe(429)
  })

  it('treats guests as 401 on check-auth and leaves sessions untouched on a guest logout', async () => {
    expect((await checkAuth()).statusCode).toBe(401)
    const before = (await t.database.db.select().from(sessions)).length
    expect((await post('/api/auth/logout', {})).statusCode).toBe(200)
    expect((await t.database.db.select().from(sessions)).length).toBe(before)
  })
})
