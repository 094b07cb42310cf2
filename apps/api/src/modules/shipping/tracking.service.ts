import {
  COURIER_LABELS,
  type CourierName,
  ENDED_SHIPMENT_STATUSES,
  eventFor,
  formatOrderNumber,
  SHIPMENT_MACHINE,
  SHIPMENT_STATUS_LABELS,
  type OrderEvent,
  type ShipmentStatus,
} from '@techbazaar/shared'
import { and, eq } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { statusMover } from '../../db/move-status'
import { orders, shipmentEvents, shipments, subOrders } from '../../db/schema'
import type { Couriers } from '../../couriers'
import type { CourierEvent, WebhookRequest } from '../../couriers/types'
import { badRequest, notFound } from '../../lib/errors'
import { type LifecycleContext, moveOrder } from '../lifecycle'
import { lockOrder, queueShopperSms } from '../kernel'

export interface TrackingDeps {
  db: Db
  couriers: Couriers
  lifecycle: LifecycleContext
}

/** Parcels move only by SHIPMENT_MACHINE's events (packages/shared shipping.ts). */
const moveShipment = statusMover(shipments, SHIPMENT_MACHINE)

/** The lifecycle events a parcel's status brings about for its sub-order, in order. */
function lifecycleEvents(status: ShipmentStatus): OrderEvent[] {
  if (status === 'delivered') return ['ship', 'deliver']
  if (status === 'rto') return ['returnToOrigin']
  if (status === 'booked' || status === 'cancelled') return []
  return ['ship']
}

/**
 * A courier's tracking webhook: authenticated the way the courier allows (403 otherwise), then
 * recorded once per event. A replayed event changes nothing; one that arrives after a later one
 * is kept in the parcel's history but does not move it back.
 */
export async function handleCourierWebhook(
  deps: TrackingDeps,
  courierName: string,
  request: WebhookRequest,
): Promise<{ applied: boolean }> {
  const courier = deps.couriers.courier(courierName)
  if (!courier) throw notFound('Unknown courier')
  let event: CourierEvent | null
  try {
    event = courier.verifyWebhook(request)
  } catch {
    throw badRequest('Invalid courier notification')
  }
  // Authentic, but a status the shop does not follow: acknowledged so the courier stops sending.
  if (!event) return { applied: false }
  return deps.db.transaction((tx) => applyTrackingEvent(tx, deps.lifecycle, courier.name, event))
}

async function applyTrackingEvent(
  tx: Tx,
  lifecycle: LifecycleContext,
  courier: CourierName,
  event: CourierEvent,
): Promise<{ applied: boolean }> {
  const [found] = await tx
    .select({ shipmentId: shipments.id, orderId: subOrders.orderId })
    .from(shipments)
    .innerJoin(subOrders, eq(subOrders.id, shipments.subOrderId))
    .where(and(eq(shipments.courier, courier), eq(shipments.awb, event.awb)))
  // Not a parcel the shop booked (one made in the courier's own panel): acknowledged, since a
  // courier retries anything but a 2xx, and nothing here is about it.
  if (!found) return { applied: false }
  // The order first, as every writer of its rows takes it; then the parcel as it now stands.
  await lockOrder(tx, found.orderId)
  const [shipment] = await tx.select().from(shipments).where(eq(shipments.id, found.shipmentId))
  if (!shipment) return { applied: false }
  const parcel = { shipment, orderId: found.orderId }
  // The end told again (a courier resends "delivered" with a later time): nothing new to keep.
  if (event.status === parcel.shipment.status && ENDED_SHIPMENT_STATUSES.has(event.status)) {
    return { applied: false }
  }
  const recorded = await tx
    .insert(shipmentEvents)
    .values({
      shipmentId: parcel.shipment.id,
      eventKey: event.eventKey,
      status: event.status,
      location: event.location,
      at: event.at,
    })
    .onConflictDoNothing()
    .returning({ id: shipmentEvents.id })
  const [recordedEvent] = recorded
  if (!recordedEvent) return { applied: false }
  // A scan behind the parcel's status (out of order), or after its end, is kept, not applied.
  const current = parcel.shipment.status
  const step =
    current === 'booking' ? null : eventFor(SHIPMENT_MACHINE, current, event.status, 'courier')
  if (!step || !(await moveShipment(tx, parcel.shipment.id, step))) return { applied: false }
  // Each move's consequences (the shopper's mails among them) are the lifecycle's.
  for (const step of lifecycleEvents(event.status)) {
    await moveOrder(tx, lifecycle, {
      orderId: parcel.orderId,
      subOrderId: parcel.shipment.subOrderId,
      event: step,
      actor: { kind: 'courier' },
      // The scan's time: a delivery counts from it, not from when this webhook got through.
      at: event.at,
      note: `${COURIER_LABELS[courier]} ${event.awb}: ${SHIPMENT_STATUS_LABELS[event.status]}${event.location ? `, ${event.location}` : ''}`,
    })
  }
  if (event.status === 'out_for_delivery')
    await queueOutForDelivery(tx, lifecycle, parcel.orderId, recordedEvent.id)
  return { applied: true }
}

/**
 * "Out for delivery" has no mail (the parcel arrives within hours) but is worth an SMS: once per
 * scan, since a failed attempt is followed by another day out (decision 093).
 */
async function queueOutForDelivery(
  tx: Tx,
  lifecycle: LifecycleContext,
  orderId: string,
  eventId: string,
) {
  const [order] = await tx
    .select({ userId: orders.userId, number: orders.orderNumber })
    .from(orders)
    .where(eq(orders.id, orderId))
  if (!order) return
  await queueShopperSms(
    tx,
    order.userId,
    'out_for_delivery',
    { shop: lifecycle.shopName, order: formatOrderNumber(order.number) },
    `out-for-delivery:${eventId}`,
  )
}
