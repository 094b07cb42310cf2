import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { shopperDetails } from '../../../test/auth'
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
      payload: { ...details, otp },
    })
    expect(verified.statusCode).toBe(201)
  })
})
