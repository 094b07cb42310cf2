import { Redis } from 'ioredis'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { users } from '../../db/schema'
import type * as password from '../../lib/password'
import { hashPassword, verifyPassword } from '../../lib/password'
import { createTestApp, type TestContext } from '../../../test/app'
import { sessionCookie } from '../../../test/auth'

// Every password check really runs argon2; the spy only counts them.
vi.mock('../../lib/password', async (importOriginal) => {
  const real = await importOriginal<typeof password>()
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) }
})
const checks = vi.mocked(verifyPassword)

/** Limits other than the defaults, so the test also proves they are read from the environment. */
const env = {
  LOGIN_MAX_FAILURES_PER_ACCOUNT: '7',
  LOGIN_MAX_FAILURES_PER_DEVICE: '4',
  LOGIN_MAX_FAILURES_PER_IP: '40',
}
const PER_ACCOUNT = 7
const PER_DEVICE = 4

async function addAccount(t: TestContext, password = 'Right123') {
  const email = `limit-${crypto.randomUUID().slice(0, 8)}@example.in`
  const [user] = await t.database.db
    .insert(users)
    .values({
      userName: 'Limit User',
      email,
      passwordHash: await hashPassword(password),
      role: 'user',
      type: 'user',
    })
    .returning({ id: users.id })
  return { id: user!.id, email, password }
}

const post = (
  t: TestContext,
  url: string,
  payload: object,
  ip: string,
  headers: Record<string, string> = {},
) => t.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers })

/** Only the password checks made for `password` count (sign-ins of other tests run alongside). */
const checksOf = (password: string) => checks.mock.calls.filter(([, plain]) => plain === password)

function provesTheRaceIsClosed(make: () => Promise<TestContext>) {
  let t: TestContext
  beforeAll(async () => {
    t = await make()
  })
  afterAll(() => t.close())
  beforeEach(() => checks.mockClear())

  it('checks at most the configured number of passwords when 300 wrong ones and the right one arrive at once', async () => {
    const { email, password } = await addAccount(t)
    const wrong = Array.from({ length: 300 }, (_, i) => `Wrong${i}abc`)
    const guesses = [...wrong.slice(0, 150), password, ...wrong.slice(150)]
    const answers = await Promise.all(
      guesses.map((guess) => post(t, '/api/auth/login', { email, password: guess }, '10.50.0.1')),
    )
    const wrongChecked = checks.mock.calls.filter(([, plain]) => wrong.includes(plain)).length
    const codes = answers.map((a) => a.statusCode)
    expect(wrongChecked).toBeLessThanOrEqual(PER_ACCOUNT)
    expect(codes.filter((c) => c === 401)).toHaveLength(wrongChecked)
    expect(codes.filter((c) => c === 200).length).toBe(checksOf(password).length)
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(300 - PER_ACCOUNT)
    for (const a of answers.filter((r) => r.statusCode === 429)) {
      expect(Number(a.headers['retry-after'])).toBeGreaterThan(0)
    }
  }, 120_000)

  it('limits wrong current passwords at change-password the same way', async () => {
    const { email, password } = await addAccount(t)
    const cookie = sessionCookie(await post(t, '/api/auth/login', { email, password }, '10.50.1.1'))
    const wrong = Array.from({ length: 60 }, (_, i) => `Wrong${i}xyz`)
    const answers = await Promise.all(
      wrong.map((guess) =>
        post(
          t,
          '/api/auth/change-password',
          { currentPassword: guess, newPassword: 'Fresh4567' },
          '10.50.1.2',
          { cookie },
        ),
      ),
    )
    const checked = checks.mock.calls.filter(([, plain]) => wrong.includes(plain)).length
    expect(checked).toBeLessThanOrEqual(PER_ACCOUNT)
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(checked)
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(60 - checked)
  }, 60_000)

  it('gives the attempt back on success: the right password never uses up the budget', async () => {
    const { email, password } = await addAccount(t)
    for (let i = 0; i < PER_ACCOUNT + 3; i++) {
      const ok = await post(t, '/api/auth/login', { email, password }, '10.50.2.1')
      expect(ok.statusCode).toBe(200)
    }
    for (let i = 0; i < PER_ACCOUNT; i++) {
      const res = await post(t, '/api/auth/login', { email, password: 'Nope1234' }, `10.50.3.${i}`)
      expect(res.statusCode).toBe(401)
    }
  }, 60_000)
}

