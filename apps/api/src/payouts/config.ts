import { z } from 'zod'
import type { PayoutRailName } from './types'

/**
 * The payout rails' settings (issue 28), read by config.ts with the rest of the environment:
 * their variables (spread into its schema) and what they make (its `payoutRails`). Kept here so
 * the rails' keys sit beside the rails; this file imports nothing of config.ts (no cycle), so
 * config.ts hands in how a refusal is made.
 */

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value)
const optionalText = z.preprocess(emptyAsUndefined, z.string().trim().min(1).optional())
const optionalUrl = (hint: string) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .url(`must be a URL like ${hint}`)
      .refine((value) => /^https?:/.test(value), `must be a URL like ${hint}`)
      .optional(),
  )

export const payoutRailsEnv = {
  // Cashfree Payouts v2 (its keys are not the PG's: Payouts dashboard → Developers → API keys),
  // and its bank-account check (Secure ID), which has its own base URL.
  CASHFREE_PAYOUTS_CLIENT_ID: optionalText,
  CASHFREE_PAYOUTS_CLIENT_SECRET: optionalText,
  CASHFREE_PAYOUTS_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  CASHFREE_PAYOUTS_BASE_URL: optionalUrl('https://sandbox.cashfree.com/payout'),
  CASHFREE_VERIFICATION_BASE_URL: optionalUrl('https://sandbox.cashfree.com/verification'),
  // RazorpayX: API keys, the marketplace's RazorpayX account number every payout is debited from,
  // and the secret set on its webhook (unset: every RazorpayX webhook is refused).
  RAZORPAYX_KEY_ID: optionalText,
  RAZORPAYX_KEY_SECRET: optionalText,
  RAZORPAYX_ACCOUNT_NUMBER: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{5,40}$/, 'must be the RazorpayX account number, like 7878780080316316')
      .optional(),
  ),
  RAZORPAYX_WEBHOOK_SECRET: optionalText,
  RAZORPAYX_BASE_URL: optionalUrl('https://api.razorpay.com/v1'),
  // Which rail pays sellers (unset: Cashfree, else RazorpayX when configured, else the sandbox in
  // demo mode); `bank`: the shop pays from its own bank with a bulk-payment file.
  PAYOUT_RAIL: z.preprocess(
    emptyAsUndefined,
    z
      .enum(
        ['cashfree', 'razorpayx', 'bank', 'sandbox'],
        'must be cashfree, razorpayx, bank or sandbox',
      )
      .optional(),
  ),
}

type PayoutRailsEnv = z.infer<z.ZodObject<typeof payoutRailsEnv>>

const RAIL_NAMES = {
  cashfree: 'CASHFREE',
  razorpayx: 'RAZORPAYX',
  bank: 'BANK_FILE',
  sandbox: 'SANDBOX',
} as const satisfies Record<string, PayoutRailName>

const trimSlash = (url: string) => url.replace(/\/+$/, '')

/**
 * The rails' settings: each rail with keys (a half-set one is refused by name), and the one that
 * pays sellers. The sandbox rail pays only in demo mode: a pretend rail must never stand between
 * real sellers and their money.
 */
