import type { CourierName, ShipmentStatus } from '@techbazaar/shared'

/** Where a parcel is picked up or delivered. */
export interface ParcelAddress {
  name: string
  address: string
  city: string
  pincode: string
  phone: string
  /**
   * Couriers ask for one (Shiprocket's pickup location and bill-to, Delhivery's warehouse); a
   * real adapter uses its own account's email when none is given.
   */
  email?: string
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
  /**
   * The seller's id (stable): names the seller's pickup place at the courier (Shiprocket's
   * pickup location, Delhivery's warehouse), created on its first booking.
   */
  pickupId: string
  pickup: ParcelAddress
  delivery: ParcelAddress
  /** Cash to collect at the door, in paise; 0 for a prepaid parcel (more than 0 means COD). */
  codPaise: number
  declaredValuePaise: number
  weightGrams: number
  lengthCm: number
  breadthCm: number
  heightCm: number
  /** `sku`: the product id (Shiprocket requires one per item). */
  items: { sku: string; title: string; quantity: number; unitPricePaise: number }[]
  /**
   * The consignment's e-way bill when the seller made it before booking (rule 138, decision
   * 073): the courier prints it and carries it. One the shop generates comes after the booking.
   */
  eWayBillNumber?: string
}

/** A reverse pickup: the courier collects a return from the shopper and brings it to the seller. */
export interface ReturnPickupInput {
  /** Ours, unique per reverse pickup (the return's id): an operator finds the booking by it. */
  reference: string
  /** The shopper: where the courier collects the parcel. */
  pickup: ParcelAddress
  /** The seller's pickup/return address: where the parcel goes back to. */
  delivery: ParcelAddress
  /** The seller's id, as `BookingInput.pickupId`: names the seller's place at the courier. */
  sellerPlaceId: string
  /** What the returned items are worth, in paise (nothing is collected: a return is prepaid). */
  declaredValuePaise: number
  weightGrams: number
  lengthCm: number
  breadthCm: number
  heightCm: number
  /** `sku`: the product id. */
  items: { sku: string; title: string; quantity: number; unitPricePaise: number }[]
}

export interface Booking {
  awb: string
  /** Where the seller prints the label. */
  labelUrl: string
  transitDays: number | null
  /**
   * The courier's own id of the booking when the AWB alone does not find it (Shiprocket: its
   * order and shipment ids). Store it and give it back to label, requestPickup and cancel;
   * without it they look the AWB up first (one more call).
   */
  providerRef?: string
}

/**
 * A booking the courier holds under our reference, as `findBookings` answers it: enough for
 * `cancel(awb, providerRef)`. `awb` is empty when the courier made the booking but assigned no AWB
 * yet (Shiprocket: an order without one); `providerRef` then finds it.
 */
export interface FoundBooking {
  awb: string
  providerRef?: string
}

/** A tracking event whose authenticity has been checked (webhook) or that we fetched (track). */
export interface CourierEvent {
  /**
   * Unique per event for this AWB. A real adapter builds it the same way from a webhook and from
   * `track` (the shop's status and the scan's time), so a polled event and a pushed one dedupe.
   */
  eventKey: string
  awb: string
  status: ShipmentStatus
  at: Date
  location: string | null
}

/** What a webhook request brings: the exact bytes, the headers and the URL's query. */
export interface WebhookRequest {
  rawBody: string
  headers: Record<string, string | string[] | undefined>
  query: Record<string, string | undefined>
}

/** The courier refused or could not be reached; nothing of this call is left booked. */
export class CourierError extends Error {
  /** The courier's HTTP status, when it answered at all. */
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
  }
}
/** The courier serves no parcel (or no cash-on-delivery parcel) between these pincodes. */
export class CourierUnserviceableError extends CourierError {}
export class CourierAuthError extends Error {}

/** One interface for every courier, like the payment providers'. */
export interface Courier {
  readonly name: CourierName
  /** True when the built-in sandbox courier plays it (demo mode). */
  readonly sandbox: boolean
  serviceability(input: ServiceabilityInput): Promise<ServiceabilityAnswer>
  /**
   * Books the parcel (AWB, label, pickup requested) and answers the AWB. All or nothing: when a
   * step fails after the courier created something, that is cancelled (best effort) and a
   * CourierError is thrown.
   */
  book(input: BookingInput): Promise<Booking>
  /**
   * A reverse pickup: the courier collects a return from the shopper and brings it to the seller.
   * All or nothing like `book`. The answer's AWB is tracked like a forward parcel's (webhooks,
   * `track`), and `cancel` takes it (with its `providerRef`) while it is not picked up.
   */
  bookReturn(input: ReturnPickupInput): Promise<Booking>
  /** The label's URL, made anew (a courier's label links may expire). */
  label(awb: string, providerRef?: string): Promise<string>
  /**
   * Asks the courier (again) to collect the parcel from the seller's pickup place (`book` has
   * asked once); the place is made first when the seller's address changed since.
   */
  requestPickup(input: {
    awb: string
    pickupId: string
    pickup: ParcelAddress
    providerRef?: string
  }): Promise<void>
  /**
   * The bookings (forward parcels or reverse pickups) the courier holds, not cancelled, under our
   * reference (`BookingInput.reference`, `ReturnPickupInput.reference`): how a claim whose process
   * died before the courier answered finds what may have been booked. An empty list means the
   * courier has none; a CourierError means it could not say (unreachable, refused).
   */
  findBookings(reference: string): Promise<FoundBooking[]>
  /** Cancels a booking the courier has not picked up yet; throws CourierError when refused. */
  cancel(awb: string, providerRef?: string): Promise<void>
  /**
   * Asks the courier to bring a parcel it has picked up back to the seller (return to origin)
   * instead of delivering it; its RTO scan then arrives like any other. Throws CourierError when
   * refused (delivered already, or a courier whose API takes no such request).
   */
  returnToOrigin(awb: string, providerRef?: string): Promise<void>
  /** The parcel's scans in the shop's words, oldest first; scans the shop ignores are left out. */
  track(awb: string): Promise<CourierEvent[]>
  /**
   * Checks a webhook's authentication (throws CourierAuthError when it fails or the body is not
   * a tracking notification) and answers its event, or null when it is authentic but carries a
   * status the shop does not follow (manifested, RTO initiated, ...): acknowledge and ignore it.
   */
  verifyWebhook(request: WebhookRequest): CourierEvent | null
}
