import type { Order, OrderParcel } from '@techbazaar/shared'

type OrderLine = Order['cartItems'][number]

/** One line of a delivered parcel as the return dialog offers it. */
export interface ReturnableLine extends OrderLine {
  /** Delivered units not already in one of this part's returns (rejected ones given back). */
  returnable: number
}

/**
 * The lines of one seller's part. An order line does not say its part in the shared contract yet;
 * when the API sends `subOrderId` on the lines it is used, else a one-seller order's lines are all
 * its parcel's, and a several-seller order offers every line (the API refuses a line that is not
 * in a delivered part, with its message).
 */
export function linesOfParcel(order: Order, parcel: OrderParcel): OrderLine[] {
  const tagged = order.cartItems.filter((line) => 'subOrderId' in line)
  if (tagged.length === order.cartItems.length && tagged.length > 0) {
    return order.cartItems.filter(
      (line) => 'subOrderId' in line && line.subOrderId === parcel.subOrderId,
    )
  }
  return order.cartItems
}

/**
 * Each line of the part with what may still be sent back: the delivered quantity minus the units
 * of the part's returns that are not rejected (the API's rule, so the stepper never offers more
 * than it would accept).
 */
export function returnableLines(order: Order, parcel: OrderParcel): ReturnableLine[] {
  const taken = new Map<string, number>()
  for (const r of order.returns ?? []) {
    if (r.subOrderId !== parcel.subOrderId || r.status === 'rejected') continue
    for (const item of r.items)
      taken.set(item.productId, (taken.get(item.productId) ?? 0) + item.quantity)
  }
  return linesOfParcel(order, parcel).map((line) => ({
    ...line,
    returnable: Math.max(0, line.quantity - (taken.get(line.productId) ?? 0)),
  }))
}

/** Where a parcel stands for returns, at `now`. */
export type ReturnWindow =
  { state: 'none' } | { state: 'open'; until: string } | { state: 'closed'; until: string }

export function returnWindowOf(parcel: OrderParcel, now: number = Date.now()): ReturnWindow {
  const until = parcel.returnableUntil
  if (!until) return { state: 'none' }
  return new Date(until).getTime() > now ? { state: 'open', until } : { state: 'closed', until }
}

/** The parts that may still be cancelled (none is with a courier yet), as the API says. */
export function cancellableParts(order: Order): OrderParcel[] {
  return order.parcels.filter((parcel) => parcel.cancellable === true)
}

/** One line a cancel takes back, named with its seller as the parcel cards name it. */
export interface CancelledItem {
  key: string
  title: string
  quantity: number
  seller: string
}

/**
 * What a cancel of these parts takes back (issue 31.5): each still-open line of theirs, the units
 * not already cancelled or returned, with the seller of its part.
 */
export function itemsCancelled(order: Order, parts: readonly OrderParcel[]): CancelledItem[] {
  const sellerOf = new Map(parts.map((part) => [part.subOrderId, part.seller]))
  return order.cartItems.flatMap((line) => {
    // A one-seller order's lines are its one part's (older payloads name no part on a line).
    const partId =
      line.subOrderId ?? (order.parcels.length === 1 ? order.parcels[0]?.subOrderId : undefined)
    const seller = partId ? sellerOf.get(partId) : undefined
    const quantity = line.quantity - line.cancelledQuantity - line.returnedQuantity
    if (seller === undefined || line.state !== 'active' || quantity <= 0) return []
    return [{ key: line.productId, title: line.title, quantity, seller }]
  })
}
