import { Writable } from 'node:stream'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { otpRequests, passwordResets, sessions, users } from '../../src/db/schema'
import { hashPassword } from '../../src/lib/password'
import { createTestApp, type TestContext } from '../app'
import { MARKETPLACE_ENV } from '../production-env'
import { registrationToken as tokenOfRegistration, sessionCookie, shopperDetails } from '../auth'
import { createClock } from '../clock'
import { startSmtpServer } from '../smtp'

/**
 * Sessions and secrets, beyond what src/modules/auth/auth.routes.test.ts already proves (a new
 * session per sign-in, logout revoking its cookie, expiry, the 10-per-15-minutes lock, the
 * per-IP limit): fixation, revocation scope, the password change, cookie attributes behind
 * https, and that no secret reaches a response body or a log line.
 */
let t: TestContext
let smtp: Awaited<ReturnType<typeof startSmtpServer>>
const clock = createClock(new Date())
const logLines: string[] = []

beforeAll(async () => {
  // Mail goes over SMTP here: without it the dev outbox prints OTPs to the log by design.
  smtp = await startSmtpServer()
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, LOG_LEVEL: 'trace' },
    deps: { now: clock.now },
    logStream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
        done()
      },
    }),
  })
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})

const db = () => t.database.db
let ipCounter = 0
/** Each call from its own address unless told, so the per-IP limit never hides the per-account one. */
const nextIp = () => `10.40.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`

const post = (url: string, payload: object, headers: Record<string, string> = {}, ip = nextIp()) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: ip })
const checkAuth = (headers: Record<string, string>) =>
  t.app.inject({ url: '/api/auth/check-auth', headers })
const login = (
  email: string,
  password: string,
  headers: Record<string, string> = {},
  ip?: string,
) => post('/api/auth/login', { email, password }, headers, ip)
const changePassword = (cookie: string, currentPassword: string, newPassword: string) =>
  post('/api/auth/change-password', { currentPassword, newPassword }, { cookie })

/** An account with a real password, for sign-in tests. */
async function account(password = 'Right123') {
  const email = `sess-${crypto.randomUUID().slice(0, 8)}@example.in`
  const [user] = await db()
    .insert(users)
    .values({
      userName: 'Session User',
      email,
      passwordHash: await hashPassword(password),
      role: 'user',
      type: 'user',
    })
    .returning()
  return { user: user!, email, password }
}

const tokenOf = (cookie: string) => cookie.slice('session='.length)

