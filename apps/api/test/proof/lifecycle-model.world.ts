import {
  deriveOrderStatus,
  ENDED_ORDER_STATUSES,
  ORDER_EVENTS,
  ORDER_MACHINE,
  REFUND_MACHINE,
  RETURN_MACHINE,
  SHIPMENT_MACHINE,
  canHappen,
  endStatuses,
  type OrderEvent,
  type StateMachine,
} from '@techbazaar/shared'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../src/db/client'
import {
  orderHistory,
  orderLines,
  orders,
  payments,
  products,
  refunds,
  returnLines,
  returns,
  shipments,
  subOrders,
} from '../../src/db/schema'
import { createSession } from '../../src/modules/auth/sessions'
import { displayStatusIs, standingOf, standingsOf } from '../../src/modules/kernel/order-standing'
import type { TestContext } from '../app'
import { sessionCookieFor } from '../auth'
import { createProduct, createSeller } from '../factories'
import { createShopper, fillCart } from '../shop'
import { settlementProblems } from './settlement-invariants'

/*
 * The world of lifecycle-model.test.ts: one order of 2-3 sellers' parts, placed through the real
 * checkout, and what the model reads back from the database after every step (the snapshot) and
 * the invariants it holds the snapshot to.
 */

/** What fast-check draws for an order: per seller its lines' quantities (and spare stock). */
export interface OrderSpec {
  method: 'COD' | 'CASHFREE'
  /** An online order is paid (its webhook delivered) right after placing; else it waits. */
  paidFirst: boolean
  sellers: { lines: { quantity: number; spare: number; price: number }[] }[]
}

export interface World {
  orderId: string
  method: OrderSpec['method']
  shopperCookie: string
  adminCookie: string
  /** The Cashfree checkout's session (online orders). */
  sessionId: string | null
  /** The order's parts in id order, each with its seller's cookie. */
  parts: { id: string; sellerId: string; sellerCookie: string }[]
  /** Stock of each product before the order was placed. */
  initialStock: Map<string, number>
  /** Provider webhooks made (the shopper paid or failed) and not delivered yet. */
  heldWebhooks: { rawBody: string; headers: Record<string, string> }[]
  /** Those delivered, for a provider that sends one again. */
  sentWebhooks: { rawBody: string; headers: Record<string, string> }[]
}

const YEAR = 365

export async function buildWorld(t: TestContext, now: Date, spec: OrderSpec): Promise<World> {
  const db = t.database.db
  const cookieOf = async (userId: string) =>
    sessionCookieFor(t.app, await createSession(db, { userId, days: YEAR, now }))
  const initialStock = new Map<string, number>()
  const cart: { productId: string; quantity: number }[] = []
  const sellerCookies = new Map<string, string>()
  for (const s of spec.sellers) {
    const seller = await createSeller(db)
    sellerCookies.set(seller.id, await cookieOf(seller.id))
    // Its bank account, verified on the sandbox rail, so payout runs pay it (decision 60).
    const details = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settlements/payout-details',
      headers: { cookie: sellerCookies.get(seller.id)! },
      payload: {
        pan: 'ABCPE1234F',
        panName: 'Model Seller',
        holderName: 'Model Seller',
        accountNumber: '123456789012',
        ifsc: 'HDFC0001234',
      },
    })
    if (details.statusCode !== 200) throw new Error(`payout details: ${details.body}`)
    for (const line of s.lines) {
      const stock = line.quantity + line.spare
      const p = await createProduct(db, {
        sellerId: seller.id,
        price: line.price,
        totalStock: stock,
      })
      initialStock.set(p.id, stock)
      cart.push({ productId: p.id, quantity: line.quantity })
    }
  }
  const shopper = await createShopper(db)
  const shopperCookie = await cookieOf(shopper.user.id)
  const { user: admin } = await createShopper(db, { role: 'admin', type: 'admin' })
  await fillCart(db, shopper.user.id, cart)
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/shop/order/create',
    headers: { cookie: shopperCookie },
    payload: {
      userId: shopper.user.id,
      addressInfo: { addressId: shopper.address.id },
      paymentMethod: spec.method,
    },
  })
  if (res.statusCode !== 201) throw new Error(`order not placed: ${res.statusCode} ${res.body}`)
  const placed = res.json<{ orderId: string; paymentUrl?: string }>()
  const sessionId = placed.paymentUrl
    ? new URL(placed.paymentUrl, 'http://x').searchParams.get('payment_session_id')
    : null
  if (sessionId && spec.paidFirst) {
    const done = t.app.deps.payments.sandbox.complete(sessionId, 'pay', now)
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/cashfree',
      headers: done!.webhook.headers,
      payload: done!.webhook.rawBody,
    })
    if (paid.statusCode !== 200) throw new Error(`not paid: ${paid.body}`)
  }
  const parts = await db
    .select({ id: subOrders.id, sellerId: subOrders.sellerId })
    .from(subOrders)
    .where(eq(subOrders.orderId, placed.orderId))
    .orderBy(asc(subOrders.id))
  return {
    orderId: placed.orderId,
    method: spec.method,
    shopperCookie,
    adminCookie: await cookieOf(admin.id),
    sessionId,
    parts: parts.map((p) => ({ ...p, sellerCookie: sellerCookies.get(p.sellerId)! })),
    initialStock,
    heldWebhooks: [],
    sentWebhooks: [],
  }
}

