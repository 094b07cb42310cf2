import type { CourierName, ShipmentStatus } from '@techbazaar/shared'

/** Where a parcel is picked up or delivered. */
export interface ParcelAddress {
  name: string
  address: string
  city: string
  pincode: string
  phone: string
}

export interface ServiceabilityInput {
  /** The seller's pickup pincode, when it has one. */
  pickupPincode: string | null
  deliveryPincode: string
}

export interface ServiceabilityAnswer {
  serviceable: boolean
  cod: boolean
  /** Days in transit, when serviceable. */
  transitDays: number | null
}

export interface BookingInput {
  /** Ours, unique per parcel (the sub-order): an operator finds a booking by it. */
  reference: string
  pickup: ParcelAddress
  delivery: ParcelAddress
  /** Cash to collect at the door, in paise; 0 for a prepaid parcel. */
  codPaise: number
  declaredValuePaise: number
  weightGrams: number
  lengthCm: number
  breadthCm: number
  heightCm: number
  items: { title: string; quantity: number; unitPricePaise: number }[]
}

export interface Booking {
  awb: string
  /** Where the seller prints the label. */
  labelUrl: string
  transitDays: number | null
}

/** A tracking notification whose authenticity has been checked. */
export interface CourierEvent {
  /** Unique per event for this AWB (the courier's id, or its status and time). */
  eventKey: string
  awb: string
  status: ShipmentStatus
  at: Date
  location: string | null
}

export class CourierError extends Error {}
export class CourierAuthError extends Error {}

/** One interface for every courier, like the payment providers'. */
export interface Courier {
  readonly name: CourierName
  /** True when the built-in sandbox courier plays it (demo mode). */
  readonly sandbox: boolean
  serviceability(input: ServiceabilityInput): Promise<ServiceabilityAnswer>
  /** Books the pickup and answers the AWB; throws CourierError when the courier cannot. */
  book(input: BookingInput): Promise<Booking>
  /** Checks a webhook's authentication; throws CourierAuthError when it fails. */
  verifyWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): CourierEvent
}