describe('sign-in attempts are taken before the password is checked (in-memory counters)', () => {
  provesTheRaceIsClosed(() => createTestApp({ env }))
})

describe.runIf(process.env.TEST_REDIS_URL)(
  'sign-in attempts are taken before the password is checked (Redis counters)',
  () => {
    let redis: Redis
    afterAll(() => redis.quit())
    provesTheRaceIsClosed(async () => {
      redis = new Redis(process.env.TEST_REDIS_URL ?? '')
      return createTestApp({ env, deps: { redis } })
    })
  },
)

describe('a device that signed in before (device cookie)', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await createTestApp({ env })
  })
  afterAll(() => t.close())

  const deviceCookieOf = (res: { cookies: { name: string; value: string }[] }) => {
    const cookie = res.cookies.find((c) => c.name === 'device')
    if (!cookie) throw new Error('no device cookie')
    return `device=${cookie.value}`
  }
  /** Locks the account the way an attacker would: wrong passwords from many addresses. */
  async function lock(email: string) {
    for (let i = 0; i < PER_ACCOUNT; i++) {
      const res = await post(t, '/api/auth/login', { email, password: 'Guess1234' }, `10.60.9.${i}`)
      expect(res.statusCode).toBe(401)
    }
  }

  it('is set at every sign-in: signed, httpOnly, SameSite=Lax, for a year', async () => {
    const { email, password } = await addAccount(t)
    const res = await post(t, '/api/auth/login', { email, password }, '10.60.0.1')
    const cookie = res.cookies.find((c) => c.name === 'device')
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: 365 * 86_400,
    })
    expect(cookie!.secure).toBeFalsy()
    // Signing in again from the same browser keeps its device id.
    const again = await post(t, '/api/auth/login', { email, password }, '10.60.0.1', {
      cookie: deviceCookieOf(res),
    })
    expect(deviceCookieOf(again)).toBe(deviceCookieOf(res))
  })

  it('lets the owner in on a locked account, while an unknown device gets 429', async () => {
    const { email, password } = await addAccount(t)
    const device = deviceCookieOf(
      await post(t, '/api/auth/login', { email, password }, '10.60.1.1'),
    )
    await lock(email)
    const unknown = await post(t, '/api/auth/login', { email, password }, '10.60.1.2')
    expect(unknown.statusCode).toBe(429)
    const owner = await post(t, '/api/auth/login', { email, password }, '10.60.1.1', {
      cookie: device,
    })
    expect(owner.statusCode).toBe(200)
    expect(owner.cookies.find((c) => c.name === 'session')).toBeDefined()
  })

  it('limits a known device by its own count', async () => {
    const { email, password } = await addAccount(t)
    const device = deviceCookieOf(
      await post(t, '/api/auth/login', { email, password }, '10.60.2.1'),
    )
    await lock(email)
    for (let i = 0; i < PER_DEVICE; i++) {
      const res = await post(
        t,
        '/api/auth/login',
        { email, password: `Bad${i}5678` },
        '10.60.2.1',
        {
          cookie: device,
        },
      )
      expect(res.statusCode).toBe(401)
    }
    const limited = await post(t, '/api/auth/login', { email, password }, '10.60.2.1', {
      cookie: device,
    })
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('ignores a forged device cookie and one of another account', async () => {
    const victim = await addAccount(t)
    const other = await addAccount(t)
    const device = deviceCookieOf(
      await post(
        t,
        '/api/auth/login',
        { email: victim.email, password: victim.password },
        '10.60.3.1',
      ),
    )
    const othersDevice = deviceCookieOf(
      await post(
        t,
        '/api/auth/login',
        { email: other.email, password: other.password },
        '10.60.3.2',
      ),
    )
    await lock(victim.email)
    const [name, value] = device.split('=') as [string, string]
    const [deviceId, userId, mac] = value.split('.') as [string, string, string]
    const forgeries = [
      othersDevice,
      `${name}=${deviceId}.${userId}.${mac.slice(0, -2)}AA`,
      `${name}=${deviceId}.${other.id}.${mac}`,
      `${name}=garbage`,
    ]
    for (const cookie of forgeries) {
      const res = await post(
        t,
        '/api/auth/login',
        { email: victim.email, password: victim.password },
        '10.60.3.3',
        { cookie },
      )
      expect(res.statusCode).toBe(429)
    }
  })
})
