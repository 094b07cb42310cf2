import { SMS_NOTICE_KINDS } from '@techbazaar/shared'

/** Every message the shop sends by SMS: each is one DLT content template. */
export const SMS_KINDS = [
  'signup_otp',
  'sign_in_otp',
  'mobile_verify_otp',
  ...SMS_NOTICE_KINDS,
] as const
export type SmsKind = (typeof SMS_KINDS)[number]

/** One SMS as queued: the 10-digit Indian mobile, its template's kind and the filled-in text. */
export interface SmsMessage {
  to: string
  kind: SmsKind
  /** The template's words with its variables filled in (what the operator checks against DLT). */
  text: string
}

export interface SmsProvider {
  readonly name: string
  /** Sends one message; throws when the provider refused or did not answer (the outbox retries). */
  send(message: SmsMessage): Promise<void>
}

/** Thrown when retrying cannot help (a refused number or template): the outbox gives up at once. */
export class SmsRejected extends Error {}
