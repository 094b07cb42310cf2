import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users, vendorProfiles } from '../../db/schema'
import { createTestApp, type TestContext } from '../../../test/app'
import {
  otpFromOutbox,
  registerShopper,
  registrationToken,
  shopperDetails,
} from '../../../test/auth'
import { createClock } from '../../../test/clock'
import { setVendorStatus } from '../vendors/vendors.service'

// Issue 12, items 1, 5 and 8: the sign-up flow as an attacker would use it.
let t: TestContext
const clock = createClock()
const MAX_ATTEMPTS = 5

beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
})
afterAll(() => t.close())

let lastIp = 0
/** Each test from addresses of its own: registration is limited per IP. */
const freshIp = () => `10.12.${Math.floor(++lastIp / 250)}.${lastIp % 250}`

const post = (url: string, payload: unknown, ip = freshIp()) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip })
const register = (details: Record<string, unknown>, ip?: string) =>
  post('/api/auth/register', details, ip)
const verify = (registrationToken: string, otp: string, ip?: string) =>
  post('/api/auth/verifyOtp', { registrationToken, otp }, ip)
const login = (email: string, password: string) => post('/api/auth/login', { email, password })
const accountsFor = (email: string) =>
  t.database.db.select().from(users).where(eq(users.email, email))
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')
const mailsTo = (email: string) => t.app.deps.mailer.outbox().filter((m) => m.to === email)

describe('a sign-up is bound to the browser that started it (item 1)', () => {
  it('a later sign-up for the same email cannot take over the victim’s account', async () => {
    const victim = shopperDetails({ userName: 'Victim', password: 'Victim123' })
    const victimToken = registrationToken(await register(victim))
    const victimCode = otpFromOutbox(t.app, victim.email)

    clock.advance(61_000)
    const attacker = {
      ...victim,
      userName: 'Attacker',
      password: 'Attack123',
      mobile: '9000000001',
    }
    const attackerStep1 = await register(attacker)
    expect(attackerStep1.statusCode).toBe(200)
    const attackerToken = registrationToken(attackerStep1)
    expect(attackerToken).not.toBe(victimToken)
    // The newest code in the victim's mailbox belongs to the attacker's sign-up.
    const attackerCode = otpFromOutbox(t.app, victim.email)

    // A code completes only the sign-up it was sent for, whoever holds it.
    expect((await verify(attackerToken, victimCode)).statusCode).toBe(400)
    expect((await verify(victimToken, attackerCode)).statusCode).toBe(400)
    // Without the token (the old body) nothing happens.
    const noToken = await post('/api/auth/verifyOtp', { ...victim, otp: victimCode })
    expect(noToken.statusCode).toBe(400)
    expect(await accountsFor(victim.email)).toHaveLength(0)

    const created = await verify(victimToken, victimCode)
    expect(created.statusCode).toBe(201)
    expect(created.json().user).toMatchObject({ userName: 'Victim', mobile: '9845012345' })
    expect((await login(victim.email, 'Victim123')).statusCode).toBe(200)
    expect((await login(victim.email, 'Attack123')).statusCode).toBe(401)

    // The attacker's own sign-up can never create or change the account.
    const late = await verify(attackerToken, attackerCode)
    expect(late.statusCode).toBe(409)
    const [account] = await accountsFor(victim.email)
    expect(account).toMatchObject({ userName: 'Victim', mobile: '9845012345' })
    expect((await login(victim.email, 'Victim123')).statusCode).toBe(200)
  })

  it('a resend mails a new code for the same sign-up; only the newest code works', async () => {
    const details = shopperDetails({ userName: 'Resender' })
    const token = registrationToken(await register(details))
    const first = otpFromOutbox(t.app, details.email)
    const early = await post('/api/auth/resendOtp', { registrationToken: token })
    expect(early.statusCode).toBe(429)

    clock.advance(61_000)
    // Someone else starts a sign-up for the same email in between: it changes nothing.
    registrationToken(await register({ ...details, userName: 'Intruder', password: 'Other1234' }))
    clock.advance(61_000)
    const resent = await post('/api/auth/resendOtp', { registrationToken: token })
    expect(resent.statusCode).toBe(200)
    expect(resent.json()).toEqual({
      success: true,
      message: `OTP sent to ${details.email}. It is valid for 10 minutes.`,
    })
    const second = otpFromOutbox(t.app, details.email)
    if (second !== first) expect((await verify(token, first)).statusCode).toBe(400)
    const created = await verify(token, second)
    expect(created.statusCode).toBe(201)
    expect(created.json().user.userName).toBe('Resender')
  })

  it('refuses a resend or a verification with an unknown token', async () => {
    const unknown = 'x'.repeat(43)
    expect((await post('/api/auth/resendOtp', { registrationToken: unknown })).statusCode).toBe(400)
    expect((await post('/api/auth/resendOtp', {})).statusCode).toBe(400)
    expect((await post('/api/auth/verifyOtp', { otp: '123456' })).statusCode).toBe(400)
  })
})

