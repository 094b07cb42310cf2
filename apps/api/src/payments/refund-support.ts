import { createHash } from 'node:crypto'
import { PaymentProviderError, type ProviderRefundState } from './types'

/**
 * Helpers every adapter's refund calls share: exact money text, the provider's id length limits,
 * and one rule for which failures are refusals (a 4xx the outbox must not retry) and which are
 * worth asking again.
 */

/** Paise as the rupee text providers take ("1999.00"), by integer arithmetic (no float drift). */
export function rupeesText(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`bad paise ${paise}`)
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`
}

/** The paise a provider's rupee amount ("1999.5", 1999.5, "1,999.50") stands for; NaN if none. */
export function paiseOfRupees(amount: string | number): number {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount.replaceAll(',', '').trim()
  const match = /^(\d+)(?:\.(\d{1,2})\d*)?$/.exec(text)
  if (!match) return Number.NaN
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

/**
 * Our refund id as a provider with a shorter limit takes it (PayU's token: 23 characters,
 * GatePay's refundRequestId: 32). Unchanged when it fits; otherwise a digest of it, the same on
 * every attempt, so a retry still lands on the refund the first attempt made.
 */
export function providerRefundKey(providerRefundId: string, maxLength: number): string {
  if (providerRefundId.length <= maxLength) return providerRefundId
  return `R${createHash('sha256')
    .update(providerRefundId)
    .digest('hex')
    .slice(0, maxLength - 1)}`
}

/** A refusal: the provider said no, and asking again with the same request cannot change that. */
export function refusal(message: string, status = 400): PaymentProviderError {
  return new PaymentProviderError(message, status)
}

/** True for a refusal (a 4xx other than 429); everything else is retried. */
export function isRefusal(err: unknown): boolean {
  return (
    err instanceof PaymentProviderError &&
    err.status !== undefined &&
    err.status >= 400 &&
    err.status < 500 &&
    err.status !== 429
  )
}

/**
 * An HTTP answer turned into the refund error rule: 429 and 5xx lose their status so nothing
 * mistakes them for a refusal; other 4xx keep theirs.
 */
export function httpFailure(what: string, status: number, detail?: string): PaymentProviderError {
  const message = `${what} answered ${status}${detail ? `: ${detail}` : ''}`
  return status >= 400 && status < 500 && status !== 429
    ? new PaymentProviderError(message, status)
    : new PaymentProviderError(message)
}

/** Maps a provider's refund status word to ours; unknown words read as still pending. */
export function refundStateOf(
  word: string | undefined | null,
  table: { completed: readonly string[]; failed: readonly string[] },
): ProviderRefundState {
  const w = (word ?? '').trim().toUpperCase()
  if (table.completed.includes(w)) return 'completed'
  if (table.failed.includes(w)) return 'failed'
  return 'pending'
}

/** The message of an error body, whatever the provider calls it. */
export function errorText(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined
  const b = body as Record<string, unknown>
  for (const key of ['message', 'errorMessage', 'msg', 'label', 'code']) {
    const value = b[key]
    if (typeof value === 'string' && value.trim()) return value.trim()
  }
  return undefined
}
