import { z } from 'zod'
import { otpField } from './auth'
import { mobileField } from './validators'

/**
 * The order messages a shopper may get by SMS (issue 32.7), in the order the account page lists
 * them. One-time passwords are not among them: they are always sent (decision 093).
 */
export const SMS_NOTICE_KINDS = [
  'order_placed',
  'shipped',
  'out_for_delivery',
  'delivered',
  'refund_completed',
] as const
export type SmsNoticeKind = (typeof SMS_NOTICE_KINDS)[number]

export const SMS_NOTICE_LABELS: Record<SmsNoticeKind, string> = {
  order_placed: 'Order placed',
  shipped: 'Shipped',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  refund_completed: 'Refund completed',
}

/** Which order messages go to the shopper's phone; every one is on until turned off. */
export const smsPreferences = z.object(
  Object.fromEntries(SMS_NOTICE_KINDS.map((kind) => [kind, z.boolean()])) as Record<
    SmsNoticeKind,
    z.ZodBoolean
  >,
)
export type SmsPreferences = z.infer<typeof smsPreferences>

export const smsPreferencesResponse = z.object({
  success: z.literal(true),
  preferences: smsPreferences,
  /** The number they go to (null: the account has none), and whether it is verified. */
  mobile: z.string().nullable(),
  mobileVerified: z.boolean(),
})
export type SmsPreferencesResponse = z.infer<typeof smsPreferencesResponse>

/** "Sign in with mobile number", step 1: the number a code is asked for. */
export const mobileOtpRequestBody = z.object({ mobile: mobileField('Mobile number') })
export type MobileOtpRequestInput = z.input<typeof mobileOtpRequestBody>

/** Verifying the account's own mobile from the account page: the code the SMS carried. */
export const mobileVerificationBody = z.object({ otp: otpField })
export type MobileVerificationInput = z.input<typeof mobileVerificationBody>

/** Step 2: the number again and the code the SMS carried. */
export const mobileOtpVerifyBody = z.object({
  mobile: mobileField('Mobile number'),
  otp: otpField,
})
export type MobileOtpVerifyInput = z.input<typeof mobileOtpVerifyBody>
