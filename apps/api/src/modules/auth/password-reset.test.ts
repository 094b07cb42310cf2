import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { otpRequests, outbox, passwordResets, sessions, users } from '../../db/schema'
import { hashPassword } from '../../lib/password'
import { createTestApp, type TestContext } from '../../../test/app'
import { sessionCookie } from '../../../test/auth'
import { createClock } from '../../../test/clock'
import { purgeExpiredAuthRows } from './cleanup'

// Issue 13, item 4: "Forgot password?" by a single-use link, as an attacker would try it.
let t: TestContext
const clock = createClock()
/** Other than the defaults, so the tests also prove the settings are read. */
const env = {
  PASSWORD_RESET_MINUTES: '20',
  PASSWORD_RESET_PER_EMAIL_PER_HOUR: '3',
  PASSWORD_RESET_PER_IP_PER_HOUR: '8',
}

beforeAll(async () => {
  t = await createTestApp({ env, deps: { now: clock.now } })
})
afterAll(() => t.close())

let lastIp = 0
/** Each test from addresses of its own: requests are limited per IP. */
const freshIp = () => `10.13.${Math.floor(++lastIp / 250)}.${lastIp % 250}`

const post = (url: string, payload: object, ip = freshIp(), headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers })
/** Asks for a link, then lets the worker do what the answer queued (look up, mail). */
async function forgot(email: string, ip?: string) {
  const answer = await post('/api/auth/forgot-password', { email }, ip)
  await t.app.deps.jobs.drain()
  return answer
}
const reset = (token: string, newPassword = 'Fresh456pass', ip?: string) =>
  post('/api/auth/reset-password', { token, newPassword }, ip)
const login = (email: string, password: string) => post('/api/auth/login', { email, password })
const mailsTo = (email: string) => t.app.deps.mailer.outbox().filter((m) => m.to === email)

/** The token of the newest reset link mailed to `email`. */
function linkToken(email: string): string {
  const mail = mailsTo(email).at(-1)
  const link = mail?.text.match(/(http\S+\/reset-password\?token=[\w-]+)/)?.[1]
  if (!link) throw new Error(`no reset mail for ${email}`)
  return new URL(link).searchParams.get('token')!
}

async function addAccount(password = 'Old123pass') {
  const email = `reset-${crypto.randomUUID().slice(0, 8)}@example.in`
  const [user] = await t.database.db
    .insert(users)
    .values({
      userName: 'Reset User',
      email,
      passwordHash: await hashPassword(password),
      role: 'user',
      type: 'user',
    })
    .returning({ id: users.id })
  return { id: user!.id, email, password }
}

