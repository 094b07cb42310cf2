import type { SmsKind } from './types'

/**
 * The words of each message. Each is registered as a DLT content template with its variables
 * as {#var#}; what is sent must match it word for word, so a change here is a new template (and
 * a new id in the configuration). Kept short: one 160-character GSM part with the variables.
 */
export const SMS_TEXTS = {
  signup_otp: (v: { shop: string; code: string; minutes: number }) =>
    `${v.code} is your ${v.shop} sign-up code. It expires in ${v.minutes} minutes. Do not share it with anyone.`,
  sign_in_otp: (v: { shop: string; code: string; minutes: number }) =>
    `${v.code} is your ${v.shop} sign-in code. It expires in ${v.minutes} minutes. Do not share it with anyone.`,
  mobile_verify_otp: (v: { shop: string; code: string; minutes: number }) =>
    `${v.code} is your ${v.shop} code to verify this mobile number. It expires in ${v.minutes} minutes. Do not share it with anyone.`,
  order_placed: (v: { shop: string; order: string; total: string }) =>
    `${v.shop}: your order ${v.order} for ${v.total} is placed. Follow it under My Orders.`,
  shipped: (v: { shop: string; order: string }) =>
    `${v.shop}: a parcel of your order ${v.order} has shipped. Follow it under My Orders.`,
  out_for_delivery: (v: { shop: string; order: string }) =>
    `${v.shop}: a parcel of your order ${v.order} is out for delivery today.`,
  delivered: (v: { shop: string; order: string }) =>
    `${v.shop}: a parcel of your order ${v.order} was delivered.`,
  refund_completed: (v: { shop: string; order: string; amount: string }) =>
    `${v.shop}: your refund of ${v.amount} for order ${v.order} is complete.`,
} satisfies Record<SmsKind, (vars: never) => string>

export type SmsVars<K extends SmsKind> = Parameters<(typeof SMS_TEXTS)[K]>[0]

/** Amounts in SMS: the rupee sign is not in the GSM alphabet and would make it Unicode. */
export function smsRupees(formatted: string): string {
  return formatted.replace('₹', 'Rs. ')
}

export function smsText<K extends SmsKind>(kind: K, vars: SmsVars<K>): string {
  return (SMS_TEXTS[kind] as (v: SmsVars<K>) => string)(vars)
}
