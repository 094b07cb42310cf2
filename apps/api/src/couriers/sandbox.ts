import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { CourierEventStatus, ShipmentStatus } from '@techbazaar/shared'
import { z } from 'zod'
import { estimatedTransitDays, sandboxServiceability } from './pincodes'
import {
  CourierAuthError,
  CourierError,
  CourierUnserviceableError,
  type Courier,
  type CourierEvent,
} from './types'

/**
 * The built-in sandbox courier (demo mode only): answers serviceability from the pincodes, issues
 * AWBs with a printable label (for reverse pickups too), and sends tracking webhooks the way an aggregator does (a JSON POST
 * with the status words, the scan's time and place, and an `x-api-key` header; no signature).
 */
export interface SandboxCourier {
  courier: Courier
  /** The webhook the courier would send for `status` of `awb`. */
  event(
    awb: string,
    status: CourierEventStatus,
    at: Date,
    location?: string,
  ): { rawBody: string; headers: Record<string, string> }
}

/** The words the courier's webhook carries, per status. */
const WORDS: Record<CourierEventStatus, string> = {
  picked_up: 'PICKED UP',
  in_transit: 'IN TRANSIT',
  out_for_delivery: 'OUT FOR DELIVERY',
  delivered: 'DELIVERED',
  failed_attempt: 'UNDELIVERED',
  rto: 'RTO DELIVERED',
}
const STATUS_OF = Object.fromEntries(
  Object.entries(WORDS).map(([status, words]) => [words, status]),
) as Record<string, ShipmentStatus>

const webhookBody = z.object({
  awb: z.string().min(1),
  current_status: z.string(),
  current_timestamp: z.iso.datetime(),
  scans: z.array(z.object({ location: z.string().nullish() })).default([]),
})

/** A sandbox webhook body as an event; null for a status word it does not send. */
function eventOf(body: z.infer<typeof webhookBody>): CourierEvent | null {
  const status = STATUS_OF[body.current_status]
  if (!status) return null
  return {
    eventKey: `${body.current_status}@${body.current_timestamp}`,
    awb: body.awb,
    status,
    at: new Date(body.current_timestamp),
    location: body.scans.at(-1)?.location ?? null,
  }
}

/** Forward parcels and reverse pickups alike: the desk finds either by it. */
const newAwb = () => `SBX${String(randomInt(1e9, 1e10))}`

export function createSandboxCourier(): SandboxCourier {
  const apiKey = randomBytes(24).toString('base64url')
  /** What the sandbox has sent per AWB, so `track` answers what a poll of a courier would. */
  const sent = new Map<string, CourierEvent[]>()
  const cancelled = new Set<string>()
  /** AWBs per our reference, as a courier's search by order id finds them. */
  const byReference = new Map<string, string[]>()
  const issue = (reference: string) => {
    const awb = newAwb()
    byReference.set(reference, [...(byReference.get(reference) ?? []), awb])
    return awb
  }
  const courier: Courier = {
    name: 'SANDBOX',
    sandbox: true,
    async serviceability({ pickupPincode, deliveryPincode }) {
      return sandboxServiceability(pickupPincode, deliveryPincode)
    },
    async book({ reference, pickup, delivery, codPaise }) {
      const { serviceable, cod, transitDays } = sandboxServiceability(
        pickup.pincode,
        delivery.pincode,
      )
      if (!serviceable || (codPaise > 0 && !cod)) {
        throw new CourierUnserviceableError(`The sandbox courier does not deliver there`)
      }
      const awb = issue(reference)
      return { awb, labelUrl: `/sandbox-courier/${awb}/label`, transitDays }
    },
    async bookReturn({ reference, pickup, delivery }) {
      // The courier goes to the shopper: it must serve the shopper's pincode.
      const { serviceable } = sandboxServiceability(delivery.pincode, pickup.pincode)
      if (!serviceable) {
        throw new CourierUnserviceableError('The sandbox courier does not collect from there')
      }
      const awb = issue(reference)
      return {
        awb,
        labelUrl: `/sandbox-courier/${awb}/label`,
        transitDays: estimatedTransitDays(pickup.pincode, delivery.pincode),
      }
    },
    async label(awb) {
      return `/sandbox-courier/${awb}/label`
    },
    async requestPickup() {
      // The sandbox collects every parcel it booked: nothing to ask.
    },
    async findBookings(reference) {
      const awbs = byReference.get(reference) ?? []
      return awbs.filter((awb) => !cancelled.has(awb)).map((awb) => ({ awb }))
    },
    async cancel(awb) {
      if (sent.has(awb)) throw new CourierError(`${awb} has been picked up already`)
      cancelled.add(awb)
    },
    async returnToOrigin(awb) {
      const scans = sent.get(awb)
      if (!scans) throw new CourierError(`${awb} has not been picked up: cancel it instead`)
      if (scans.some((e) => e.status === 'delivered' || e.status === 'rto')) {
        throw new CourierError(`${awb} has reached its end already`)
      }
      // The desk (or a test) then sends the RTO scan, as the courier's hub would.
    },
    async track(awb) {
      return [...(sent.get(awb) ?? [])]
    },
    verifyWebhook({ rawBody, headers }) {
      const given = headers['x-api-key']
      const key = Buffer.from(Array.isArray(given) ? (given[0] ?? '') : (given ?? ''))
      const expected = Buffer.from(apiKey)
      if (key.length !== expected.length || !timingSafeEqual(key, expected)) {
        throw new CourierAuthError('x-api-key does not match')
      }
      let json: unknown
      try {
        json = JSON.parse(rawBody)
      } catch {
        throw new CourierAuthError('not JSON')
      }
      const body = webhookBody.safeParse(json)
      if (!body.success) throw new CourierAuthError('not a sandbox tracking webhook')
      return eventOf(body.data)
    },
  }
  return {
    courier,
    event(awb, status, at, location) {
      const body = {
        awb,
        current_status: WORDS[status],
        shipment_status: WORDS[status],
        current_timestamp: at.toISOString(),
        scans: [{ date: at.toISOString(), activity: WORDS[status], location: location ?? null }],
      }
      const event = eventOf(body)
      if (event && !cancelled.has(awb)) sent.set(awb, [...(sent.get(awb) ?? []), event])
      const rawBody = JSON.stringify(body)
      return { rawBody, headers: { 'content-type': 'application/json', 'x-api-key': apiKey } }
    },
  }
}