describe('POST /api/auth/forgot-password', () => {
  it('does the same work for a known and an unknown email: it queues, and the worker looks up', async () => {
    const { email } = await addAccount()
    const unknown = `nobody-${crypto.randomUUID().slice(0, 8)}@example.in`
    const queued = async (who: string) => {
      const before = await t.database.db.select({ id: outbox.id }).from(outbox)
      const answer = await post('/api/auth/forgot-password', { email: who })
      expect(answer.statusCode).toBe(200)
      const after = await t.database.db.select().from(outbox)
      return after.filter((item) => !before.some((b) => b.id === item.id))
    }
    const resetsBefore = (await t.database.db.select().from(passwordResets)).length
    for (const who of [email, unknown]) {
      const items = await queued(who)
      expect(items.map((i) => [i.kind, i.payload])).toEqual([
        ['auth.password-reset', { email: who, ip: expect.any(String) }],
      ])
    }
    // Nothing told the two apart yet: no link and no mail until the worker runs.
    expect(await t.database.db.select().from(passwordResets)).toHaveLength(resetsBefore)
    expect(mailsTo(email)).toHaveLength(0)
    await t.app.deps.jobs.drain()
    expect(mailsTo(email)).toHaveLength(1)
    expect(mailsTo(unknown)).toHaveLength(0)
  })

  it('answers an unknown email exactly like a known one, and mails nobody', async () => {
    const { email } = await addAccount()
    const unknown = `nobody-${crypto.randomUUID().slice(0, 8)}@example.in`
    const known = await forgot(email)
    const stranger = await forgot(unknown)
    expect(known.statusCode).toBe(200)
    expect(stranger.statusCode).toBe(200)
    const say = (res: typeof known, who: string) => res.json().message.replace(who, '<email>')
    expect(say(stranger, unknown)).toBe(say(known, email))
    expect(known.json().message).toMatch(/works for 20 minutes/)
    expect(mailsTo(email)).toHaveLength(1)
    expect(mailsTo(unknown)).toHaveLength(0)
  })

  it('mails the owner a link with the shop name, which stores only the token’s hash', async () => {
    const { id, email } = await addAccount()
    await forgot(email.toUpperCase())
    const mail = mailsTo(email).at(-1)!
    expect(mail.subject).toBe('Reset your TechBazaar password')
    expect(mail.text).toMatch(/works once, for 20 minutes/)
    const token = linkToken(email)
    const rows = await t.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, id))
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toContain(token)
  })

  it('refuses a 4th request for one email within the hour with 429, known or not', async () => {
    const { email } = await addAccount()
    const unknown = `nobody-${crypto.randomUUID().slice(0, 8)}@example.in`
    for (const who of [email, unknown]) {
      for (let i = 0; i < 3; i++) expect((await forgot(who)).statusCode).toBe(200)
      const refused = await forgot(who)
      expect(refused.statusCode).toBe(429)
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    }
    expect(mailsTo(email)).toHaveLength(3)
  })

  it('refuses a 9th request from one address within the hour, whatever the emails', async () => {
    const ip = freshIp()
    const answers = []
    for (let i = 0; i < 9; i++) {
      answers.push((await forgot(`probe-${i}-${crypto.randomUUID()}@example.in`, ip)).statusCode)
    }
    expect(answers).toEqual([...Array<number>(8).fill(200), 429])
  })

  it('takes the budgets atomically: of 20 simultaneous requests for one email, 3 get through', async () => {
    const { email } = await addAccount()
    const answers = await Promise.all(Array.from({ length: 20 }, () => forgot(email)))
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3)
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(17)
    expect(mailsTo(email)).toHaveLength(3)
  })

  it('refuses a malformed email with 400', async () => {
    const res = await forgot('not-an-email')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Email must be a valid email address',
    })
  })
})

describe('POST /api/auth/reset-password', () => {
  it('sets the new password, signs this device in and every other session out', async () => {
    const { email, password } = await addAccount()
    const other = sessionCookie(await login(email, password))
    await forgot(email)
    const res = await reset(linkToken(email), 'Fresh456pass')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ success: true, user: { email } })
    const here = sessionCookie(res)
    const check = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/check-auth', headers: { cookie } })
    expect((await check(here)).statusCode).toBe(200)
    expect((await check(other)).statusCode).toBe(401)
    expect((await login(email, password)).statusCode).toBe(401)
    expect((await login(email, 'Fresh456pass')).statusCode).toBe(200)
  })

  it('works once', async () => {
    const { email } = await addAccount()
    await forgot(email)
    const token = linkToken(email)
    expect((await reset(token, 'First123pass')).statusCode).toBe(200)
    const again = await reset(token, 'Second123pass')
    expect(again.statusCode).toBe(400)
    expect(again.json().message).toMatch(/expired or was already used/)
    expect((await login(email, 'First123pass')).statusCode).toBe(200)
  })

  it('works once even when used twice at the same moment', async () => {
    const { email } = await addAccount()
    await forgot(email)
    const token = linkToken(email)
    const answers = await Promise.all([
      reset(token, 'Racer1pass'),
      reset(token, 'Racer2pass'),
      reset(token, 'Racer3pass'),
    ])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400])
    const { id } = (await t.database.db.select().from(users).where(eq(users.email, email)))[0]!
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(
      1,
    )
  })

  it('stops working after the configured minutes', async () => {
    const { email, password } = await addAccount()
    await forgot(email)
    const token = linkToken(email)
    clock.advance(20 * 60_000 + 1000)
    const res = await reset(token)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/expired or was already used/)
    expect((await login(email, password)).statusCode).toBe(200)
  })

  it('still works just before the configured minutes are over', async () => {
    const { email } = await addAccount()
    await forgot(email)
    const token = linkToken(email)
    clock.advance(20 * 60_000 - 5000)
    expect((await reset(token)).statusCode).toBe(200)
  })

  it('only the newest link works', async () => {
    const { email } = await addAccount()
    await forgot(email)
    const older = linkToken(email)
    await forgot(email)
    const newer = linkToken(email)
    expect(newer).not.toBe(older)
    expect((await reset(older)).statusCode).toBe(400)
    expect((await reset(newer)).statusCode).toBe(200)
  })

  it('refuses a made-up token like a used one', async () => {
    const res = await reset('a'.repeat(43))
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/expired or was already used/)
  })

  it('refuses a weak password with 400 and keeps the link', async () => {
    const { email } = await addAccount()
    await forgot(email)
    const token = linkToken(email)
    const weak = await reset(token, 'password')
    expect(weak.statusCode).toBe(400)
    expect(weak.json().errors).toContainEqual({
      path: 'newPassword',
      message: 'New password is too weak: use letters and at least one number',
    })
    expect((await reset(token, 'short1')).statusCode).toBe(400)
    expect((await reset(token, 'Strong123pass')).statusCode).toBe(200)
  })
})

