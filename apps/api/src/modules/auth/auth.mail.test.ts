import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { users } from '../../db/schema'
import { hashPassword } from '../../lib/password'
import { createTestApp, type TestContext } from '../../../test/app'
import { registrationToken, shopperDetails } from '../../../test/auth'
import { startSmtpServer } from '../../../test/smtp'

let t: TestContext
let smtp: Awaited<ReturnType<typeof startSmtpServer>>

beforeAll(async () => {
  smtp = await startSmtpServer()
  t = await createTestApp({ env: { SMTP_URL: smtp.url, SHOP_NAME: 'TechBazaar' } })
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})

describe('OTP by email over SMTP', () => {
  it('mails the code with the shop name and expiry, and the code completes registration', async () => {
    const details = shopperDetails()
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: details })
    expect(res.statusCode).toBe(200)
    const mail = smtp.received.find((m) => m.to.includes(details.email))
    expect(mail).toBeDefined()
    expect(mail!.subject).toMatch(/^\d{6} is your TechBazaar verification code$/)
    expect(mail!.text).toMatch(/expires in 10 minutes/)
    expect(mail!.html).toMatch(/expires in 10 minutes/)
    expect(t.app.deps.mailer.outbox()).toHaveLength(0)
    const otp = mail!.subject.match(/^(\d{6}) /)![1]
    expect(mail!.text).toContain(otp)
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verifyOtp',
      payload: { registrationToken: registrationToken(res), otp },
    })
    expect(verified.statusCode).toBe(201)
  })
})

describe('a sign-up with a taken email over SMTP', () => {
  it('mails the owner a notice with the sign-in address and no code', async () => {
    const details = shopperDetails()
    await t.database.db.insert(users).values({
      userName: 'Owner',
      email: details.email,
      passwordHash: 'not-used-here',
      role: 'user',
      type: 'user',
    })
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: details })
    expect(res.statusCode).toBe(200)
    const mail = smtp.received.find((m) => m.to.includes(details.email))
    expect(mail).toBeDefined()
    expect(mail!.subject).toBe('A sign-up with your email at TechBazaar')
    // Both parts: what a text-only reader and an HTML reader see.
    for (const body of [mail!.text, mail!.html]) {
      expect(body).toMatch(/\/login/)
      expect(body).toMatch(/Forgot password\?/)
      expect(body).not.toMatch(/Contact Us|contact-us/)
      expect(body).not.toMatch(/verification code/)
    }
  })
})

describe('a password reset link over SMTP', () => {
  it('mails a plain link with the shop name that sets a new password once', async () => {
    const email = `reset-${crypto.randomUUID().slice(0, 8)}@example.in`
    await t.database.db.insert(users).values({
      userName: 'Owner',
      email,
      passwordHash: await hashPassword('Old123pass'),
      role: 'user',
      type: 'user',
    })
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
    })
    expect(asked.statusCode).toBe(200)
    // The worker looks the email up and mails after the answer (no timing tells known emails
    // from unknown ones: docs/decisions/056-second-outside-attack.md, Issue 26.11).
    await t.app.deps.jobs.drain()
    const mail = await vi.waitFor(() => {
      const found = smtp.received.find((m) => m.to.includes(email))
      if (!found) throw new Error('no mail yet')
      return found
    })
    expect(mail.subject).toBe('Reset your TechBazaar password')
    const token = mail.text.match(/\/reset-password\?token=([\w-]+)/)![1]!
    expect(mail.html).toContain(`/reset-password?token=${token}"`)
    const reset = (newPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, newPassword },
      })
    expect((await reset('Fresh456pass')).statusCode).toBe(200)
    expect((await reset('Other456pass')).statusCode).toBe(400)
  })
})
