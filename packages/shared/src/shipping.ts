import { z } from 'zod'
import { idParam } from './api'
import { buyNowQueryComplete, buyNowQueryFields } from './buy-now'
import { ORDER_STATUSES } from './constants'
import { defineMachine, endStatuses } from './state-machine'
import { pincodeField } from './validators'

/** The couriers the shop books through; SANDBOX plays one where no keys are set (demo mode). */
export const COURIERS = ['SANDBOX', 'SHIPROCKET', 'DELHIVERY'] as const
export type CourierName = (typeof COURIERS)[number]

/** How a courier is named to people (tracking, timeline notes, mails). */
export const COURIER_LABELS: Record<CourierName, string> = {
  SANDBOX: 'Sandbox courier',
  SHIPROCKET: 'Shiprocket',
  DELHIVERY: 'Delhivery',
}

/** A parcel's state as the courier reports it, in the shop's words. */
export const SHIPMENT_STATUSES = [
  'booked',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'failed_attempt',
  'delivered',
  'rto',
  /** An admin had the booking cancelled before the courier picked the parcel up (issue 26.5). */
  'cancelled',
] as const
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number]

export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  booked: 'Courier booked',
  picked_up: 'Picked up',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  failed_attempt: 'Delivery attempt failed',
  delivered: 'Delivered',
  rto: 'Returned to the seller',
  cancelled: 'Courier booking cancelled',
}

/** Who moves a parcel: the courier's scans, or an admin having its booking cancelled. */
export type ShipmentActor = 'courier' | 'admin'

/** Where a parcel may be while the courier has it, before it ends. */
const ON_ITS_WAY = [
  'booked',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'failed_attempt',
] as const

/**
 * A parcel's moves (state-machine.ts), one event per status a courier reports: scans only move it
 * forward (a late scan of an earlier step is kept in its history but moves nothing), a courier may
 * skip steps, and out for delivery and a failed attempt follow each other as often as the courier
 * tries again. Before `booked` the parcel is a claim of the booking (`booking`, not a status).
 */
export const SHIPMENT_MACHINE = defineMachine('parcel', SHIPMENT_STATUSES, {
  pickUp: { from: ['booked'], to: 'picked_up', actors: ['courier'] },
  transit: { from: ['booked', 'picked_up'], to: 'in_transit', actors: ['courier'] },
  outForDelivery: {
    from: ['booked', 'picked_up', 'in_transit', 'failed_attempt'],
    to: 'out_for_delivery',
    actors: ['courier'],
  },
  attemptFailed: {
    from: ['booked', 'picked_up', 'in_transit', 'out_for_delivery'],
    to: 'failed_attempt',
    actors: ['courier'],
  },
  deliver: { from: ON_ITS_WAY, to: 'delivered', actors: ['courier'] },
  returnToOrigin: { from: ON_ITS_WAY, to: 'rto', actors: ['courier'] },
  cancel: { from: ['booked'], to: 'cancelled', actors: ['admin'] },
})
export type ShipmentEvent = (typeof SHIPMENT_MACHINE.events)[number]

/** Where a parcel's life ends (delivered, returned to origin, booking cancelled). */
export const ENDED_SHIPMENT_STATUSES: ReadonlySet<ShipmentStatus> = endStatuses(SHIPMENT_MACHINE)

/** The events the sandbox courier page (and `POST /sandbox-courier/{awb}/events`) can push. */
export const COURIER_EVENT_STATUSES = [
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'failed_attempt',
  'rto',
] as const
export type CourierEventStatus = (typeof COURIER_EVENT_STATUSES)[number]

export const serviceabilityQuery = z.object({
  pincode: pincodeField(),
  productId: idParam,
})
export type ServiceabilityQuery = z.infer<typeof serviceabilityQuery>

export const serviceability = z.object({
  serviceable: z.boolean(),
  /** Cash on delivery is taken at this pincode (and the courier is serviceable). */
  cod: z.boolean(),
  /** The expected delivery day (IST), when serviceable. */
  deliveryBy: z.iso.date().nullable(),
})
export type Serviceability = z.infer<typeof serviceability>
export const serviceabilityResponse = z.object({
  success: z.literal(true),
  data: serviceability,
})
export type ServiceabilityResponse = z.infer<typeof serviceabilityResponse>

/** Checkout: can the signed-in shopper's cart be delivered to `pincode`, and how. */
export const cartServiceabilityQuery = z
  .object({
    pincode: pincodeField(),
    /** Buy Now: check this one product instead of the cart (decision 089). */
    ...buyNowQueryFields,
  })
  .refine(...buyNowQueryComplete)
