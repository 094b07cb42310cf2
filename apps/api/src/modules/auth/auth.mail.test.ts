import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../db/schema'
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
    expect(mail!.raw).toMatch(/Subject: \d{6} is your TechBazaar verification code/)
    expect(mail!.raw).toMatch(/expires in 10 minutes/)
    expect(t.app.deps.mailer.outbox()).toHaveLength(0)
    const otp = mail!.raw.match(/Subject: (\d{6})/)![1]
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
    expect(mail!.raw).toMatch(/Subject: A sign-up with your email at TechBazaar/)
    expect(mail!.raw).toMatch(/\/login/)
    expect(mail!.raw).not.toMatch(/verification code/)
  })
})
