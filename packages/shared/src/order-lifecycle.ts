import { ORDER_STATUSES, type OrderStatus } from './constants'
import { canHappen, defineMachine, eventFor, nextStatuses, type Transition } from './state-machine'

/**
 * Who moves an order: the buyer, the seller of a sub-order, a marketplace admin, a payment
 * provider (webhook or verified return), a courier (tracking, issue 16) or one of the shop's own
 * jobs (the expiry sweep).
 */
export const ORDER_ACTORS = ['shopper', 'seller', 'admin', 'provider', 'courier', 'system'] as const
export type OrderActor = (typeof ORDER_ACTORS)[number]

/** What happens to an order; each is one row of the table below. */
export const ORDER_EVENTS = [
  'pay',
  'failPayment',
  'expire',
  'cancel',
  'process',
  'ship',
  'deliver',
  'reject',
  'returnToOrigin',
] as const
export type OrderEvent = (typeof ORDER_EVENTS)[number]

/**
 * Every move a sub-order may make, and who may make it; anything else is refused (409). An
 * order's own status is derived from its sub-orders (`deriveOrderStatus`). `pending` is an online
 * order awaiting its payment (a COD order starts confirmed). Shipped goods do not come back by
 * rejection: that is a return (issue 18). To add a transition: a row here (and the event to
 * ORDER_EVENTS), its side effects in the API's `modules/lifecycle/effects/<event>.ts`, a label in
 * `ORDER_EVENT_LABELS`.
 */
export const ORDER_TRANSITIONS: Record<OrderEvent, Transition<OrderStatus, OrderActor>> = {
  pay: { from: ['pending'], to: 'confirmed', actors: ['provider'] },
  failPayment: { from: ['pending'], to: 'paymentFailed', actors: ['provider', 'system'] },
  expire: { from: ['pending'], to: 'expired', actors: ['system'] },
  /**
   * The shopper cancels the order, or one seller's part, until it ships (issue 18): an unpaid
   * order's lines go back to the cart; a paid part is refunded in full, with no charge.
   */
  cancel: { from: ['pending', 'confirmed', 'inProcess'], to: 'cancelled', actors: ['shopper'] },
  process: { from: ['confirmed'], to: 'inProcess', actors: ['seller', 'admin'] },
  /**
   * Shipped and Delivered are the courier's to say (its tracking scans, issue 16): a seller books
   * the courier ("Ship") instead. An admin may still move a parcel shipped outside the shop.
   */
  ship: { from: ['confirmed', 'inProcess'], to: 'inShipping', actors: ['admin', 'courier'] },
  deliver: { from: ['inShipping'], to: 'delivered', actors: ['admin', 'courier'] },
  /**
   * Only before a courier booking (issue 26.5; the API refuses a part with a live booking): a
   * parcel handed to the courier is stopped through the courier (its booking cancelled, which
   * rejects the part, or brought back: `returnToOrigin`), so money and stock move only once the
   * goods are back at the seller.
   */
  reject: { from: ['pending', 'confirmed', 'inProcess'], to: 'rejected', actors: ['admin'] },
  /** The courier could not deliver and brought the parcel back (RTO): stock back, money back. */
  returnToOrigin: { from: ['inProcess', 'inShipping'], to: 'returned', actors: ['courier'] },
}

/** Ends from which nothing moves any more (returns and refunds will leave `delivered`). */
export const ENDED_ORDER_STATUSES: ReadonlySet<OrderStatus> = new Set([
  'rejected',
  'cancelled',
  'paymentFailed',
  'expired',
  'returned',
])

/** The sub-order's machine (state-machine.ts): what `moveOrder` moves by. */
export const ORDER_MACHINE = defineMachine('order', ORDER_STATUSES, ORDER_TRANSITIONS)

/** The event that takes a sub-order from `from` to `to` for `actor`, or null when none may. */
export const orderEventFor = (from: OrderStatus, to: OrderStatus, actor: OrderActor) =>
  eventFor(ORDER_MACHINE, from, to, actor)

