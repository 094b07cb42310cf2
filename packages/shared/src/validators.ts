import { z } from 'zod'

const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/
const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'

/** GSTIN check character over the first 14 characters (GSTN's mod-36 scheme). */
export function gstinCheckChar(first14: string): string {
  let sum = 0
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_CHARS.indexOf(first14[i] ?? '')
    const product = value * (i % 2 === 0 ? 1 : 2)
    sum += Math.floor(product / 36) + (product % 36)
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36] ?? ''
}

/** Why a GSTIN is invalid, or null when it is valid. */
export function gstinProblem(raw: string): string | null {
  const gstin = raw.trim().toUpperCase()
  if (!GSTIN_PATTERN.test(gstin)) return 'GST Number must be 15 characters like 27AAPFU0939F1ZV'
  const state = Number(gstin.slice(0, 2))
  if (!((state >= 1 && state <= 38) || state === 97 || state === 99)) {
    return 'GST Number has an unknown state code'
  }
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin[14]) {
    return 'GST Number check digit does not match'
  }
  return null
}

/** Strips +91 or a leading 0; null when the rest is not a 10-digit Indian mobile (6-9 first). */
export function normalizeIndianMobile(raw: string): string | null {
  const digits = raw.replace(/[\s-]/g, '').replace(/^(\+91|0091|91(?=\d{10}$)|0)/, '')
  return /^[6-9][0-9]{9}$/.test(digits) ? digits : null
}

export const PINCODE_PATTERN = /^[1-9][0-9]{5}$/

/** A required trimmed string with the spec's "{label} is required" message. */
export function requiredText(label: string, max = 200) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
}

export function emailField(label = 'Email') {
  return requiredText(label, 254)
    .toLowerCase()
    .pipe(z.email(`${label} must be a valid email address`))
}

export function mobileField(label = 'Mobile') {
  return requiredText(label, 20).transform((value, ctx) => {
    const mobile = normalizeIndianMobile(value)
    if (!mobile) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a 10-digit Indian mobile number` })
      return z.NEVER
    }
    return mobile
  })
}

export function pincodeField(label = 'Pincode') {
  return requiredText(label, 6).regex(PINCODE_PATTERN, `${label} must be 6 digits`)
}