describe('session ids', () => {
  it('issues a fresh server-made id at sign-in, never the one the browser arrived with', async () => {
    const { email, password } = await account()
    const planted = 'session=attacker-chosen-value-0123456789'
    const first = await login(email, password, { cookie: planted })
    expect(first.statusCode).toBe(200)
    const issued = sessionCookie(first)
    expect(issued).not.toBe(planted)
    expect(tokenOf(issued)).toMatch(/^[A-Za-z0-9_-]{43}$/) // 256 random bits, base64url
    expect((await checkAuth({ cookie: planted })).statusCode).toBe(401)

    // Signing in again on a signed-in browser replaces its id as well.
    const again = await login(email, password, { cookie: issued })
    expect(sessionCookie(again)).not.toBe(issued)
    // Only hashes are stored: no row holds either token.
    const stored = (await db().select({ hash: sessions.tokenHash }).from(sessions)).map(
      (r) => r.hash,
    )
    expect(stored).not.toContain(tokenOf(issued))
    expect(stored).not.toContain(tokenOf(sessionCookie(again)))
  })

  it('logout revokes only that session, for the cookie and the bearer form alike', async () => {
    const { email, password } = await account()
    const phone = sessionCookie(await login(email, password))
    const laptop = sessionCookie(await login(email, password))
    const out = await post('/api/auth/logout', {}, { cookie: phone })
    const cleared = out.cookies.find((c) => c.name === 'session')
    expect(cleared).toMatchObject({ value: '', httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(cleared!.expires!.getTime()).toBeLessThanOrEqual(Date.now())
    expect((await checkAuth({ cookie: phone })).statusCode).toBe(401)
    expect((await checkAuth({ authorization: `Bearer ${tokenOf(phone)}` })).statusCode).toBe(401)
    expect((await checkAuth({ cookie: laptop })).statusCode).toBe(200)
  })
})

describe('POST /api/auth/change-password', () => {
  it('revokes every session, signs this device in afresh, and swaps the password', async () => {
    const { email, password, user } = await account()
    const here = sessionCookie(await login(email, password))
    const phone = sessionCookie(await login(email, password))
    const apiClient = tokenOf(sessionCookie(await login(email, password)))

    const res = await changePassword(here, password, 'Fresh4567')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      success: true,
      message: 'Password changed. You have been signed out on your other devices.',
    })
    const fresh = sessionCookie(res)
    expect(fresh).not.toBe(here)
    const revoked: Record<string, string>[] = [
      { cookie: here },
      { cookie: phone },
      { authorization: `Bearer ${apiClient}` },
    ]
    for (const old of revoked) expect((await checkAuth(old)).statusCode).toBe(401)
    expect((await checkAuth({ cookie: fresh })).json().user.id).toBe(user.id)
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1)
    const [changed] = await db().select().from(users).where(eq(users.id, user.id))
    expect(changed!.passwordChangedAt).toEqual(clock.now())
    expect((await login(email, password)).statusCode).toBe(401)
    expect((await login(email, 'Fresh4567')).statusCode).toBe(200)
  })

  it('refuses a wrong current password clearly and changes nothing', async () => {
    const { email, password } = await account()
    const cookie = sessionCookie(await login(email, password))
    const res = await changePassword(cookie, 'Wrong1234', 'Fresh4567')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      success: false,
      message: 'Your current password is not correct',
      errors: [{ path: 'currentPassword', message: 'Your current password is not correct' }],
    })
    expect((await checkAuth({ cookie })).statusCode).toBe(200)
    expect((await login(email, password)).statusCode).toBe(200)
  })

  it('applies the registration rules to the new password and needs a session', async () => {
    const { email, password } = await account()
    const cookie = sessionCookie(await login(email, password))
    const cases: [string, string, string][] = [
      ['short1', 'newPassword', 'New password must be at least 8 characters'],
      [
        'lettersonly',
        'newPassword',
        'New password is too weak: use letters and at least one number',
      ],
      [password, 'newPassword', 'New password must be different from the current one'],
      ['x'.repeat(200) + '1', 'newPassword', 'New password must be at most 200 characters'],
    ]
    for (const [newPassword, path, message] of cases) {
      const res = await changePassword(cookie, password, newPassword)
      expect(res.statusCode).toBe(400)
      expect(res.json().errors).toContainEqual({ path, message })
    }
    const missing = await post(
      '/api/auth/change-password',
      { newPassword: 'Fresh4567' },
      { cookie },
    )
    expect(missing.json().errors).toContainEqual({
      path: 'currentPassword',
      message: 'Current password is required',
    })
    const guest = await post('/api/auth/change-password', {
      currentPassword: password,
      newPassword: 'Fresh4567',
    })
    expect(guest.statusCode).toBe(401)
    expect((await login(email, password)).statusCode).toBe(200)
  })

  it('counts wrong current passwords against the sign-in lock of the account', async () => {
    const { email, password } = await account()
    const cookie = sessionCookie(await login(email, password))
    for (let i = 0; i < 6; i++) {
      expect((await changePassword(cookie, `Guess${i}123`, 'Fresh4567')).statusCode).toBe(400)
    }
    for (let i = 0; i < t.app.deps.config.signInLimits.perAccount - 6; i++) {
      expect((await login(email, `Guess${i}456`)).statusCode).toBe(401)
    }
    const locked = await changePassword(cookie, password, 'Fresh4567')
    expect(locked.statusCode).toBe(429)
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0)
    expect((await login(email, password)).statusCode).toBe(429)
    clock.advance(15 * 60_000 + 1000)
    expect((await changePassword(cookie, password, 'Fresh4567')).statusCode).toBe(200)
  })

  it('lets exactly one of two simultaneous changes win', async () => {
    const { email, password } = await account()
    const cookie = sessionCookie(await login(email, password))
    const [a, b] = await Promise.all([
      changePassword(cookie, password, 'FirstNew1'),
      changePassword(cookie, password, 'SecondNew2'),
    ])
    const codes = [a.statusCode, b.statusCode]
    expect(codes.filter((c) => c === 200)).toHaveLength(1)
    // The loser either read the new hash already (wrong current password), lost the swap, or
    // came after the winner had revoked every session and issued its own (signed out: 401).
    expect([400, 401, 409]).toContain(codes.find((c) => c !== 200))
    const winner = a.statusCode === 200 ? 'FirstNew1' : 'SecondNew2'
    const loser = winner === 'FirstNew1' ? 'SecondNew2' : 'FirstNew1'
    expect((await login(email, loser)).statusCode).toBe(401)
    expect((await login(email, winner)).statusCode).toBe(200)
  })
})

