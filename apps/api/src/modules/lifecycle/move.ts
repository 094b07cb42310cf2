import {
  deriveOrderStatus,
  ENDED_ORDER_STATUSES,
  ORDER_PROGRESS,
  ORDER_STATUS_LABELS,
  ORDER_TRANSITIONS,
  type OrderActor,
  type OrderEvent,
  type OrderStatus,
} from '@techbazaar/shared'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { orders, subOrders } from '../../db/schema'
import { conflict, notFound } from '../../lib/errors'
import { lockOrder, recordHistory } from '../kernel'
import type { LifecycleContext } from './context'
import { EFFECTS } from './effects'

/** Who asks for a move: the kind of actor, and the person when it is one. */
export interface MoveActor {
  kind: OrderActor
  id?: string
}

export interface MoveRequest {
  orderId: string
  event: OrderEvent
  actor: MoveActor
  /** One seller's part only; without it every live part of the order moves. */
  subOrderId?: string
  /** The provider's payment references, for `pay`. */
  payment?: { providerPaymentId?: string; payerId?: string }
  /**
   * When the event happened, as a courier reports it (its scan's time): the delivery's moment,
   * from which the return window counts. Absent (a person's move, a job), it happens now.
   */
  at?: Date
  note?: string
}

export interface MoveResult {
  /** False when everything asked for was already so (a replayed webhook, a second click). */
  changed: boolean
  /** The order's derived status after the move. */
  orderStatus: OrderStatus
}

const PEOPLE: ReadonlySet<OrderActor> = new Set(['shopper', 'seller', 'admin'])

/** The 409 a person hears for a move the lifecycle's table refuses. */
export function refusedMove(from: OrderStatus, to: OrderStatus) {
  return conflict(
    `This order is ${ORDER_STATUS_LABELS[from]}; it cannot be marked ${ORDER_STATUS_LABELS[to]}.`,
  )
}

/** A live part already further along than `target` is left alone by a whole-order move. */
const isPast = (status: OrderStatus, target: OrderStatus) =>
  ORDER_PROGRESS[status] !== undefined &&
  ORDER_PROGRESS[target] !== undefined &&
  ORDER_PROGRESS[status] > ORDER_PROGRESS[target]

/**
 * The one way an order or a sub-order changes status. Locks the order, checks the move against
 * ORDER_TRANSITIONS for this actor, moves the sub-orders, carries out the event's side effects,
 * writes the order's derived status and a history line, all in the caller's transaction.
 *
 * People get a 409 for a move the table refuses; a provider, courier or job asking for a move
 * that no longer applies (the order ended meanwhile) changes nothing and hears `changed: false`.
 */
export async function moveOrder(
  tx: Tx,
  ctx: LifecycleContext,
  request: MoveRequest,
): Promise<MoveResult> {
  const transition = ORDER_TRANSITIONS[request.event]
  const locked = await lockOrder(tx, request.orderId)
  if (!locked) throw notFound('Order not found')
  const order = { status: locked.orderStatus, userId: locked.userId }
  const parts = await tx
    .select({ id: subOrders.id, status: subOrders.status })
    .from(subOrders)
    .where(eq(subOrders.orderId, request.orderId))
    .orderBy(asc(subOrders.id))
    .for('update')
  const targets = request.subOrderId
    ? parts.filter((p) => p.id === request.subOrderId)
    : parts.filter((p) => !ENDED_ORDER_STATUSES.has(p.status) || p.status === transition.to)
  if (request.subOrderId && targets.length === 0) throw notFound('Order not found')

  // People hear why (409); a provider's, courier's or job's message that no longer applies (the
  // order ended meanwhile) is answered as done, or its sender would retry it for ever.
  const refuse = (status: OrderStatus): MoveResult => {
    if (PEOPLE.has(request.actor.kind)) throw refusedMove(status, transition.to)
    return { changed: false, orderStatus: order.status }
  }
  if (!transition.actors.includes(request.actor.kind)) return refuse(order.status)
  const moving = targets.filter(
    (p) => p.status !== transition.to && !isPast(p.status, transition.to),
  )
  const stuck = moving.find((p) => !transition.from.includes(p.status))
  if (stuck) return refuse(stuck.status)
  // An order whose every part has ended (or none was live to move) cannot move as a whole.
  if (!request.subOrderId && targets.length === 0) return refuse(order.status)
  if (moving.length === 0) return { changed: false, orderStatus: order.status }

  const movingIds = moving.map((p) => p.id)
  await tx
    .update(subOrders)
    .set({ status: transition.to })
    .where(and(eq(subOrders.orderId, request.orderId), inArray(subOrders.id, movingIds)))
  const after = parts.map((p) => (movingIds.includes(p.id) ? transition.to : p.status))
  const orderStatus = deriveOrderStatus(after)
  if (orderStatus !== order.status) {
    await tx.update(orders).set({ orderStatus }).where(eq(orders.id, request.orderId))
  }
  const single = request.subOrderId ? moving[0] : undefined
  // Before its effects: the timeline reads the move, then what it caused (a refund, issue 31.5).
  await recordHistory(tx, {
    orderId: request.orderId,
    subOrderId: single?.id ?? null,
    event: request.event,
    fromStatus: single?.status ?? order.status,
    toStatus: single ? transition.to : orderStatus,
    actor: request.actor.kind,
    actorId: request.actor.id ?? null,
    note: request.note ?? null,
  })
  await EFFECTS[request.event](tx, ctx, request, { userId: order.userId, parts: movingIds })
  return { changed: true, orderStatus }
}