/** The statuses `actor` may move a sub-order in `from` to (what a status select offers). */
export const nextOrderStatuses = (from: OrderStatus, actor: OrderActor) =>
  nextStatuses(ORDER_MACHINE, from, actor)

/** A part its seller may ship (book the courier for): confirmed or in process. */
export const isShippable = (status: OrderStatus) => canHappen(ORDER_MACHINE, 'ship', status)

/**
 * A part the shopper may still cancel: the table allows it (before it ships) and no courier
 * booking of it stands (a booked parcel is stopped through the courier, or returned once
 * delivered). The one rule for the Cancel buttons, the cancel route and the cancel effect.
 */
export const stillCancellable = (status: OrderStatus, booked: boolean) =>
  !booked && canHappen(ORDER_MACHINE, 'cancel', status)

/** How far along each live status is; the order reads as its least advanced live part. */
export const ORDER_PROGRESS: Partial<Record<OrderStatus, number>> = {
  pending: 0,
  confirmed: 1,
  inProcess: 2,
  inShipping: 3,
  delivered: 4,
}

/**
 * The one rule for an order's status: its least advanced sub-order that is still live (a parcel
 * delivered while another is being packed reads "In process"). When every part has ended, the
 * order ends the way they did, or as rejected when they ended differently (some parts rejected).
 */
export function deriveOrderStatus(subStatuses: readonly OrderStatus[]): OrderStatus {
  const live = subStatuses.filter((s) => !ENDED_ORDER_STATUSES.has(s))
  if (live.length > 0) {
    return live.reduce((least, s) =>
      (ORDER_PROGRESS[s] ?? 0) < (ORDER_PROGRESS[least] ?? 0) ? s : least,
    )
  }
  const [first] = subStatuses
  if (first === undefined) return 'pending'
  return subStatuses.every((s) => s === first) ? first : 'rejected'
}

/**
 * What an order's timeline records: the moves above, plus its placing, a payment that arrived
 * after the order had ended, its refunds and its returns' steps.
 */
export const ORDER_HISTORY_EVENTS = [
  ...ORDER_EVENTS,
  'place',
  'latePayment',
  'refund',
  'refundFailed',
  'refundPaid',
  'returnRequested',
  'returnApproved',
  'returnRejected',
  'returnReceived',
  'returnPassed',
  'returnFailed',
  'parcelStopped',
] as const
export type OrderHistoryEvent = (typeof ORDER_HISTORY_EVENTS)[number]

/** A timeline line as a person reads it. */
export const ORDER_HISTORY_LABELS: Record<OrderHistoryEvent, string> = {
  place: 'Order placed',
  pay: 'Payment received',
  failPayment: 'Payment failed',
  expire: 'Payment window expired',
  cancel: 'Cancelled by the shopper',
  process: 'Being processed',
  ship: 'Shipped',
  deliver: 'Delivered',
  reject: 'Rejected',
  returnToOrigin: 'Returned to the seller by the courier',
  latePayment: 'Payment received after the order had ended; a refund is queued',
  refund: 'Refund initiated',
  refundFailed: 'Refund delayed: the payment provider failed it; the shop will retry it',
  refundPaid: 'Refund completed',
  returnRequested: 'Return requested',
  returnApproved: 'Return approved; pickup booked',
  returnRejected: 'Return rejected',
  returnReceived: 'Returned items received by the seller',
  returnPassed: 'Return passed its quality check',
  returnFailed: 'Return failed its quality check',
  parcelStopped: 'Parcel stopped: the courier is bringing it back to the seller',
}

export const ORDER_ACTOR_LABELS: Record<OrderActor, string> = {
  shopper: 'Shopper',
  seller: 'Seller',
  admin: 'TechBazaar',
  provider: 'Payment provider',
  courier: 'Courier',
  system: 'TechBazaar',
}