/** Everything the invariants read about the world's order, in one go. */
export async function snapshot(db: Db, w: World) {
  const partIds = w.parts.map((p) => p.id)
  const [order] = await db.select().from(orders).where(eq(orders.id, w.orderId))
  if (!order) throw new Error('order vanished')
  const parts = await db
    .select({ id: subOrders.id, status: subOrders.status, subtotalPaise: subOrders.subtotalPaise })
    .from(subOrders)
    .where(eq(subOrders.orderId, w.orderId))
    .orderBy(asc(subOrders.id))
  const lines = await db
    .select({
      id: orderLines.id,
      subOrderId: orderLines.subOrderId,
      productId: orderLines.productId,
      quantity: orderLines.quantity,
      unitPricePaise: orderLines.unitPricePaise,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, w.orderId))
    .orderBy(asc(orderLines.id))
  const parcels = await db
    .select({
      id: shipments.id,
      subOrderId: shipments.subOrderId,
      status: shipments.status,
      awb: shipments.awb,
    })
    .from(shipments)
    .where(inArray(shipments.subOrderId, partIds))
    .orderBy(asc(shipments.id))
  const rets = await db
    .select({ id: returns.id, subOrderId: returns.subOrderId, status: returns.status })
    .from(returns)
    .where(eq(returns.orderId, w.orderId))
    .orderBy(asc(returns.id))
  const retLines = await db
    .select({
      returnId: returnLines.returnId,
      orderLineId: returnLines.orderLineId,
      quantity: returnLines.quantity,
    })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(eq(returns.orderId, w.orderId))
  const owed = await db
    .select({
      id: refunds.id,
      status: refunds.status,
      amountPaise: refunds.amountPaise,
      sourceKey: refunds.sourceKey,
      cause: refunds.cause,
      returnId: refunds.returnId,
    })
    .from(refunds)
    .where(eq(refunds.orderId, w.orderId))
    .orderBy(asc(refunds.id))
  const paid = await db
    .select({ status: payments.status, amountPaise: payments.amountPaise })
    .from(payments)
    .where(eq(payments.orderId, w.orderId))
    .orderBy(asc(payments.id))
  const stock = await db
    .select({ id: products.id, totalStock: products.totalStock })
    .from(products)
    .where(inArray(products.id, [...w.initialStock.keys()]))
    .orderBy(asc(products.id))
  const history = await db
    .select({
      event: orderHistory.event,
      subOrderId: orderHistory.subOrderId,
      fromStatus: orderHistory.fromStatus,
      toStatus: orderHistory.toStatus,
    })
    .from(orderHistory)
    .where(eq(orderHistory.orderId, w.orderId))
  return {
    orderStatus: order.orderStatus,
    paymentStatus: order.paymentStatus,
    totalPaise: order.totalPaise,
    paymentMethod: order.paymentMethod,
    parts,
    lines,
    parcels,
    rets,
    retLines,
    owed,
    paid,
    stock,
    history,
  }
}
export type Snapshot = Awaited<ReturnType<typeof snapshot>>

/** What must not change when a request is refused: every status, sum and stock level. */
export function digest(s: Snapshot): string {
  const { history, ...rest } = s
  return JSON.stringify({ ...rest, historyLines: history.length })
}

