import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import {
  registrationToken,
  sessionCookie,
  sessionCookieFor,
  shopperDetails,
} from '../../../test/auth'
import { createClock } from '../../../test/clock'
import { createUser } from '../../../test/factories'
import { startFakeGupshup } from '../../../test/fakes/gupshup'
import { outbox, users } from '../../db/schema'
import { createSession } from './sessions'
import { createGupshupSms } from '../../sms/gupshup'
import { MOBILE_CODE_SENT } from './mobile-sign-in'

const TEMPLATE = '1107170000000000009'
const templates = {
  signup_otp: '1107170000000000001',
  sign_in_otp: TEMPLATE,
  mobile_verify_otp: TEMPLATE,
  order_placed: TEMPLATE,
  shipped: TEMPLATE,
  out_for_delivery: TEMPLATE,
  delivered: TEMPLATE,
  refund_completed: TEMPLATE,
}

let ctx: TestContext
let fake: Awaited<ReturnType<typeof startFakeGupshup>>
const clock = createClock()
let ip = 1

beforeAll(async () => {
  fake = await startFakeGupshup()
  const sms = createGupshupSms({
    userId: fake.creds.userid,
    password: fake.creds.password,
    url: fake.url,
    dlt: { entityId: '1101600000000012345', header: 'TCHBZR', templates },
  })
  ctx = await createTestApp({ deps: { now: clock.now, sms } })
})
afterAll(async () => {
  await ctx.close()
  await fake.close()
})
// Each test from an address of its own: the per-address limits are tested on purpose below.
beforeEach(() => {
  ip += 1
  clock.advance(3_600_000)
})

const remoteAddress = () => `10.9.0.${ip}`

/** The code in the newest SMS the gateway received for `mobile`. */
async function smsCode(mobile: string): Promise<string> {
  await ctx.app.deps.jobs.drain()
  const sms = fake.received.findLast((m) => m.send_to === `91${mobile}`)
  const code = sms?.msg?.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error(`no SMS to ${mobile}`)
  return code
}

const requestCode = (mobile: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/mobile/request-otp',
    payload: { mobile },
    remoteAddress: remoteAddress(),
  })
const verify = (mobile: string, otp: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/mobile/verify',
    payload: { mobile, otp },
    remoteAddress: remoteAddress(),
  })

/** A shopper who finished sign-up with the code from the SMS: their mobile is verified. */
async function shopperWithVerifiedMobile(mobile: string) {
  const details = shopperDetails({ mobile })
  const step1 = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: details,
    remoteAddress: remoteAddress(),
  })
  const sms = fake.received.length
  const code = await smsCode(mobile)
  expect(fake.received.length).toBe(sms + 1)
  expect(fake.received.at(-1)).toMatchObject({ dltTemplateId: templates.signup_otp })
  const step2 = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/verifyOtp',
    payload: { registrationToken: registrationToken(step1), otp: code },
  })
  expect(step2.statusCode).toBe(201)
  return { email: details.email.toLowerCase(), id: step2.json().user.id as string }
}

describe('sign-up code by SMS', () => {
  it('completes the sign-up and marks the mobile verified; the mailed code does not', async () => {
    const { id } = await shopperWithVerifiedMobile('9812300001')
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id))
    expect(row?.mobileVerifiedAt).toBeInstanceOf(Date)
  })

  it('moves the verification to the newest account that proved the number', async () => {
    const first = await shopperWithVerifiedMobile('9812300002')
    const second = await shopperWithVerifiedMobile('9812300002')
    const rows = await ctx.database.db
      .select({ id: users.id, verified: users.mobileVerifiedAt })
      .from(users)
      .where(eq(users.mobile, '9812300002'))
    const verified = rows.filter((r) => r.verified).map((r) => r.id)
    expect(verified).toEqual([second.id])
    expect(verified).not.toContain(first.id)
  })
})