describe('sign-in throttle', () => {
  it('lets an attacker check at most 100 passwords per account in any hour (ASVS 2.2.1)', async () => {
    const { email } = await account()
    // Two simulated hours, a try every minute (from ever-new addresses) while the account lets
    // them through; record when each password was really checked (401, not 429).
    const checked: number[] = []
    for (let minute = 0; minute < 120; minute++) {
      for (;;) {
        const res = await login(email, 'Guess1234')
        if (res.statusCode === 429) break
        expect(res.statusCode).toBe(401)
        checked.push(clock.now().getTime())
      }
      clock.advance(60_000)
    }
    const worstHour = Math.max(
      ...checked.map(
        (start) => checked.filter((at) => at >= start && at < start + 3_600_000).length,
      ),
    )
    expect(worstHour).toBeGreaterThan(0)
    expect(worstHour).toBeLessThanOrEqual(100)
  }, 120_000)
})

describe('secrets', () => {
  it('never puts a password, hash, token or OTP into a response body or a log line', async () => {
    const before = logLines.length
    const bodies: string[] = []
    const record = <R extends Awaited<ReturnType<typeof checkAuth>>>(res: R): R => {
      const { 'set-cookie': _cookies, ...headers } = res.headers
      bodies.push(res.body, JSON.stringify(headers))
      return res
    }
    const details = shopperDetails({ password: 'Secret987' })
    // The registration token is for the page (it is in step 1's body), never for the log.
    const registrationToken = tokenOfRegistration(record(await post('/api/auth/register', details)))
    const mail = smtp.received.find((m) => m.to.includes(details.email))
    const otp = mail!.subject.match(/^(\d{6}) /)![1]!
    const wrongOtp = otp === '000000' ? '111111' : '000000'
    record(await post('/api/auth/verifyOtp', { registrationToken, otp: wrongOtp }))
    const verified = record(await post('/api/auth/verifyOtp', { registrationToken, otp }))
    const tokens = [tokenOf(sessionCookie(verified))]
    record(await login(details.email, 'NotMine123'))
    const signedIn = record(await login(details.email, details.password))
    tokens.push(tokenOf(sessionCookie(signedIn)))
    const cookie = sessionCookie(signedIn)
    record(await checkAuth({ cookie }))
    record(await checkAuth({ authorization: `Bearer ${tokens[1]}` }))
    record(await changePassword(cookie, 'NotMine123', 'Changed789'))
    record(await changePassword(cookie, details.password, 'short'))
    const changed = record(await changePassword(cookie, details.password, 'Changed789'))
    tokens.push(tokenOf(sessionCookie(changed)))
    record(await post('/api/auth/logout', {}, { cookie: sessionCookie(changed) }))

    const [row] = await db().select().from(users).where(eq(users.email, details.email))
    const [pending] = await db()
      .select()
      .from(otpRequests)
      .where(eq(otpRequests.email, details.email))
    const tokenHashes = (
      await db()
        .select({ hash: sessions.tokenHash })
        .from(sessions)
        .where(eq(sessions.userId, row!.id))
    ).map((r) => r.hash)
    const secrets = [
      details.password,
      'NotMine123',
      'Changed789',
      row!.passwordHash,
      pending!.codeHash,
      ...tokens,
      ...tokenHashes,
    ]
    const logs = logLines.slice(before)
    for (const line of logs) expect(line).not.toContain(registrationToken)
    // The log did record the traffic (so an empty capture cannot pass this test).
    expect(logs.filter((l) => l.includes('"url":"/api/auth/')).length).toBe(bodies.length / 2)
    const otpAlone = new RegExp(`(?<![0-9A-Za-z])(${otp}|${wrongOtp})(?![0-9A-Za-z])`)
    for (const text of [...bodies, ...logs]) {
      for (const secret of secrets) expect(text).not.toContain(secret)
      expect(text).not.toMatch(/\$argon2/)
      expect(text).not.toMatch(otpAlone)
      expect(text).not.toMatch(/"password"|passwordHash|password_hash|token_hash/i)
    }
  })
})