describe('purging expired rows', () => {
  it('deletes expired reset links, sessions and old sign-up codes, and keeps live ones', async () => {
    const { id, email, password } = await addAccount()
    await login(email, password)
    await forgot(email)
    const db = t.database.db
    await db.insert(otpRequests).values({
      email,
      codeHash: '',
      pending: {},
      expiresAt: clock.now(),
      createdAt: clock.now(),
    })
    await purgeExpiredAuthRows(db, clock.now())
    expect(
      await db.select().from(passwordResets).where(eq(passwordResets.userId, id)),
    ).toHaveLength(1)
    expect(await db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(1)
    await purgeExpiredAuthRows(db, new Date(clock.now().getTime() + 31 * 86_400_000))
    expect(
      await db.select().from(passwordResets).where(eq(passwordResets.userId, id)),
    ).toHaveLength(0)
    expect(await db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(0)
    expect(await db.select().from(otpRequests).where(eq(otpRequests.email, email))).toHaveLength(0)
  })
})

// Issue 31.5: the reset page says what its link is worth before it shows the form.
describe('POST /api/auth/reset-password/check', () => {
  const check = (token: string) => post('/api/auth/reset-password/check', { token })

  it('tells a live link from a used, a replaced, an expired and a made-up one, and uses none up', async () => {
    const { email } = await addAccount()
    await forgot(email)
    const first = linkToken(email)
    expect((await check(first)).json()).toEqual({ success: true, state: 'valid', message: '' })
    // Checking twice leaves it working: only setting the password uses it up.
    expect((await check(first)).json().state).toBe('valid')
    await forgot(email)
    const second = linkToken(email)
    const replaced = (await check(first)).json()
    expect(replaced.state).toBe('used')
    expect(replaced.message).toBe(
      'This reset link was already used, or a newer one was sent. Please ask for a new one.',
    )
    expect((await reset(second)).statusCode).toBe(200)
    expect((await check(second)).json().state).toBe('used')

    const other = await addAccount()
    await forgot(other.email)
    const late = linkToken(other.email)
    clock.advance(20 * 60_000 + 1000)
    expect((await check(late)).json()).toEqual({
      success: true,
      state: 'expired',
      message: 'This reset link has expired. Please ask for a new one.',
    })
    expect((await check('made-up-token')).json()).toEqual({
      success: true,
      state: 'invalid',
      message: 'This reset link has expired or was already used. Please ask for a new one.',
    })
    expect((await check('')).statusCode).toBe(400)
  })
})