export const cartServiceability = serviceability.extend({
  /** The cart's products the courier cannot bring to this pincode (their titles). */
  undeliverable: z.array(z.string()),
  /** The cart's products whose parcels cannot be paid for in cash at this pincode. */
  noCod: z.array(z.string()),
})
export type CartServiceability = z.infer<typeof cartServiceability>
export const cartServiceabilityResponse = z.object({
  success: z.literal(true),
  data: cartServiceability,
})
export type CartServiceabilityResponse = z.infer<typeof cartServiceabilityResponse>

/** What the shopper reads about a pincode: where nothing can go, and where cash is refused. */
export function undeliverableMessage(pincode: string, titles: readonly string[]): string {
  const what = titles.length === 1 ? `"${titles[0]}"` : 'some items in your cart'
  return `We cannot deliver ${what} to pincode ${pincode} yet. Please choose another address or remove ${titles.length === 1 ? 'it' : 'them'} from your cart.`
}
export function noCodMessage(pincode: string): string {
  return `Cash on delivery is not available at pincode ${pincode}. Please choose an online payment method.`
}

/** What a seller enters to book the courier for one parcel. */
export const vendorShipBody = z.object({
  _id: idParam,
  weightGrams: z.coerce
    .number({ error: 'Enter the weight in grams' })
    .int('Enter the weight in whole grams')
    .min(10, 'A parcel weighs at least 10 g')
    .max(50_000, 'A parcel may weigh up to 50 kg'),
  lengthCm: dimension('Length'),
  breadthCm: dimension('Breadth'),
  heightCm: dimension('Height'),
  /**
   * An e-way bill the seller generated itself on the e-way bill portal (12 digits), for a
   * consignment that needs one (issue 30.9); without it the shop generates Part A, or refuses.
   */
  eWayBillNumber: z.preprocess(
    (value) => (typeof value === 'string' ? value.replace(/\s+/g, '') || undefined : value),
    z
      .string()
      .regex(/^[1-9]\d{11}$/, 'An e-way bill number has 12 digits')
      .optional(),
  ),
})
export type VendorShipInput = z.infer<typeof vendorShipBody>

function dimension(label: string) {
  return z.coerce
    .number({ error: `Enter the ${label.toLowerCase()} in cm` })
    .int(`Enter the ${label.toLowerCase()} in whole cm`)
    .min(1, `${label} is at least 1 cm`)
    .max(200, `${label} is at most 200 cm`)
}

export const vendorShipResponse = z.object({
  success: z.literal(true),
  data: z.object({ awb: z.string(), courier: z.enum(COURIERS), labelUrl: z.string() }),
})
export type VendorShipResponse = z.infer<typeof vendorShipResponse>

export const trackingEvent = z.object({
  at: z.iso.datetime(),
  status: z.enum(SHIPMENT_STATUSES),
  location: z.string().nullable(),
})
export type TrackingEvent = z.infer<typeof trackingEvent>

/** One seller's parcel as the shopper follows it. */
export const shipment = z.object({
  courier: z.enum(COURIERS),
  awb: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  expectedBy: z.iso.date().nullable(),
  events: z.array(trackingEvent),
})
export type Shipment = z.infer<typeof shipment>

export const sandboxCourierEventBody = z.object({
  status: z.enum(COURIER_EVENT_STATUSES, 'Unknown tracking status'),
  location: z.string().max(100).optional(),
})

/** One seller's part of an order with its parcel (null until the seller books the courier). */
export const orderParcel = z.object({
  subOrderId: z.uuid(),
  seller: z.string(),
  status: z.enum(ORDER_STATUSES),
  shipment: shipment.nullable(),
  /**
   * The GST documents of this part: its invoice, issued when the goods were dispatched, and the
   * credit note that reversed it if they came back. Null before dispatch.
   */
  invoice: z.object({ number: z.string(), creditNote: z.string().nullable() }).nullable(),
  /**
   * Issue 18, for the shopper's buttons: whether the part may still be cancelled (not yet handed
   * to a courier), and when the return window of its delivered items closes (null until it is
   * delivered; a past moment once closed, so the page can say when it closed). Optional only for
   * fixtures written before; the API always sends them.
   */
  cancellable: z.boolean().optional(),
  returnableUntil: z.iso.datetime().nullable().optional(),
})
export type OrderParcel = z.infer<typeof orderParcel>
