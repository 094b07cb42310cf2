import type { GupshupSettings } from './config'
import { SmsRejected, type SmsMessage, type SmsProvider } from './types'

/** A request that gets no answer in this long fails the attempt (the outbox retries it). */
const TIMEOUT_MS = 15_000

/**
 * Gupshup Enterprise SMS (docs.gupshup.io, "Send Messages to Single Number"): one form POST to
 * the GatewayAPI per message, with the account's user id and password, and the DLT fields
 * TRAI requires on every message: `principalEntityId` (the entity), `mask` (the sender
 * header) and `dltTemplateId` (the content template the text matches).
 *
 * With `format=json` the answer is `{ response: { id, phone, details, status } }`: status
 * `success` (id: Gupshup's message id) or `error` (id: its error code, details: why). An error
 * answer is a refusal of this message (bad number, template mismatch): retrying cannot help.
 * No answer, or an HTTP error, is an outage: the outbox tries again later.
 */
export function createGupshupSms(settings: GupshupSettings): SmsProvider {
  return {
    name: 'gupshup',
    async send(message: SmsMessage) {
      const form = new URLSearchParams({
        method: 'SendMessage',
        v: '1.1',
        auth_scheme: 'plain',
        userid: settings.userId,
        password: settings.password,
        format: 'json',
        msg_type: 'TEXT',
        send_to: `91${message.to}`,
        msg: message.text,
        mask: settings.dlt.header,
        principalEntityId: settings.dlt.entityId,
        dltTemplateId: settings.dlt.templates[message.kind],
      })
      const response = await fetch(settings.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      if (!response.ok) throw new Error(`Gupshup answered HTTP ${response.status}`)
      const answer = (await response.json().catch(() => null)) as {
        response?: { id?: string; status?: string; details?: string }
      } | null
      const result = answer?.response
      if (result?.status === 'success') return
      if (result?.status === 'error') {
        throw new SmsRejected(
          `Gupshup refused the SMS (${result.id ?? '?'}): ${result.details ?? ''}`,
        )
      }
      throw new Error('Gupshup gave an answer without a status')
    },
  }
}