describe('reset links', () => {
  it('never puts a reset link’s token or its hash into a log line, not even the page’s URL', async () => {
    const before = logLines.length
    const email = `reset-log-${crypto.randomUUID().slice(0, 8)}@example.in`
    await db()
      .insert(users)
      .values({
        userName: 'Log',
        email,
        passwordHash: await hashPassword('Old123pass'),
        role: 'user',
        type: 'user',
      })
    await post('/api/auth/forgot-password', { email })
    await t.app.deps.jobs.drain()
    const mail = await vi.waitFor(() => {
      const found = smtp.received.find((m) => m.to.includes(email))
      if (!found) throw new Error('no mail yet')
      return found
    })
    const token = mail.text.match(/\/reset-password\?token=([\w-]+)/)![1]!
    // The browser opens the link (the page's request is logged), then sets the password.
    await t.app.inject({ method: 'GET', url: `/reset-password?token=${token}` })
    await post('/api/auth/reset-password', { token, newPassword: 'Fresh456pass' })
    const [reset] = await db().select().from(passwordResets)
    const logs = logLines.slice(before)
    expect(logs.some((l) => l.includes('"url":"/reset-password?token=[redacted]"'))).toBe(true)
    for (const line of logs) {
      expect(line).not.toContain(token)
      expect(line).not.toContain(reset!.tokenHash)
      expect(line).not.toContain('Fresh456pass')
    }
  })
})

describe('cookies behind https', () => {
  let secure: TestContext
  beforeAll(async () => {
    secure = await createTestApp({
      env: { ...MARKETPLACE_ENV, APP_URL: 'https://shop.example.in' },
    })
  })
  afterAll(() => secure.close())

  it('names the session, hint and device cookies __Host- and marks them SameSite=Lax, Secure, Path=/, HttpOnly but the hint', async () => {
    const email = `https-${crypto.randomUUID().slice(0, 8)}@example.in`
    await secure.database.db.insert(users).values({
      userName: 'Https User',
      email,
      passwordHash: await hashPassword('Right123'),
      role: 'user',
      type: 'user',
    })
    const send = (url: string, payload: object, cookie?: string) =>
      secure.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} })
    /** The session cookie as the browser would send it back. */
    const hostSession = (res: { cookies: { name: string; value: string }[] }) =>
      `__Host-session=${res.cookies.find((c) => c.name === '__Host-session')?.value}`
    const signedIn = await send('/api/auth/login', { email, password: 'Right123' })
    const me = await secure.app.inject({
      url: '/api/auth/check-auth',
      headers: { cookie: hostSession(signedIn) },
    })
    expect(me.statusCode).toBe(200)
    const changed = await send(
      '/api/auth/change-password',
      { currentPassword: 'Right123', newPassword: 'Fresh4567' },
      hostSession(signedIn),
    )
    const out = await send('/api/auth/logout', {}, hostSession(changed))
    const setCookies = [signedIn, changed, out].flatMap((res) => [res.headers['set-cookie']].flat())
    expect(setCookies.map((raw) => raw?.split('=')[0])).toEqual([
      '__Host-session',
      '__Host-signed_in',
      '__Host-device',
      '__Host-session',
      '__Host-signed_in',
      '__Host-session',
      '__Host-signed_in',
    ])
    for (const raw of setCookies) {
      expect(raw).toMatch(/; Path=\/(;|$)/)
      // The signed-in hint is for the web app to read (it grants nothing); every other cookie
      // is out of scripts' reach.
      if (raw?.startsWith('__Host-signed_in=')) expect(raw).not.toMatch(/; HttpOnly/)
      else expect(raw).toMatch(/; HttpOnly/)
      expect(raw).toMatch(/; SameSite=Lax/)
      expect(raw).toMatch(/; Secure/)
      expect(raw).not.toMatch(/Domain=/i)
    }
    // A cookie under the plain name is not a session behind https.
    const plainName = `session=${hostSession(changed).split('=')[1]}`
    const refused = await secure.app.inject({
      url: '/api/auth/check-auth',
      headers: { cookie: plainName },
    })
    expect(refused.statusCode).toBe(401)
    // On plain http the names stay plain and not Secure (a browser would drop it on localhost).
    const { email: plainEmail, password } = await account()
    const plain = [(await login(plainEmail, password)).headers['set-cookie']].flat()
    expect(plain.map((raw) => raw?.split('=')[0])).toEqual(['session', 'signed_in', 'device'])
    for (const raw of plain) expect(raw).not.toMatch(/Secure/)
  })
})