describe('sign in with mobile number', () => {
  it('sends a code to a verified mobile and signs in with it, as the password does', async () => {
    const { email } = await shopperWithVerifiedMobile('9812300010')
    const asked = await requestCode('+91 98123 00010')
    expect(asked.statusCode).toBe(200)
    expect(asked.json()).toEqual({ success: true, message: MOBILE_CODE_SENT })
    const code = await smsCode('9812300010')
    expect(fake.received.at(-1)).toMatchObject({
      dltTemplateId: TEMPLATE,
      principalEntityId: '1101600000000012345',
      mask: 'TCHBZR',
    })
    const signedIn = await verify('9812300010', code)
    expect(signedIn.statusCode).toBe(200)
    expect(signedIn.json().user.email).toBe(email)
    expect(signedIn.cookies.map((c) => c.name)).toContain('device')
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/check-auth',
      headers: { cookie: sessionCookie(signedIn) },
    })
    expect(me.json().user.email).toBe(email)
    // Used once: the same code again is refused.
    expect((await verify('9812300010', code)).statusCode).toBe(400)
  })

  it('answers an unknown or unverified number exactly as a known one, and sends nothing', async () => {
    // An account with the number, never verified (registered before SMS, or with the mailed code).
    await createUser(ctx.database.db, { mobile: '9812300020' })
    const sent = fake.received.length
    for (const mobile of ['9812300020', '9812300029']) {
      const res = await requestCode(mobile)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ success: true, message: MOBILE_CODE_SENT })
    }
    await ctx.app.deps.jobs.drain()
    expect(fake.received.length).toBe(sent)
    const guess = await verify('9812300029', '123456')
    expect(guess.statusCode).toBe(400)
    expect(guess.json().message).toMatch(/^Invalid OTP\. \d tries left\.$/)
  })

  it('counts wrong codes down and then refuses even the right one', async () => {
    await shopperWithVerifiedMobile('9812300030')
    await requestCode('9812300030')
    const code = await smsCode('9812300030')
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    const first = await verify('9812300030', wrong)
    expect(first.statusCode).toBe(400)
    expect(first.json().message).toBe('Invalid OTP. 4 tries left.')
    for (let i = 0; i < 4; i++) await verify('9812300030', wrong)
    const last = await verify('9812300030', code)
    expect(last.statusCode).toBe(400)
    expect(last.json().message).toBe('Too many wrong codes. Please request a new OTP.')
  })

  it('refuses a code after its ten minutes', async () => {
    await shopperWithVerifiedMobile('9812300040')
    await requestCode('9812300040')
    const code = await smsCode('9812300040')
    clock.advance(10 * 60_000 + 1000)
    const late = await verify('9812300040', code)
    expect(late.statusCode).toBe(400)
    expect(late.json().message).toBe('OTP has expired. Please request a new one.')
  })

  it('limits requests per number (one a minute, five an hour) and per address', async () => {
    const first = await requestCode('9812300050')
    expect(first.statusCode).toBe(200)
    const again = await requestCode('9812300050')
    expect(again.statusCode).toBe(429)
    expect(again.json().message).toMatch(/^Please wait \d+ seconds/)
    for (let i = 0; i < 4; i++) {
      clock.advance(61_000)
      ip += 1
      expect((await requestCode('9812300050')).statusCode).toBe(200)
    }
    clock.advance(61_000)
    expect((await requestCode('9812300050')).statusCode).toBe(429)
    // One address asking for many numbers.
    ip += 1
    const limit = ctx.app.deps.config.registerPerIpPerHour
    const answers: number[] = []
    for (let i = 0; i <= limit; i++) {
      answers.push((await requestCode(`97${String(i).padStart(8, '0')}`)).statusCode)
    }
    expect(answers.slice(0, limit).every((s) => s === 200)).toBe(true)
    expect(answers.at(-1)).toBe(429)
  })
})

describe('order messages by SMS through the outbox', () => {
  it('are retried after an outage and delivered with their DLT fields', async () => {
    fake.failNext(1)
    const [queued] = await ctx.database.db
      .insert(outbox)
      .values({
        kind: 'sms',
        payload: { sms: { to: '9812300060', kind: 'delivered', text: 'Delivered.' } },
      })
      .returning({ id: outbox.id })
    await ctx.app.deps.jobs.drain()
    const [pending] = await ctx.database.db.select().from(outbox).where(eq(outbox.id, queued!.id))
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 })
    expect(pending?.lastError).toContain('HTTP 503')
    clock.advance(ctx.app.deps.config.jobs.retryMaxMs * 2)
    await ctx.app.deps.jobs.drain()
    const rows = await ctx.database.db.select().from(outbox).where(eq(outbox.id, queued!.id))
    expect(rows[0]).toMatchObject({ status: 'done', attempts: 2 })
    expect(fake.received.at(-1)).toMatchObject({
      send_to: '919812300060',
      dltTemplateId: TEMPLATE,
      mask: 'TCHBZR',
    })
  })
})