/** Whether `machine` can take a row from `from` to `to` in zero or more moves. */
function reachable<E extends string, S extends string, A extends string>(
  machine: StateMachine<E, S, A>,
  from: S,
  to: S,
): boolean {
  const seen = new Set<S>([from])
  const queue: S[] = [from]
  while (queue.length > 0) {
    const at = queue.shift()!
    if (at === to) return true
    for (const e of machine.events) {
      const t = machine.transitions[e]
      if (t.from.includes(at) && !seen.has(t.to)) {
        seen.add(t.to)
        queue.push(t.to)
      }
    }
  }
  return false
}

/**
 * Each row's status is one its machine lists and, since the step before, moved only along the
 * machine (never out of an end status); a row never disappears, a new one starts where its
 * machine lets rows start (or anywhere reachable from there, when the same step moved it on).
 */
function checkMoves<S extends string>(
  problems: string[],
  machine: StateMachine<string, S, string>,
  start: S,
  before: readonly { id: string; status: string }[],
  after: readonly { id: string; status: string }[],
) {
  const statuses: readonly string[] = machine.statuses
  const prev = new Map(before.map((r) => [r.id, r.status as S]))
  for (const row of after) {
    if (!statuses.includes(row.status)) {
      problems.push(`${machine.name} ${row.id} is "${row.status}", not a status its machine lists`)
      continue
    }
    const from = prev.get(row.id) ?? start
    if (!reachable(machine, from, row.status as S)) {
      problems.push(
        `${machine.name} ${row.id} moved ${from} -> ${row.status}, which its machine never allows`,
      )
    }
  }
  const ids = new Set(after.map((r) => r.id))
  for (const row of before) {
    if (!ids.has(row.id)) problems.push(`${machine.name} ${row.id} disappeared`)
  }
}

const ORDER_ENDS = endStatuses(ORDER_MACHINE)
const sum = (rows: readonly { amountPaise: number }[]) =>
  rows.reduce((total, r) => total + r.amountPaise, 0)

