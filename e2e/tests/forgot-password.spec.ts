import type { APIRequestContext } from '@playwright/test'
import { PRIVACY_NOTICE_VERSION } from '../../packages/shared/src/privacy'
import { expect, MAILS_URL, test, waitForMail } from './fixtures'

const OLD_PASSWORD = 'Forgotten-2024'
const NEW_PASSWORD = 'Remembered-2025'
const RESET_SUBJECT = /^Reset your TechBazaar password$/

/** A fresh shopper made through the API (sign-up and its mailed code), signed in on `request`. */
async function newShopper(request: APIRequestContext) {
  const email = `forgot-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.test`
  const step1 = await request.post('/api/auth/register', {
    data: {
      userName: 'Meera Iyer',
      email,
      password: OLD_PASSWORD,
      mobile: '9876501234',
      role: 'user',
      type: 'user',
      // The privacy notice's current version, ticked as the form does.
      noticeVersion: PRIVACY_NOTICE_VERSION,
      consentAccount: true,
    },
  })
  expect(step1.status()).toBe(200)
  const { registrationToken } = (await step1.json()) as { registrationToken: string }
  const mail = await waitForMail(request, email, /verification code$/)
  const step2 = await request.post('/api/auth/verifyOtp', {
    data: { registrationToken, otp: mail.subject.slice(0, 6) },
  })
  expect(step2.status()).toBe(201)
  return email
}

test.describe('Forgot password', () => {
  test('a mailed link sets a new password, signs in here and out elsewhere', async ({
    page,
    request,
  }) => {
    // `request` is the shopper's other device: it stays signed in until the reset.
    const email = await newShopper(request)
    expect((await request.get('/api/auth/check-auth')).status()).toBe(200)

    await page.goto('/login')
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await expect(page).toHaveURL(/\/forgot-password$/)
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page.getByRole('status')).toContainText(`If ${email} has an account`)

    const mail = await waitForMail(request, email, RESET_SUBJECT)
    const link = /(http\S+\/reset-password\?token=[\w-]+)/.exec(mail.text)?.[1] ?? ''
    expect(link).not.toBe('')
    const path = link.slice(new URL(link).origin.length)

    // The page a phone opens from the mail arrives drawn by the server.
    const html = await (await request.get(path)).text()
    expect(html).toContain('Set a new password')

    await page.goto(path)
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Set new password' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('button', { name: 'Account menu for Meera Iyer' })).toBeVisible()

    // The other device is signed out, the old password is dead, and the link was used up.
    expect((await request.get('/api/auth/check-auth')).status()).toBe(401)
    const signIn = (password: string) =>
      request.post('/api/auth/login', { data: { email, password } })
    expect((await signIn(OLD_PASSWORD)).status()).toBe(401)
    expect((await signIn(NEW_PASSWORD)).status()).toBe(200)
    const token = new URL(link).searchParams.get('token')
    const again = await request.post('/api/auth/reset-password', {
      data: { token, newPassword: 'Another-2026' },
    })
    expect(again.status()).toBe(400)
  })

  test('an unknown email gets the same answer and no mail', async ({ page, request }) => {
    const email = `nobody-${Date.now().toString(36)}@e2e.test`
    await page.goto('/forgot-password')
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page.getByRole('status')).toContainText(`If ${email} has an account`)
    const mails = await request.get(MAILS_URL, { params: { to: email } })
    expect(await mails.json()).toEqual([])
  })
})