describe('registration says nothing about who has an account (item 5)', () => {
  it('answers a taken email like a new one, mails its owner instead, and step 2 fails', async () => {
    const { details: owner } = await registerShopper(t.app)
    const mailsBefore = mailsTo(owner.email).length
    clock.advance(61_000)

    const fresh = shopperDetails()
    const ipNew = freshIp()
    const ipTaken = freshIp()
    const startedNew = performance.now()
    const answerNew = await register(fresh, ipNew)
    const tookNew = performance.now() - startedNew
    const startedTaken = performance.now()
    const answerTaken = await register(
      { ...owner, userName: 'Someone Else', password: 'Other1234' },
      ipTaken,
    )
    const tookTaken = performance.now() - startedTaken

    expect(answerTaken.statusCode).toBe(answerNew.statusCode)
    const shape = (body: { message: string; registrationToken: string }, email: string) => ({
      ...body,
      message: body.message.replace(email, '<email>'),
      registrationToken: body.registrationToken.length,
    })
    expect(shape(answerTaken.json(), owner.email)).toEqual(shape(answerNew.json(), fresh.email))
    // Both hash the password and write a pending sign-up: the same order of magnitude.
    expect(tookTaken).toBeGreaterThan(tookNew / 10)
    expect(tookTaken).toBeLessThan(tookNew * 10 + 50)

    const notices = mailsTo(owner.email).slice(mailsBefore)
    expect(notices).toHaveLength(1)
    expect(notices[0]!.subject).toMatch(/sign-up with your email/i)
    expect(notices[0]!.text).toMatch(/sign in/i)
    expect(notices[0]!.text).not.toMatch(/\b\d{6}\b/)

    // Step 2 of the taken email fails like any wrong code; the account stays as it was.
    const token = registrationToken(answerTaken)
    const wrongNew = await verify(registrationToken(answerNew), '000000')
    const guessTaken = await verify(token, '000000')
    expect(guessTaken.statusCode).toBe(wrongNew.statusCode)
    expect(guessTaken.json()).toEqual(wrongNew.json())
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      expect((await verify(token, String(i).padStart(6, '0'))).statusCode).toBe(400)
    }
    const accounts = await accountsFor(owner.email)
    expect(accounts).toHaveLength(1)
    expect(accounts[0]!.userName).toBe('Kavya Nair')
    expect((await login(owner.email, 'Secret123')).statusCode).toBe(200)
  })

  it('limits registration per IP, taken emails included', async () => {
    const { details: owner } = await registerShopper(t.app)
    const ip = freshIp()
    // The default limit is 30 an hour per IP (REGISTER_PER_IP_PER_HOUR).
    for (let i = 0; i < 30; i++) {
      expect((await register(shopperDetails(), ip)).statusCode).toBe(200)
    }
    const over = await register({ ...owner, userName: 'Prober' }, ip)
    expect(over.statusCode).toBe(429)
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0)
    expect((await register(shopperDetails(), ip)).statusCode).toBe(429)
  })

  it('answers an unknown sign-up exactly like a wrong code', async () => {
    const details = shopperDetails()
    const token = registrationToken(await register(details))
    const code = otpFromOutbox(t.app, details.email)
    const wrong = await verify(token, otherCode(code))
    const unknown = await verify('y'.repeat(43), otherCode(code))
    expect(wrong.statusCode).toBe(400)
    expect(unknown.statusCode).toBe(wrong.statusCode)
    expect(unknown.json()).toEqual(wrong.json())
    // A used sign-up is no longer pending either.
    expect((await verify(token, code)).statusCode).toBe(201)
    const replay = await verify(token, code)
    expect(replay.statusCode).toBe(400)
    expect(replay.json().message).toMatch(/^Invalid OTP\./)
  })

  it('a GSTIN typed into a pending sign-up reserves nothing: the approved seller holds it', async () => {
    const gst = '29AAGCB7383J1Z4'
    const seller = (name: string) =>
      shopperDetails({ userName: name, role: 'admin', type: 'vendor', gstNumber: gst })
    // The squatter signs up first and verifies: it is a pending seller, nothing more.
    const squatter = seller('Squatter')
    const squatterToken = registrationToken(await register(squatter))
    const squatterAccount = await verify(squatterToken, otpFromOutbox(t.app, squatter.email))
    expect(squatterAccount.statusCode).toBe(201)

    // The real company is not refused, and its answer is a new sign-up's: nothing tells that
    // the GSTIN was typed before.
    const owner = seller('Real Owner')
    const ownerStep = await register(owner)
    const fresh = await register(
      shopperDetails({ role: 'admin', type: 'vendor', gstNumber: '27AAPFU0939F1ZV' }),
    )
    expect(ownerStep.statusCode).toBe(fresh.statusCode)
    expect(Object.keys(ownerStep.json()).sort()).toEqual(Object.keys(fresh.json()).sort())
    const created = await verify(registrationToken(ownerStep), otpFromOutbox(t.app, owner.email))
    expect(created.statusCode).toBe(201)

    // The admin approves the owner; approving the squatter then answers 409.
    const [ownerProfile, squatterProfile] = await Promise.all(
      [created, squatterAccount].map(async (res) => {
        const [row] = await t.database.db
          .select()
          .from(vendorProfiles)
          .where(eq(vendorProfiles.userId, res.json().user._id))
        return row!
      }),
    )
    await setVendorStatus(
      t.database.db,
      t.app.deps.gstn,
      ownerProfile!.userId,
      'Approved',
      new Date(),
    )
    await expect(
      setVendorStatus(
        t.database.db,
        t.app.deps.gstn,
        squatterProfile!.userId,
        'Approved',
        new Date(),
      ),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'Another approved seller holds this GST Number',
    })
  })

  it('two pending sign-ups verified at once: two pending sellers; one email twice: a clean 409', async () => {
    const gst = '27AAPFU0939F1ZV'
    const a = shopperDetails({ role: 'admin', type: 'vendor', gstNumber: gst })
    const b = shopperDetails({ role: 'admin', type: 'vendor', gstNumber: gst })
    const tokenA = registrationToken(await register(a))
    const codeA = otpFromOutbox(t.app, a.email)
    const tokenB = registrationToken(await register(b))
    const codeB = otpFromOutbox(t.app, b.email)
    const answers = await Promise.all([verify(tokenA, codeA), verify(tokenB, codeB)])
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201])

    // The same for one email started twice (two tabs): the second verification is a 409.
    const same = shopperDetails()
    const first = registrationToken(await register(same))
    const firstCode = otpFromOutbox(t.app, same.email)
    clock.advance(61_000)
    const second = registrationToken(await register(same))
    const secondCode = otpFromOutbox(t.app, same.email)
    const both = await Promise.all([verify(first, firstCode), verify(second, secondCode)])
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409])
    expect(await accountsFor(same.email)).toHaveLength(1)
  })
})

