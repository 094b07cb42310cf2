import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

// The per-IP limit and the attempts per code are settings (config.ts); these are the spec's.
export const OTP_TTL_MINUTES = 10
export const OTP_RESEND_SECONDS = 60
export const OTP_PER_EMAIL_PER_HOUR = 5
/** A pending sign-up can be resent while its newest code is younger than this. */
export const SIGNUP_RESEND_WINDOW_MINUTES = 60

/** Six digits from the CSPRNG. */
export function generateOtp(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0')
}

/** The secret that binds step 2 to the browser of step 1 (256 bits) and its stored form. */
export function newRegistrationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, tokenHash: hashRegistrationToken(token) }
}

export function hashRegistrationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/**
 * The stored form of a code, bound to its own request id so a hash cannot be reused for another
 * registration. Six digits are few, so what protects them is the 5-try limit and the 10-minute life.
 */
export function hashOtp(requestId: string, code: string): string {
  return createHmac('sha256', requestId).update(code).digest('hex')
}

/** Stored instead of a code hash when no code was mailed: it matches no code. */
export const NO_CODE = ''

export function otpMatches(requestId: string, code: string, storedHash: string): boolean {
  const a = Buffer.from(hashOtp(requestId, code), 'hex')
  const b = Buffer.from(storedHash, 'hex')
  return a.length === b.length && timingSafeEqual(a, b)
}

export function otpMail(shopName: string, code: string) {
  return {
    subject: `${code} is your ${shopName} verification code`,
    text: `Your ${shopName} verification code is ${code}. It expires in ${OTP_TTL_MINUTES} minutes. If you did not ask for it, ignore this mail.`,
    html: `<p>Your <strong>${shopName}</strong> verification code is</p><p style="font-size:28px;font-weight:700;letter-spacing:6px">${code}</p><p>It expires in ${OTP_TTL_MINUTES} minutes. If you did not ask for it, ignore this mail.</p>`,
  }
}

/**
 * Mailed instead of a code when someone starts a sign-up with the email of an existing account:
 * the answer to that person is the same as for a new email, so only the owner learns of it.
 */
export function takenEmailMail(shopName: string, appUrl: string) {
  const signIn = `${appUrl}/login`
  const forgot = `${appUrl}/forgot-password`
  return {
    subject: `A sign-up with your email at ${shopName}`,
    text: `Someone tried to create a new ${shopName} account with this email address, which already has an account. If it was you, sign in at ${signIn} with your password; if you have forgotten it, choose "Forgot password?" there, or open ${forgot}, to set a new one. If it was not you, ignore this mail: nothing has changed on your account.`,
    html: `<p>Someone tried to create a new <strong>${shopName}</strong> account with this email address, which already has an account.</p><p>If it was you, <a href="${signIn}">sign in</a> with your password; if you have forgotten it, choose <a href="${forgot}">Forgot password?</a> to set a new one.</p><p>If it was not you, ignore this mail: nothing has changed on your account.</p>`,
  }
}
