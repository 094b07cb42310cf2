import type { ShipmentStatus } from '@techbazaar/shared'
import { z } from 'zod'
import { courierTime, eventKey } from './http'
import { CourierAuthError, type CourierEvent } from './types'

/**
 * Delhivery's status (`Status`/`Scan`) and its type (`StatusType`/`ScanType`: UD on the way to
 * the buyer, DL an end state, RT on the way back, PP/PU pickups) in the shop's words.
 * - UD Manifested and Not Picked: before pickup, ignored.
 * - UD In Transit and Pending (at the destination, awaiting delivery): in transit. Delhivery has
 *   no separate "picked up" status (its first In Transit scan is the pickup), so a Delhivery
 *   parcel goes from booked straight to in transit, which ships the part all the same.
 * - UD Dispatched: out for delivery. Undelivered: a failed attempt.
 * - DL Delivered: delivered. DL RTO / Returned: back at the seller (rto).
 * - RT anything (returning): ignored; the parcel keeps its status until DL RTO.
 * - A reverse pickup (a shopper's return): PP (before it is collected) ignored; PU (collected,
 *   on its way to the seller) read as UD; DL DTO (delivered to origin, the seller): delivered.
 */
export function delhiveryStatus(
  status: string | null | undefined,
  type: string | null | undefined,
): ShipmentStatus | null {
  const words = (status ?? '').trim().toLowerCase()
  const kind = (type ?? '').trim().toUpperCase()
  if (kind === 'DL') {
    if (words === 'delivered' || words === 'dto') return 'delivered'
    if (words === 'rto' || words === 'returned') return 'rto'
    return null
  }
  if (kind === 'RT') return null
  if (words === 'undelivered') return 'failed_attempt'
  if (kind !== 'UD' && kind !== 'PU') return null
  if (words === 'in transit' || words === 'pending') return 'in_transit'
  if (words === 'dispatched') return 'out_for_delivery'
  return null
}

const text = z.string().nullish()

function event(
  awb: string,
  status: ShipmentStatus | null,
  time: string | null | undefined,
  location: string | null | undefined,
): CourierEvent | null {
  const at = courierTime(time)
  if (!status || !at) return null
  return { eventKey: eventKey(status, at), awb, status, at, location: location || null }
}

const pushBody = z.object({
  Shipment: z.object({
    AWB: z.union([z.string().min(1), z.number()]).transform(String),
    Status: z.object({
      Status: z.string(),
      StatusDateTime: z.string(),
      StatusType: text,
      StatusLocation: text,
    }),
  }),
})

/** A push (webhook) body, already authenticated, as an event (null: a status not followed). */
export function delhiveryWebhookEvent(rawBody: string): CourierEvent | null {
  let json: unknown
  try {
    json = JSON.parse(rawBody)
  } catch {
    throw new CourierAuthError('not JSON')
  }
  const parsed = pushBody.safeParse(json)
  if (!parsed.success) throw new CourierAuthError('not a Delhivery scan push')
  const { AWB: awb, Status: s } = parsed.data.Shipment
  const status = delhiveryStatus(s.Status, s.StatusType)
  if (!status) return null
  const found = event(awb, status, s.StatusDateTime, s.StatusLocation)
  if (!found) throw new CourierAuthError('a scan push without a readable time')
  return found
}

const scanDetail = z.object({
  Scan: z.string(),
  ScanType: text,
  StatusType: text,
  ScanDateTime: text,
  StatusDateTime: text,
  ScannedLocation: text,
  Instructions: text,
})
export const trackAnswer = z.object({
  ShipmentData: z
    .array(
      z.object({
        Shipment: z.object({
          Scans: z.array(z.object({ ScanDetail: scanDetail })).nullish(),
        }),
      }),
    )
    .nullish(),
  Error: text,
})

/**
 * Track's scans as events, oldest first, once per key. A scan's StatusDateTime is the push's
 * (the key must match it); ScanDateTime stands in when it is missing.
 */
export function delhiveryTrackEvents(
  awb: string,
  answer: z.infer<typeof trackAnswer>,
): CourierEvent[] {
  const events = new Map<string, CourierEvent>()
  for (const { ScanDetail: s } of answer.ShipmentData?.[0]?.Shipment.Scans ?? []) {
    const status = delhiveryStatus(s.Scan, s.ScanType ?? s.StatusType)
    const found = event(awb, status, s.StatusDateTime ?? s.ScanDateTime, s.ScannedLocation)
    if (found && !events.has(found.eventKey)) events.set(found.eventKey, found)
  }
  return [...events.values()].sort((a, b) => a.at.getTime() - b.at.getTime())
}
