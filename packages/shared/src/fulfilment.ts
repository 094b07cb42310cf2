import { z } from 'zod'
import { idParam } from './api'
import { ORDER_STATUSES } from './constants'
import { plainNumber } from './numbers'
import { orderNumber } from './orders'
import { COURIERS, SHIPMENT_STATUSES } from './shipping'

/**
 * Fulfilment (issue 16): which parts a seller must ship and by when, and which parcels are late.
 * A part is "to ship" while it is confirmed or in process without a booked parcel; its ship-by
 * day is a number of working days (Sundays off) after the day it was confirmed, in India.
 */

/** A seller's booked parcel, as its list and the admin's shipments show it. */
export const parcelBooking = z.object({
  courier: z.enum(COURIERS),
  awb: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  /** The label to print and stick on the parcel. */
  labelUrl: z.string().nullable(),
  /** The delivery day the courier estimated (IST). */
  expectedBy: z.iso.date().nullable(),
})
export type ParcelBooking = z.infer<typeof parcelBooking>

/**
 * Why a parcel is late: not booked with the courier after its ship-by day, or booked and still
 * not delivered after the courier's expected day (days in India).
 */
export const LATE_REASONS = ['notShipped', 'notDelivered'] as const
export type LateReason = (typeof LATE_REASONS)[number]

export const LATE_REASON_LABELS: Record<LateReason, string> = {
  notShipped: 'Not shipped by its ship-by day',
  notDelivered: 'Not delivered by the expected day',
}

/** Whether a ship-by (or expected) day is behind `today` (both `YYYY-MM-DD`, India). */
export const isPastDay = (day: string | null, today: string): boolean => day !== null && day < today

export const ADMIN_SHIPMENTS_PAGE_SIZE = 20

/** One page of every shipment, newest confirmation first; `late` keeps late ones (or the rest). */
export const adminShipmentsQuery = z.strictObject({
  page: plainNumber('page')
    .pipe(z.number().int('page must be a whole number').min(1).max(10_000))
    .default(1),
  limit: plainNumber('limit')
    .pipe(z.number().int('limit must be a whole number').min(1).max(100))
    .default(ADMIN_SHIPMENTS_PAGE_SIZE),
  late: z
    .enum(['true', 'false'], 'late must be true or false')
    .optional()
    .transform((late) => (late === undefined ? undefined : late === 'true')),
})
export type AdminShipmentsQuery = z.output<typeof adminShipmentsQuery>
export type AdminShipmentsQueryInput = z.input<typeof adminShipmentsQuery>

/** A row of the admin "Shipments" table: one seller's part of an order and its parcel. */
export const adminShipmentRow = z.object({
  /** The sub-order. */
  _id: z.uuid(),
  orderId: z.uuid(),
  orderNumber,
  /** The seller's business name (its account name until it has one). */
  seller: z.string(),
  orderStatus: z.enum(ORDER_STATUSES),
  /** The day the seller should hand the parcel over by (IST). */
  shipBy: z.iso.date().nullable(),
  /** Null until the seller books the courier. */
  shipment: parcelBooking.nullable(),
  late: z.boolean(),
  lateReason: z.enum(LATE_REASONS).nullable(),
})
export type AdminShipmentRow = z.infer<typeof adminShipmentRow>

export const adminShipmentListResponse = z.object({
  success: z.literal(true),
  data: z.array(adminShipmentRow),
  /** Shipments matching the filter, over all pages. */
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
})
export type AdminShipmentList = z.infer<typeof adminShipmentListResponse>

/** `POST /api/admin/shipments/{subOrderId}/stop`: an admin stops a parcel handed to the courier. */
export const stopParcelParams = z.object({ subOrderId: idParam })
export const stopParcelResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /**
   * `cancelled`: the courier cancelled the booking before pickup, so the part is rejected now
   * (refund, stock, credit note); `returning`: the courier brings the parcel back, and those
   * follow its return-to-origin scan.
   */
  outcome: z.enum(['cancelled', 'returning']),
  orderStatus: z.enum(ORDER_STATUSES),
})
export type StopParcelResponse = z.infer<typeof stopParcelResponse>
