import { PRIVACY_NOTICE_VERSION } from '@techbazaar/shared'
import type { App } from '../src/app-types'
import { shopCookies } from '../src/lib/cookies'

/** The session cookie from a response (`__Host-session` behind https), as a request header. */
export function sessionCookie(response: { cookies: { name: string; value: string }[] }): string {
  const cookie = response.cookies.find((c) => c.name === 'session' || c.name === '__Host-session')
  if (!cookie) throw new Error('no session cookie in response')
  return `${cookie.name}=${cookie.value}`
}

/** A session token as the cookie header this app reads (its name depends on APP_URL). */
export function sessionCookieFor(app: App, token: string): string {
  return `${shopCookies(app.deps.config).session.name}=${token}`
}

/** The 6-digit code from the newest mail to `email` in the dev outbox. */
export function otpFromOutbox(app: App, email: string): string {
  const mail = [...app.deps.mailer.outbox()].reverse().find((m) => m.to === email)
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error(`no OTP mail for ${email}`)
  return code
}

export const shopperDetails = (overrides: Record<string, unknown> = {}) => ({
  userName: 'Kavya Nair',
  email: `kavya-${crypto.randomUUID().slice(0, 8)}@example.in`,
  password: 'Secret123',
  mobile: '+91 98450 12345',
  role: 'user',
  type: 'user',
  // The privacy notice read and its box ticked, as the sign-up form sends them.
  noticeVersion: PRIVACY_NOTICE_VERSION,
  consentAccount: true,
  ...overrides,
})

/** The secret step 1 answers; only its holder can complete (or resend) that sign-up. */
export function registrationToken(response: { statusCode: number; body: string }): string {
  const token = (JSON.parse(response.body) as { registrationToken?: unknown }).registrationToken
  if (response.statusCode !== 200 || typeof token !== 'string') {
    throw new Error(`register failed: ${response.body}`)
  }
  return token
}

/** Registers through both steps and answers the new user's cookie. */
export async function registerShopper(app: App, overrides: Record<string, unknown> = {}) {
  const details = shopperDetails(overrides)
  const step1 = await app.inject({ method: 'POST', url: '/api/auth/register', payload: details })
  const token = registrationToken(step1)
  const otp = otpFromOutbox(app, String(details.email).toLowerCase())
  const step2 = await app.inject({
    method: 'POST',
    url: '/api/auth/verifyOtp',
    payload: { registrationToken: token, otp },
  })
  if (step2.statusCode !== 201) throw new Error(`verify failed: ${step2.body}`)
  return { cookie: sessionCookie(step2), user: step2.json().user, details }
}
