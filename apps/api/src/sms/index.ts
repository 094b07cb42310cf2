import type { FastifyBaseLogger } from 'fastify'
import type { SmsConfig } from './config'
import { createGupshupSms } from './gupshup'
import { createLogSms } from './log-provider'
import type { SmsProvider } from './types'

export type { SmsMessage, SmsProvider, SmsKind } from './types'
export { SMS_KINDS, SmsRejected } from './types'
export { smsRupees, smsText, type SmsVars } from './texts'

/** The configured provider; null when SMS is off (production without a provider). */
export function createSms(config: SmsConfig, log: FastifyBaseLogger): SmsProvider | null {
  if (config.provider === 'gupshup') return createGupshupSms(config.gupshup)
  if (config.provider === 'log') return createLogSms(log)
  return null
}