export function payoutRailsConfig(
  e: PayoutRailsEnv,
  demo: boolean,
  refuse: (message: string) => Error,
) {
  const problems: string[] = []
  const half = (a: [string, unknown], b: [string, unknown], rail: string) => {
    if (Boolean(a[1]) !== Boolean(b[1])) {
      problems.push(`${a[1] ? b[0] : a[0]}: is required when ${rail} is configured`)
    }
  }
  half(
    ['CASHFREE_PAYOUTS_CLIENT_ID', e.CASHFREE_PAYOUTS_CLIENT_ID],
    ['CASHFREE_PAYOUTS_CLIENT_SECRET', e.CASHFREE_PAYOUTS_CLIENT_SECRET],
    'Cashfree Payouts',
  )
  half(
    ['RAZORPAYX_KEY_ID', e.RAZORPAYX_KEY_ID],
    ['RAZORPAYX_KEY_SECRET', e.RAZORPAYX_KEY_SECRET],
    'RazorpayX',
  )
  if (e.RAZORPAYX_KEY_ID && e.RAZORPAYX_KEY_SECRET && !e.RAZORPAYX_ACCOUNT_NUMBER) {
    problems.push(
      'RAZORPAYX_ACCOUNT_NUMBER: is required when RazorpayX is configured (the account payouts are debited from)',
    )
  }
  const production = e.CASHFREE_PAYOUTS_ENV === 'production'
  const cashfree =
    e.CASHFREE_PAYOUTS_CLIENT_ID && e.CASHFREE_PAYOUTS_CLIENT_SECRET
      ? {
          clientId: e.CASHFREE_PAYOUTS_CLIENT_ID,
          clientSecret: e.CASHFREE_PAYOUTS_CLIENT_SECRET,
          environment: e.CASHFREE_PAYOUTS_ENV,
          baseUrl: trimSlash(
            e.CASHFREE_PAYOUTS_BASE_URL ??
              (production
                ? 'https://api.cashfree.com/payout'
                : 'https://sandbox.cashfree.com/payout'),
          ),
          verificationBaseUrl: trimSlash(
            e.CASHFREE_VERIFICATION_BASE_URL ??
              (production
                ? 'https://api.cashfree.com/verification'
                : 'https://sandbox.cashfree.com/verification'),
          ),
        }
      : undefined
  const razorpayx =
    e.RAZORPAYX_KEY_ID && e.RAZORPAYX_KEY_SECRET && e.RAZORPAYX_ACCOUNT_NUMBER
      ? {
          keyId: e.RAZORPAYX_KEY_ID,
          keySecret: e.RAZORPAYX_KEY_SECRET,
          accountNumber: e.RAZORPAYX_ACCOUNT_NUMBER,
          webhookSecret: e.RAZORPAYX_WEBHOOK_SECRET,
          baseUrl: trimSlash(e.RAZORPAYX_BASE_URL ?? 'https://api.razorpay.com/v1'),
        }
      : undefined
  if (e.PAYOUT_RAIL === 'cashfree' && !cashfree && problems.length === 0) {
    problems.push(
      'PAYOUT_RAIL: cashfree needs CASHFREE_PAYOUTS_CLIENT_ID and CASHFREE_PAYOUTS_CLIENT_SECRET',
    )
  }
  if (e.PAYOUT_RAIL === 'razorpayx' && !razorpayx && problems.length === 0) {
    problems.push(
      'PAYOUT_RAIL: razorpayx needs RAZORPAYX_KEY_ID, RAZORPAYX_KEY_SECRET and RAZORPAYX_ACCOUNT_NUMBER',
    )
  }
  if (e.PAYOUT_RAIL === 'sandbox' && !demo) {
    problems.push(
      'PAYOUT_RAIL: the sandbox rail pays sellers in demo mode only (it moves no money)',
    )
  }
  if (problems.length > 0) {
    throw refuse(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`)
  }
  const chosen: PayoutRailName | undefined = e.PAYOUT_RAIL && RAIL_NAMES[e.PAYOUT_RAIL]
  const fallback: PayoutRailName | undefined = cashfree
    ? 'CASHFREE'
    : razorpayx
      ? 'RAZORPAYX'
      : demo
        ? 'SANDBOX'
        : undefined
  return {
    /** The rail new payouts go by; undefined: none (outside demo mode, nothing configured). */
    default: chosen ?? fallback,
    cashfree,
    razorpayx,
    /** The bank-file rail exists only when chosen: nothing else would ever pay through it. */
    bankFile: e.PAYOUT_RAIL === 'bank',
  }
}

export type PayoutRailsConfig = ReturnType<typeof payoutRailsConfig>
