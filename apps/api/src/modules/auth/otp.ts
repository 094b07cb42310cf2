import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'

export const OTP_TTL_MINUTES = 10
export const OTP_MAX_ATTEMPTS = 5
export const OTP_RESEND_SECONDS = 60
export const OTP_PER_EMAIL_PER_HOUR = 5
export const OTP_PER_IP_PER_HOUR = 30

/** Six digits from the CSPRNG. */
export function generateOtp(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0')
}

/**
 * The stored form of a code, bound to its own request id so a hash cannot be reused for another
 * registration. Six digits are few, so what protects them is the 5-try limit and the 10-minute life.
 */
export function hashOtp(requestId: string, code: string): string {
  return createHmac('sha256', requestId).update(code).digest('hex')
}

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
