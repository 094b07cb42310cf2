import type { OrderStatus, PaymentStatus } from './constants'
import { paiseToRupees } from './money'
import { ENDED_ORDER_STATUSES } from './order-lifecycle'
import type { RefundStatus } from './refunds'

/**
 * Issue 26.8: what an order stands at after cancellations, returns and refunds. One rule for
 * every place that shows an order's money or status (My Orders, the details of the shopper, the
 * admin and the seller, the back office's lists, the dashboard's revenue, the mails), so the
 * shopper, the courier's label and the owner's figures never disagree.
 */

/** Where a line's units are: all still with the order, all cancelled, all come back. */
export const LINE_STATES = ['active', 'cancelled', 'returned'] as const
export type LineState = (typeof LINE_STATES)[number]

export interface StandingLine {
  id: string
  subOrderId: string
  unitPricePaise: number
  quantity: number
}

export interface StandingInput {
  paymentMethod: string
  /** What the order row stores: the provider's word online, `refunded` once all came back. */
  paymentStatus: PaymentStatus
  /** The lifecycle's status of what is in view (`deriveOrderStatus` of those parts). */
  orderStatus: OrderStatus
  /** What was ordered of what is in view: the order's total, or a seller's part's subtotal. */
  totalPaise: number
  /** The sub-orders in view (a seller's own; everyone else's all) with their subtotals. */
  parts: readonly { id: string; status: OrderStatus; subtotalPaise: number }[]
  /** Their lines; may be left empty when only the money is wanted (the dashboard). */
  lines: readonly StandingLine[]
  /** Units of each line that returns brought back through their quality check (`qc_passed`). */
  returned: readonly { orderLineId: string; quantity: number }[]
  /** The refunds of the parts in view (for the whole order, also those of no part). */
  refunds: readonly { amountPaise: number; status: RefundStatus }[]
}

export interface LineStanding {
  id: string
  state: LineState
  /** Units still with the order (to deliver, or delivered and kept). */
  activeQuantity: number
  /** Units of a part cancelled (or rejected, or never paid) before it shipped. */
  cancelledQuantity: number
  /** Units that came back: returned by the shopper, or the parcel back undelivered (RTO). */
  returnedQuantity: number
}

export interface OrderStanding {
  lines: LineStanding[]
  /** What was ordered. */
  totalPaise: number
  /**
   * What the order costs now. Cash on delivery: what the couriers collect (or collected), the
   * parts cancelled or back undelivered left out. Online: what the payment charged (the whole
   * order, one payment), nothing when it never went through; what is refunded is beside it.
   */
  payablePaise: number
  /** Cash on delivery: what the couriers are still to collect (live parts not delivered yet). */
  dueOnDeliveryPaise: number
  /** Refunds completed (the money is with the shopper). */
  refundedPaise: number
  /** Refunds recorded and not completed yet (queued, with the provider, or failed and retried). */
  refundPendingPaise: number
  /** Revenue: what is payable less every refund recorded, whatever its state. */
  netPaise: number
  /** What the order reads: the lifecycle's status, or `returned` once every unit came back. */
  status: OrderStatus
  /** What the payment reads: cash on delivery is paid once the couriers collected all of it. */
  paymentStatus: PaymentStatus
}

/** Parts that will never be delivered: their units never left or came back undelivered. */
const undelivered = (status: OrderStatus) => ENDED_ORDER_STATUSES.has(status)

/**
 * The one rule (docs/decisions/056-second-outside-attack.md, Issue 26.8): an order's lines, money
 * and words from its parts' statuses, the units its returns brought back and its refunds. Pure:
 * callers load the rows, this decides.
 */
export function orderStanding(input: StandingInput): OrderStanding {
  const statusOf = new Map(input.parts.map((p) => [p.id, p.status]))
  const returnedOf = new Map<string, number>()
  for (const r of input.returned) {
    returnedOf.set(r.orderLineId, (returnedOf.get(r.orderLineId) ?? 0) + r.quantity)
  }

  let shopperReturned = 0
  let active = 0
  const lines = input.lines.map((line): LineStanding => {
    const status = statusOf.get(line.subOrderId)
    const none = { id: line.id, activeQuantity: 0, cancelledQuantity: 0, returnedQuantity: 0 }
    if (status === 'returned') {
      return { ...none, state: 'returned', returnedQuantity: line.quantity }
    }
    if (status !== undefined && undelivered(status)) {
      return { ...none, state: 'cancelled', cancelledQuantity: line.quantity }
    }
    const back = Math.min(line.quantity, returnedOf.get(line.id) ?? 0)
    shopperReturned += back
    active += line.quantity - back
    return {
      ...none,
      state: back === line.quantity ? 'returned' : 'active',
      activeQuantity: line.quantity - back,
      returnedQuantity: back,
    }
  })

  const { totalPaise } = input
  const live = input.parts.filter((p) => !undelivered(p.status))
  const cod = input.paymentMethod === 'COD'
  const ended = input.parts.filter((p) => undelivered(p.status))
  const payablePaise = cod
    ? totalPaise - ended.reduce((sum, p) => sum + p.subtotalPaise, 0)
    : input.paymentStatus === 'failed'
      ? 0
      : totalPaise
  const dueOnDeliveryPaise = cod
    ? live.filter((p) => p.status !== 'delivered').reduce((sum, p) => sum + p.subtotalPaise, 0)
    : 0
  const refundedPaise = sumOf(input.refunds.filter((r) => r.status === 'completed'))
  const refundPendingPaise = sumOf(input.refunds.filter((r) => r.status !== 'completed'))

  // Every unit came back or never left, and the shopper sent some back: nothing is with them.
  const allBack = input.lines.length > 0 && active === 0 && shopperReturned > 0
  // The couriers collected every rupee due once each live part is delivered.
  const collected =
    cod &&
    input.paymentStatus === 'pending' &&
    live.length > 0 &&
    live.every((p) => p.status === 'delivered')
  return {
    lines,
    totalPaise,
    payablePaise,
    dueOnDeliveryPaise,
    refundedPaise,
    refundPendingPaise,
    netPaise: payablePaise - refundedPaise - refundPendingPaise,
    status: allBack ? 'returned' : input.orderStatus,
    paymentStatus: collected ? 'paid' : input.paymentStatus,
  }
}

const sumOf = (rows: readonly { amountPaise: number }[]) =>
  rows.reduce((sum, r) => sum + r.amountPaise, 0)

/** The standing as the order views' fields carry it, in rupees (the API's edge). */
export function standingFields(standing: OrderStanding) {
  return {
    payableAmount: paiseToRupees(standing.payablePaise),
    refundedAmount: paiseToRupees(standing.refundedPaise),
    refundPendingAmount: paiseToRupees(standing.refundPendingPaise),
    displayStatus: standing.status,
    displayPaymentStatus: standing.paymentStatus,
  }
}