describe('verifying an older account’s mobile from the account page', () => {
  /** A shopper made before sign-up codes went by SMS: a mobile, never verified. */
  async function olderShopper(mobile: string) {
    const user = await createUser(ctx.database.db, { mobile })
    const token = await createSession(ctx.database.db, {
      userId: user.id,
      days: 1,
      now: clock.now(),
    })
    const cookie = sessionCookieFor(ctx.app, token)
    const post = (url: string, payload?: object) =>
      ctx.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { cookie },
        remoteAddress: remoteAddress(),
      })
    return { user, post }
  }

  it('sends a code to the account’s own number; the right code verifies it, and sign-in by mobile works', async () => {
    const { user, post } = await olderShopper('9812300140')
    expect((await requestCode('9812300140')).statusCode).toBe(200)
    await ctx.app.deps.jobs.drain()
    expect(fake.received.filter((m) => m.send_to === '919812300140').map((m) => m.msg)).toEqual([])

    // The number's limits are one budget whatever the code is for: a minute's gap first.
    clock.advance(61_000)
    const asked = await post('/api/account/mobile/request-otp')
    expect(asked.statusCode).toBe(200)
    expect(asked.json().message).toMatch(/^A code is on its way by SMS to 9812300140/)
    const code = await smsCode('9812300140')
    expect(fake.received.at(-1)).toMatchObject({ dltTemplateId: TEMPLATE })
    expect(fake.received.at(-1)?.msg).toMatch(/code to verify this mobile number/)

    const wrong = await post('/api/account/mobile/verify', {
      otp: code === '111111' ? '222222' : '111111',
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().message).toBe('Invalid OTP. 4 tries left.')
    const right = await post('/api/account/mobile/verify', { otp: code })
    expect(right.statusCode).toBe(200)
    expect(right.json()).toMatchObject({ mobile: '9812300140', mobileVerified: true })
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id))
    expect(row?.mobileVerifiedAt).toBeInstanceOf(Date)

    // Verified: asking again is refused, and the number now signs in.
    expect((await post('/api/account/mobile/request-otp')).statusCode).toBe(409)
    clock.advance(61_000)
    await requestCode('9812300140')
    const signIn = await verify('9812300140', await smsCode('9812300140'))
    expect(signIn.statusCode).toBe(200)
    expect(signIn.json().user.email).toBe(user.email)
  })

  it('takes the number from another account that had it verified, as sign-up does', async () => {
    const earlier = await shopperWithVerifiedMobile('9812300141')
    const { user, post } = await olderShopper('9812300141')
    await post('/api/account/mobile/request-otp')
    const right = await post('/api/account/mobile/verify', { otp: await smsCode('9812300141') })
    expect(right.statusCode).toBe(200)
    const rows = await ctx.database.db
      .select({ id: users.id, verified: users.mobileVerifiedAt })
      .from(users)
      .where(eq(users.mobile, '9812300141'))
    expect(rows.filter((r) => r.verified).map((r) => r.id)).toEqual([user.id])
    expect(rows.map((r) => r.id)).toContain(earlier.id)
  })

  it('refuses a code not asked for, and an account without a mobile', async () => {
    const { post } = await olderShopper('9812300142')
    const unasked = await post('/api/account/mobile/verify', { otp: '123456' })
    expect(unasked.statusCode).toBe(400)
    expect(unasked.json().message).toBe('Please ask for a code first.')
    const none = await olderShopper('9812300143')
    await ctx.database.db.update(users).set({ mobile: null }).where(eq(users.id, none.user.id))
    const asked = await none.post('/api/account/mobile/request-otp')
    expect(asked.statusCode).toBe(400)
    expect(asked.json().message).toBe('Your account has no mobile number to verify.')
  })

  it('keeps the per-number limit: a second code within a minute is refused', async () => {
    const { post } = await olderShopper('9812300144')
    expect((await post('/api/account/mobile/request-otp')).statusCode).toBe(200)
    const again = await post('/api/account/mobile/request-otp')
    expect(again.statusCode).toBe(429)
  })
})