/** Every invariant the model holds the database to after a step; answers what broke. */
export async function invariants(db: Db, w: World, before: Snapshot, s: Snapshot) {
  const problems: string[] = []
  checkMoves(problems, ORDER_MACHINE, 'pending', before.parts, s.parts)
  checkMoves(problems, SHIPMENT_MACHINE, 'booked', before.parcels, s.parcels)
  checkMoves(problems, RETURN_MACHINE, 'requested', before.rets, s.rets)
  checkMoves(problems, REFUND_MACHINE, 'pending', before.owed, s.owed)

  // The timeline: each part's recorded move is one the table allows (event, from and to), and
  // no line of the whole order leaves an end status for another.
  const orderEvents: readonly string[] = ORDER_EVENTS
  for (const line of s.history) {
    if (!line.fromStatus || !line.toStatus || line.fromStatus === line.toStatus) continue
    if (line.subOrderId && orderEvents.includes(line.event)) {
      const event = line.event as OrderEvent
      if (
        !canHappen(ORDER_MACHINE, event, line.fromStatus) ||
        ORDER_MACHINE.transitions[event].to !== line.toStatus
      ) {
        problems.push(
          `timeline: ${line.event} ${line.fromStatus} -> ${line.toStatus} is not in the table`,
        )
      }
    } else if (ORDER_ENDS.has(line.fromStatus)) {
      problems.push(
        `timeline: ${line.event} left the end status ${line.fromStatus} for ${line.toStatus}`,
      )
    }
  }

  // The order's status is derived from its parts; an ended payment leaves no part waiting on it.
  const derived = deriveOrderStatus(s.parts.map((p) => p.status))
  if (s.orderStatus !== derived)
    problems.push(`order reads ${s.orderStatus}, its parts say ${derived}`)
  if (s.paymentStatus === 'failed' && s.parts.some((p) => p.status === 'pending')) {
    problems.push('the payment failed but a part still waits for it (its stock held for good)')
  }

  // What people read (kernel/order-standing.ts): the shared rule, and the SQL filter saying the same.
  const standing = standingOf(await standingsOf(db, [{ id: w.orderId, ...s }]), w.orderId).standing
  const shown = standing.status
  const [found] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, w.orderId), displayStatusIs(shown)))
  if (!found)
    problems.push(`the order shows ${shown}, but the status filter does not find it there`)
  const passed = new Set(s.rets.filter((r) => r.status === 'qc_passed').map((r) => r.id))
  const backOf = (lineId: string) =>
    s.retLines
      .filter((l) => l.orderLineId === lineId && passed.has(l.returnId))
      .reduce((n, l) => n + l.quantity, 0)
  const statusOf = new Map(s.parts.map((p) => [p.id, p.status]))
  const liveLines = s.lines.filter((l) => !ENDED_ORDER_STATUSES.has(statusOf.get(l.subOrderId)!))
  const allBack = liveLines.length > 0 && liveLines.every((l) => backOf(l.id) >= l.quantity)
  const expectShown = allBack ? 'returned' : s.orderStatus
  if (shown !== expectShown) problems.push(`the order shows ${shown}, expected ${expectShown}`)

  // Money: captured is what online payments took, or the cash couriers collected (the delivered
  // parts); every refund recorded (failed ones keep their claim) and every completed one fit in it.
  const captured =
    s.paymentMethod === 'COD'
      ? sum(
          s.parts
            .filter((p) => p.status === 'delivered')
            .map((p) => ({ amountPaise: p.subtotalPaise })),
        )
      : sum(s.paid.filter((p) => p.status === 'paid' || p.status === 'refunded'))
  const live = s.owed.filter((r) => r.status !== 'failed')
  const completed = s.owed.filter((r) => r.status === 'completed')
  if (sum(s.owed) > captured)
    problems.push(`refunds of ₹${sum(s.owed) / 100} exceed ₹${captured / 100} captured`)
  if (sum(live) > captured || sum(completed) > captured)
    problems.push('live or completed refunds exceed what was captured')
  // A return past its quality check owes exactly one refund, of no more than its units' worth;
  // no other return owes one.
  const priceOf = new Map(s.lines.map((l) => [l.id, l.unitPricePaise]))
  for (const r of s.rets) {
    const own = s.owed.filter((o) => o.returnId === r.id)
    const worth = s.retLines
      .filter((l) => l.returnId === r.id)
      .reduce((n, l) => n + l.quantity * (priceOf.get(l.orderLineId) ?? 0), 0)
    if (r.status === 'qc_passed' ? own.length !== 1 : own.length !== 0) {
      problems.push(`return ${r.id} (${r.status}) has ${own.length} refunds`)
    }
    if (sum(own) > worth) problems.push(`return ${r.id} refunds more than its units' worth`)
  }
  if (s.paymentMethod === 'COD' && s.owed.some((r) => r.cause !== 'return')) {
    problems.push('a cash-on-delivery order owes a refund other than a return (it took no money)')
  }

  // Stock is conserved. At placing, each line's units left the shelf. They come back whole when
  // the part ends (cancelled, rejected, payment failed, expired: restocked at once; back at the
  // seller by RTO: restocked by the returnToOrigin effect), and unit by unit when a return passes
  // its quality check (decide-return.ts). A delivered part's other units, and units of a failed or
  // open return, stay with the shopper. So: initial = shelf + units still out.
  for (const [productId, initial] of w.initialStock) {
    const shelf = s.stock.find((p) => p.id === productId)?.totalStock ?? Number.NaN
    const out = s.lines
      .filter(
        (l) => l.productId === productId && !ENDED_ORDER_STATUSES.has(statusOf.get(l.subOrderId)!),
      )
      .reduce((n, l) => n + l.quantity - backOf(l.id), 0)
    if (initial !== shelf + out) {
      problems.push(
        `stock of ${productId}: ${initial} at first, ${shelf} on the shelf + ${out} out`,
      )
    }
  }

  // A parcel and its part agree where the parcel's life ended.
  for (const parcel of s.parcels) {
    const part = statusOf.get(parcel.subOrderId)
    const want = { delivered: 'delivered', rto: 'returned', cancelled: 'rejected' }[
      parcel.status as 'delivered' | 'rto' | 'cancelled'
    ]
    if (want && part !== want) problems.push(`parcel ${parcel.status} but its part is ${part}`)
  }
  problems.push(...(await settlementProblems(db, w.orderId, s)))
  return problems
}
