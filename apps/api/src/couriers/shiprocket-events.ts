import type { ShipmentStatus } from '@techbazaar/shared'
import { z } from 'zod'
import { courierTime, eventKey } from './http'
import { CourierAuthError, type CourierEvent } from './types'

/**
 * Shiprocket's status words (a webhook's `current_status`, a scan's `sr-status-label`) in the
 * shop's. Not followed, so acknowledged and ignored: the steps before pickup (AWB ASSIGNED,
 * MANIFEST GENERATED, PICKUP SCHEDULED, OUT FOR PICKUP...), RTO INITIATED and RTO IN TRANSIT (the
 * shop has no status for a parcel on its way back: it stays where it was until RTO DELIVERED),
 * and the exceptions an operator handles in Shiprocket's panel (LOST, DAMAGED, CANCELED...).
 */
const STATUS: Readonly<Record<string, ShipmentStatus>> = {
  'PICKED UP': 'picked_up',
  SHIPPED: 'in_transit',
  'IN TRANSIT': 'in_transit',
  'REACHED AT DESTINATION HUB': 'in_transit',
  'OUT FOR DELIVERY': 'out_for_delivery',
  DELIVERED: 'delivered',
  UNDELIVERED: 'failed_attempt',
  'RTO DELIVERED': 'rto',
}

/** `In Transit`, `IN_TRANSIT` and ` in transit ` are the same word to Shiprocket. */
export function shiprocketStatus(words: string | null | undefined): ShipmentStatus | null {
  if (!words) return null
  const key = words.replaceAll('_', ' ').replace(/\s+/g, ' ').trim().toUpperCase()
  return STATUS[key] ?? null
}

const text = z.string().nullish()
const scan = z.object({
  date: z.string(),
  activity: text,
  location: text,
  'sr-status-label': text,
})
type Scan = z.infer<typeof scan>

const webhookBody = z.object({
  awb: z.union([z.string().min(1), z.number()]).transform(String),
  current_status: z.string(),
  current_status_id: z.union([z.number(), z.string()]).nullish(),
  shipment_status: text,
  current_timestamp: text,
  etd: text,
  scans: z.array(scan).nullish(),
})

/** A scan as an event, or null when its status is not one the shop follows. */
function scanEvent(awb: string, item: Scan, status = shiprocketStatus(item['sr-status-label'])) {
  const at = courierTime(item.date)
  if (!status || !at) return null
  return { eventKey: eventKey(status, at), awb, status, at, location: item.location || null }
}

/**
 * A webhook's body (already authenticated) as an event. Its time is that of the latest scan
 * with the same status (what `track` answers for that scan, so the two dedupe), else of the
 * latest scan, else `current_timestamp`.
 */
export function shiprocketWebhookEvent(rawBody: string): CourierEvent | null {
  let json: unknown
  try {
    json = JSON.parse(rawBody)
  } catch {
    throw new CourierAuthError('not JSON')
  }
  const parsed = webhookBody.safeParse(json)
  if (!parsed.success) throw new CourierAuthError('not a Shiprocket tracking webhook')
  const body = parsed.data
  const status = shiprocketStatus(body.current_status) ?? shiprocketStatus(body.shipment_status)
  if (!status) return null
  const scans = latestFirst(body.scans ?? [])
  const same = scans.find((s) => shiprocketStatus(s['sr-status-label']) === status)
  const chosen = same ?? scans[0]
  if (chosen) {
    const event = scanEvent(body.awb, chosen, status)
    if (event) return event
  }
  const at = courierTime(body.current_timestamp)
  if (!at) throw new CourierAuthError('a tracking webhook without a time')
  return { eventKey: eventKey(status, at), awb: body.awb, status, at, location: null }
}

function latestFirst(scans: Scan[]): Scan[] {
  const time = (s: Scan) => courierTime(s.date)?.getTime() ?? 0
  return [...scans].sort((a, b) => time(b) - time(a))
}

const id = z.union([z.number(), z.string()]).transform(String)
export const trackAnswer = z.object({
  tracking_data: z.object({
    track_status: z.number().nullish(),
    error: text,
    shipment_track: z
      .array(z.object({ order_id: id.nullish(), shipment_id: id.nullish() }))
      .nullish(),
    shipment_track_activities: z.array(scan).nullish(),
  }),
})

/** Track's activities as events, oldest first, once per key. */
export function shiprocketTrackEvents(
  awb: string,
  answer: z.infer<typeof trackAnswer>,
): CourierEvent[] {
  const events = new Map<string, CourierEvent>()
  for (const item of answer.tracking_data.shipment_track_activities ?? []) {
    const event = scanEvent(awb, item)
    if (event && !events.has(event.eventKey)) events.set(event.eventKey, event)
  }
  return [...events.values()].sort((a, b) => a.at.getTime() - b.at.getTime())
}
