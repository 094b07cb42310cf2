import {
  COURIER_LABELS,
  ORDER_STATUS_LABELS,
  canHappen,
  ORDER_TRANSITIONS,
  SHIPMENT_MACHINE,
  type SessionUser,
  type StopParcelResponse,
} from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import { CourierError } from '../../couriers/types'
import { statusMover } from '../../db/move-status'
import { shipments, subOrders } from '../../db/schema'
import { conflict, notFound } from '../../lib/errors'
import { type LifecycleContext, moveOrder } from '../lifecycle'
import { recordHistory, lockOrder } from '../kernel'
import { cancelDispatchDocuments, type GstDeps } from '../e-documents'
import { releaseStaleClaims, type ClaimSweepDeps } from './stale-claims'

export interface StopParcelDeps extends ClaimSweepDeps {
  lifecycle: LifecycleContext
  /** The portals the invoice's IRN and e-way bill are cancelled at (issue 30.8). */
  gst: GstDeps
}

type Stopped = Omit<StopParcelResponse, 'success'>

/** Parcels move only by SHIPMENT_MACHINE's events (packages/shared shipping.ts). */
const moveShipment = statusMover(shipments, SHIPMENT_MACHINE)

/**
 * An admin stops a parcel handed to the courier (issue 26.5: rejecting it instead let the
 * courier deliver goods already refunded). The courier is asked first, outside any transaction:
 * - not picked up yet: the booking is cancelled, and then, in one transaction, the parcel reads
 *   cancelled and the part is rejected (refund, stock back, the booking's invoice credited);
 * - on its way (or the courier refused the cancellation because it has just collected it): the
 *   courier is asked to bring it back. Nothing else moves now: money, stock and the credit note
 *   follow its return-to-origin scan (the lifecycle's `returnToOrigin`), when the goods are back.
 * A courier's refusal is a 409 with its words; nothing is recorded then.
 */
export async function stopParcel(
  deps: StopParcelDeps,
  admin: SessionUser,
  subOrderId: string,
): Promise<Stopped> {
  const [row] = await deps.db
    .select({ shipment: shipments, orderId: subOrders.orderId, status: subOrders.status })
    .from(subOrders)
    .leftJoin(shipments, eq(shipments.subOrderId, subOrders.id))
    .where(eq(subOrders.id, subOrderId))
  if (!row) throw notFound('Order not found')
  // A claim a crashed process left is released now (its booking cancelled at the courier), so
  // the admin hears that nothing is booked rather than "being booked" for ten more minutes.
  const released =
    row.shipment?.status === 'booking' && (await releaseStaleClaims(deps, subOrderId)) > 0
  const shipment = released ? null : row.shipment
  if (!shipment) throw conflict('No courier is booked for this part: reject it instead.')
  if (shipment.status === 'booking' || !shipment.awb) {
    throw conflict('The courier is being booked for this part right now. Please try again shortly.')
  }
  if (shipment.status === 'delivered') {
    throw conflict('This parcel was delivered: its goods come back by a return.')
  }
  if (shipment.status === 'rto' || shipment.status === 'cancelled') {
    throw conflict('This parcel has already been stopped.')
  }
  const courier = deps.couriers.courier(shipment.courier)
  const label = COURIER_LABELS[shipment.courier]
  if (!courier) throw conflict(`${label} is not set up in this shop: stop the parcel in its panel.`)
  const awb = shipment.awb
  const providerRef = shipment.providerRef ?? undefined

  if (shipment.status === 'booked') {
    // A part marked shipped by hand meanwhile can no longer be rejected: refuse before the courier.
    if (!ORDER_TRANSITIONS.reject.from.includes(row.status)) {
      throw conflict(`This order is ${ORDER_STATUS_LABELS[row.status]}; it cannot be stopped here.`)
    }
    const cancelled = await courier.cancel(awb, providerRef).then(
      () => true,
      (err: unknown) => {
        // Collected in the meantime: it is brought back instead.
        if (err instanceof CourierError) return false
        throw err
      },
    )
    if (cancelled) {
      // The dispatch is undone: its e-way bill and (within 24 hours) its IRN are cancelled too;
      // a cancelled IRN cancels the invoice, so the rejection issues no credit note for it.
      await cancelDispatchDocuments(deps.db, deps.gst, subOrderId, deps.now(), deps.log)
      const { orderStatus } = await deps.db.transaction(async (tx) => {
        await lockOrder(tx, row.orderId)
        if (!(await moveShipment(tx, shipment.id, 'cancel'))) {
          throw conflict('The parcel moved while it was being stopped. Please look at it again.')
        }
        return moveOrder(tx, deps.lifecycle, {
          orderId: row.orderId,
          subOrderId,
          event: 'reject',
          actor: { kind: 'admin', id: admin.id },
          note: `${label} booking ${awb} cancelled`,
        })
      })
      return {
        outcome: 'cancelled',
        orderStatus,
        message:
          'The courier booking is cancelled and the part rejected: its stock is back and any payment is being refunded.',
      }
    }
  } else if (!canHappen(SHIPMENT_MACHINE, 'returnToOrigin', shipment.status)) {
    // Only a parcel the courier has and has not delivered nor brought back can be stopped.
    throw conflict('This parcel cannot be stopped.')
  }

  try {
    await courier.returnToOrigin(awb, providerRef)
  } catch (err) {
    if (!(err instanceof CourierError)) throw err
    throw Object.assign(conflict(`${label} did not take the request: ${err.message}.`), {
      cause: err,
    })
  }
  const orderStatus = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, row.orderId)
    if (!order) throw notFound('Order not found')
    await recordHistory(tx, {
      orderId: row.orderId,
      subOrderId,
      event: 'parcelStopped',
      actor: 'admin',
      actorId: admin.id,
      note: `${label} ${awb}`,
    })
    return order.orderStatus
  })
  return {
    outcome: 'returning',
    orderStatus,
    message:
      'The courier is bringing the parcel back to the seller. The refund, the stock and the credit note follow when it arrives.',
  }
}
