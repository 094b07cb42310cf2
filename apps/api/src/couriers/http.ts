import { timingSafeEqual } from 'node:crypto'
import { gstStateName, stateCodeForPincode, type ShipmentStatus } from '@techbazaar/shared'
import type { z } from 'zod'
import { CourierError } from './types'

/** A courier's answer: any status; `json` is null when the body is not JSON. */
export interface CourierAnswer {
  status: number
  ok: boolean
  json: unknown
  text: string
}

/**
 * One HTTP call to a courier, with a timeout (a hung courier must not hold the seller's Ship
 * click for ever). Throws CourierError only when the courier cannot be reached; the caller
 * decides what each status means (an "already exists" 422 is fine for some calls).
 */
export async function send(
  http: typeof fetch,
  courier: string,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<CourierAnswer> {
  let response: Response
  try {
    response = await http(url, { ...init, signal: AbortSignal.timeout(15_000) })
  } catch (err) {
    throw new CourierError(`${courier} unreachable: ${String(err)}`)
  }
  const text = await response.text().catch(() => '')
  let json: unknown = null
  try {
    json = JSON.parse(text)
  } catch {
    // Labels and some errors come as HTML or plain text.
  }
  return { status: response.status, ok: response.ok, json, text }
}

/** The answer's JSON read by `schema`; a refusal or an unexpected shape is a CourierError. */
export function readAnswer<T extends z.ZodType>(
  answer: CourierAnswer,
  schema: T,
  what: string,
): z.infer<T> {
  if (!answer.ok) {
    throw new CourierError(
      `${what} answered ${answer.status}: ${answer.text.slice(0, 200)}`,
      answer.status,
    )
  }
  const parsed = schema.safeParse(answer.json)
  if (!parsed.success)
    throw new CourierError(`${what}: unexpected answer ${answer.text.slice(0, 200)}`)
  return parsed.data
}

/** A refusal that means the thing asked for is there already (a pickup place made before). */
export function alreadyExists(answer: CourierAnswer): boolean {
  return answer.status >= 400 && answer.status < 500 && /already (exist|in use)/i.test(answer.text)
}

/** Runs a compensation; its failure must not hide the error that made it necessary. */
export async function bestEffort(undo: () => Promise<unknown>): Promise<void> {
  try {
    await undo()
  } catch {
    // The booking already failed; an operator finds the leftover by our reference.
  }
}

export function safeEqual(given: string | undefined, expected: string | undefined): boolean {
  if (!given || !expected) return false
  const x = Buffer.from(given)
  const y = Buffer.from(expected)
  return x.length === y.length && timingSafeEqual(x, y)
}

export function firstHeader(headers: Record<string, string | string[] | undefined>, name: string) {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}

/**
 * A courier's timestamp. Indian couriers write local time without a zone
 * (`2023-05-19 11:59:16`, `2024-09-21T14:31:48.752`, Shiprocket's `23 05 2023 11:43:52`): that
 * is IST. One with a zone is taken as written. Null when it is none of these.
 */
export function courierTime(text: string | null | undefined): Date | null {
  if (!text) return null
  const value = text.trim()
  const dmy = /^(\d{2}) (\d{2}) (\d{4}) (\d{2}:\d{2}:\d{2})$/.exec(value)
  const local = dmy
    ? `${dmy[3]}-${dmy[2]}-${dmy[1]}T${dmy[4]}`
    : /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)
      ? value.replace(' ', 'T')
      : null
  const date = new Date(local ? `${local}+05:30` : value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** The event key every real adapter uses, for webhooks and `track` alike. */
export function eventKey(status: ShipmentStatus, at: Date): string {
  return `${status}@${at.toISOString()}`
}

/** The state of a pincode's postal circle: couriers ask for one and our addresses carry none. */
export function stateOfPincode(pincode: string): string {
  const code = stateCodeForPincode(pincode)
  return code ? gstStateName(code) : ''
}

/** The 10-digit Indian number couriers take (our phones may carry +91 or spaces). */
export function tenDigits(phone: string): string {
  return phone.replace(/\D/g, '').slice(-10)
}

/** `YYYY-MM-DD` and `HH:mm` of a moment in IST. */
export function istParts(at: Date): { date: string; time: string; weekday: number } {
  const ist = new Date(at.getTime() + 330 * 60_000)
  const iso = ist.toISOString()
  return { date: iso.slice(0, 10), time: iso.slice(11, 16), weekday: ist.getUTCDay() }
}
