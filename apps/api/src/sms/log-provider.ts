import type { FastifyBaseLogger } from 'fastify'
import type { SmsMessage, SmsProvider } from './types'

const KEPT = 50

/**
 * Outside production without an SMS provider: each message is written to the log (as mails are
 * without SMTP) and the newest are kept in memory, so sign-in by mobile works in a demo shop.
 */
export function createLogSms(
  log: FastifyBaseLogger,
): SmsProvider & { sent(): readonly SmsMessage[] } {
  const kept: SmsMessage[] = []
  return {
    name: 'log',
    async send(message) {
      kept.push(message)
      if (kept.length > KEPT) kept.shift()
      log.info({ to: message.to, kind: message.kind }, `dev SMS (no SMS_PROVIDER): ${message.text}`)
    },
    sent: () => kept,
  }
}
