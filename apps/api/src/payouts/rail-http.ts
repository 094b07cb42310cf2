import { createHash, timingSafeEqual } from 'node:crypto'
import type { z } from 'zod'
import { PayoutRailError } from './types'

/**
 * What every real payout rail's adapter shares: one HTTP call with a timeout, one rule for which
 * failures are refusals and which are unknown outcomes, and the text rules banks put on names and
 * remarks.
 *
 * The rule matters more here than anywhere: a transfer that the rail refused (a 4xx other than
 * 429) moved nothing and the payout may be failed; one that timed out, was throttled or met a 5xx
 * may have moved money, so it is an unknown outcome (PayoutRailError without a status) that only
 * `transferStatus` settles. Never the other way round.
 */

/** A rail's answer: any status; `json` is null when the body is not JSON. */
export interface RailAnswer {
  status: number
  ok: boolean
  json: unknown
  text: string
}

/** One HTTP call; throws PayoutRailError (no status: outcome unknown) when the rail is unreachable. */
export async function send(
  http: typeof fetch,
  rail: string,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  timeoutMs = 15_000,
): Promise<RailAnswer> {
  let response: Response
  try {
    response = await http(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
  } catch (err) {
    throw new PayoutRailError(`${rail} unreachable: ${String(err)}`)
  }
  const text = await response.text().catch(() => '')
  let json: unknown = null
  try {
    json = JSON.parse(text)
  } catch {
    // Gateways in front of the rails answer 502/504 as HTML.
  }
  return { status: response.status, ok: response.ok, json, text }
}

/** True for a refusal: a 4xx other than 429. Asking again with the same request cannot change it. */
export function refused(status: number): boolean {
  return status >= 400 && status < 500 && status !== 429
}

/**
 * The error for an answer that is not a success: a refusal keeps its status, anything else (429,
 * 5xx) loses it so nobody takes it for a refusal.
 */
export function failure(what: string, answer: RailAnswer, detail?: string): PayoutRailError {
  const why = detail ?? answer.text.slice(0, 200)
  const message = `${what} answered ${answer.status}${why ? `: ${why}` : ''}`
  return refused(answer.status)
    ? new PayoutRailError(message, answer.status)
    : new PayoutRailError(message)
}

/**
 * The answer's JSON read by `schema`. A non-success is `failure`; a success of an unexpected
 * shape is an unknown outcome (the rail did something, we cannot tell what).
 */
export function readAnswer<T extends z.ZodType>(
  answer: RailAnswer,
  schema: T,
  what: string,
  detail?: string,
): z.infer<T> {
  if (!answer.ok) throw failure(what, answer, detail)
  const parsed = schema.safeParse(answer.json)
  if (!parsed.success) {
    throw new PayoutRailError(`${what}: unexpected answer ${answer.text.slice(0, 200)}`)
  }
  return parsed.data
}

/** A header by name whatever its case (Fastify lowercases, tests and proxies may not). */
export function header(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const wanted = name.toLowerCase()
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value
  }
  return undefined
}

export function safeEqual(given: string | undefined, expected: string): boolean {
  if (!given) return false
  const x = Buffer.from(given)
  const y = Buffer.from(expected)
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * Text a bank shows (a remark, a narration): letters, digits and single spaces only, at most
 * `max` characters. Rails refuse anything else rather than clean it.
 */
export function bankText(text: string, max: number): string {
  return text
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim()
}

/** A short stable digest (hex) of `parts`, for ids a rail keeps for us. */
export function digest(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex')
}

/** The 10-digit Indian mobile number rails take (ours may carry +91 or spaces). */
export function tenDigits(phone: string): string {
  return phone.replace(/\D/g, '').slice(-10)
}

/** Whether a JSON value parsed from a rail is a plain object (for webhook bodies). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
