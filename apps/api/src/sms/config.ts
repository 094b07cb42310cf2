import { z } from 'zod'
import { SMS_KINDS, type SmsKind } from './types'

/**
 * The SMS settings (issue 32.7), read by config.ts with the rest of the environment: their
 * variables (spread into its schema) and what they make (its `sms`). Kept beside the provider;
 * this file imports nothing of config.ts (no cycle), so config.ts hands in how a refusal is made.
 */

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value)
const optionalText = z.preprocess(emptyAsUndefined, z.string().trim().min(1).optional())
/** A DLT id (principal entity, content template): digits as the DLT platform issues them. */
const dltId = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .trim()
    .regex(/^[0-9]{6,25}$/, 'must be the id the DLT platform gave, digits only')
    .optional(),
)

/** The variable naming each message kind's DLT content template id. */
export const SMS_TEMPLATE_VARS = {
  signup_otp: 'SMS_TEMPLATE_SIGNUP_OTP',
  sign_in_otp: 'SMS_TEMPLATE_SIGN_IN_OTP',
  mobile_verify_otp: 'SMS_TEMPLATE_MOBILE_VERIFY_OTP',
  order_placed: 'SMS_TEMPLATE_ORDER_PLACED',
  shipped: 'SMS_TEMPLATE_SHIPPED',
  out_for_delivery: 'SMS_TEMPLATE_OUT_FOR_DELIVERY',
  delivered: 'SMS_TEMPLATE_DELIVERED',
  refund_completed: 'SMS_TEMPLATE_REFUND_COMPLETED',
} as const satisfies Record<SmsKind, string>

export const smsEnv = {
  // `gupshup`: Gupshup Enterprise SMS; unset: messages are written to the log outside
  // production and not sent at all in production.
  SMS_PROVIDER: z.preprocess(
    emptyAsUndefined,
    z.enum(['gupshup'], 'must be gupshup (or unset)').optional(),
  ),
  GUPSHUP_USERID: optionalText,
  GUPSHUP_PASSWORD: optionalText,
  GUPSHUP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url('must be a URL like https://enterprise.smsgupshup.com/GatewayAPI/rest')
      .refine((v) => /^https?:/.test(v), 'must be an http(s) URL')
      .optional(),
  ),
  // TRAI's DLT: the principal entity id, the sender header (6 letters) and one content
  // template id per message kind; every message carries all three or operators drop it.
  SMS_DLT_ENTITY_ID: dltId,
  SMS_SENDER_HEADER: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .regex(/^[A-Z]{6}$/, 'must be the 6-letter DLT header, like TCHBZR')
      .optional(),
  ),
  SMS_TEMPLATE_SIGNUP_OTP: dltId,
  SMS_TEMPLATE_SIGN_IN_OTP: dltId,
  SMS_TEMPLATE_MOBILE_VERIFY_OTP: dltId,
  SMS_TEMPLATE_ORDER_PLACED: dltId,
  SMS_TEMPLATE_SHIPPED: dltId,
  SMS_TEMPLATE_OUT_FOR_DELIVERY: dltId,
  SMS_TEMPLATE_DELIVERED: dltId,
  SMS_TEMPLATE_REFUND_COMPLETED: dltId,
}

type SmsEnv = z.infer<z.ZodObject<typeof smsEnv>> & { NODE_ENV: string }

export interface DltSettings {
  entityId: string
  header: string
  templates: Record<SmsKind, string>
}

export interface GupshupSettings {
  userId: string
  password: string
  url: string
  dlt: DltSettings
}

/**
 * What sends the shop's SMS: Gupshup with every DLT field (a missing one stops the start, by
 * name), the log outside production, or nothing (`off`) in production without a provider.
 */
export type SmsConfig =
  { provider: 'gupshup'; gupshup: GupshupSettings } | { provider: 'log' } | { provider: 'off' }

export function smsConfig(e: SmsEnv, fail: (message: string) => Error): SmsConfig {
  if (!e.SMS_PROVIDER) return { provider: e.NODE_ENV === 'production' ? 'off' : 'log' }
  const required: Record<string, string | undefined> = {
    GUPSHUP_USERID: e.GUPSHUP_USERID,
    GUPSHUP_PASSWORD: e.GUPSHUP_PASSWORD,
    SMS_DLT_ENTITY_ID: e.SMS_DLT_ENTITY_ID,
    SMS_SENDER_HEADER: e.SMS_SENDER_HEADER,
  }
  for (const kind of SMS_KINDS) required[SMS_TEMPLATE_VARS[kind]] = e[SMS_TEMPLATE_VARS[kind]]
  const missing = Object.entries(required).filter(([, value]) => !value)
  if (missing.length > 0) {
    const lines = missing.map(([name]) => `  ${name}: is required when SMS_PROVIDER is gupshup`)
    throw fail(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const templates = Object.fromEntries(
    SMS_KINDS.map((kind) => [kind, e[SMS_TEMPLATE_VARS[kind]] as string]),
  ) as Record<SmsKind, string>
  return {
    provider: 'gupshup',
    gupshup: {
      userId: e.GUPSHUP_USERID as string,
      password: e.GUPSHUP_PASSWORD as string,
      url: e.GUPSHUP_URL ?? 'https://enterprise.smsgupshup.com/GatewayAPI/rest',
      dlt: {
        entityId: e.SMS_DLT_ENTITY_ID as string,
        header: e.SMS_SENDER_HEADER as string,
        templates,
      },
    },
  }
}