describe('the OTP attempt limit holds under concurrency (item 8)', () => {
  it('compares at most the limit of codes from many parallel guesses, and then none', async () => {
    const details = shopperDetails()
    const token = registrationToken(await register(details))
    const code = otpFromOutbox(t.app, details.email)
    const guesses = Array.from({ length: 40 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    )
    // Each from its own address, so the route's per-IP limit does not hide the race.
    const answers = await Promise.all([
      ...guesses.map((guess) => verify(token, guess)),
      verify(token, code),
    ])
    const tooMany = (r: (typeof answers)[number]) => /Too many wrong codes/.test(r.body)
    const compared = answers.filter((r) => !tooMany(r))
    expect(compared.length).toBeLessThanOrEqual(MAX_ATTEMPTS)
    expect(answers.filter(tooMany).length).toBeGreaterThanOrEqual(41 - MAX_ATTEMPTS)
    const right = answers.at(-1)!
    const accounts = await accountsFor(details.email)
    expect(accounts).toHaveLength(right.statusCode === 201 ? 1 : 0)

    // After the limit the right code never creates the account.
    const after = await verify(token, code)
    expect(after.statusCode).toBeGreaterThanOrEqual(400)
    expect(await accountsFor(details.email)).toHaveLength(accounts.length)
  })

  it('the right code after the limit is used up creates nothing', async () => {
    const details = shopperDetails()
    const token = registrationToken(await register(details))
    const code = otpFromOutbox(t.app, details.email)
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        verify(token, String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0')),
      ),
    )
    const right = await verify(token, code)
    expect(right.statusCode).toBe(400)
    expect(right.json().message).toMatch(/Too many wrong codes/)
    expect(await accountsFor(details.email)).toHaveLength(0)
  })
})

describe('the sign-up limits are settings', () => {
  let small: TestContext
  beforeAll(async () => {
    small = await createTestApp({ env: { REGISTER_PER_IP_PER_HOUR: '2', OTP_MAX_ATTEMPTS: '2' } })
  })
  afterAll(() => small.close())

  it('takes REGISTER_PER_IP_PER_HOUR and OTP_MAX_ATTEMPTS from the environment', async () => {
    const send = (url: string, payload: object) =>
      small.app.inject({ method: 'POST', url, payload, remoteAddress: '10.13.0.1' })
    const details = shopperDetails()
    const token = registrationToken(await send('/api/auth/register', details))
    const code = otpFromOutbox(small.app, details.email)
    expect((await send('/api/auth/register', shopperDetails())).statusCode).toBe(200)
    expect((await send('/api/auth/register', shopperDetails())).statusCode).toBe(429)

    const wrong = await send('/api/auth/verifyOtp', {
      registrationToken: token,
      otp: otherCode(code),
    })
    expect(wrong.json().message).toBe('Invalid OTP. 1 try left.')
    await send('/api/auth/verifyOtp', { registrationToken: token, otp: otherCode(code) })
    const right = await send('/api/auth/verifyOtp', { registrationToken: token, otp: code })
    expect(right.json().message).toMatch(/Too many wrong codes/)
  })
})
