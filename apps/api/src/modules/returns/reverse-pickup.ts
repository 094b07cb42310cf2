import { addressWithLandmark, COURIER_LABELS } from '@techbazaar/shared'
import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Couriers } from '../../couriers'
import { CourierError, type Courier } from '../../couriers/types'
import type { Db } from '../../db/client'
import {
  orders,
  returnPickupClaims,
  returns,
  shipments,
  subOrders,
  users,
  vendorProfiles,
} from '../../db/schema'
import { sellerDisplayName, recordHistory, lockOrder } from '../kernel'
import { courierStep, type ClaimSlot, releaseStaleClaims } from '../shipping'
import { queueReturnStepMail } from './return-mail'
import { readReturn, returnedPaise } from './returns.view'

/**
 * The parcel's size when the forward parcel left without a booking of ours (an admin marked it
 * shipped by hand): a small parcel, which the courier re-weighs at pickup.
 */
const FALLBACK_PARCEL = { weightGrams: 500, lengthCm: 20, breadthCm: 15, heightCm: 10 }

export interface PickupDeps {
  db: Db
  couriers: Couriers
  shopName: string
  now: () => Date
  log?: FastifyBaseLogger
}

/** How a booking attempt ended: booked (now or before), or why not (the return stays approved). */
export type PickupOutcome = { booked: true } | { booked: false; reason: string }

/** The courier that carried the forward parcel (it knows the route), else the shop's default. */
function courierFor(couriers: Couriers, forward: string | null): Courier | undefined {
  return (forward ? couriers.courier(forward) : undefined) ?? couriers.default
}

/**
 * Books the reverse pickup of an approved return that has none, as one courierStep (the same
 * durable step as a seller's Ship): the return is claimed (`return_pickup_claims`, one per return,
 * so a second attempt at once is refused and never books a second pickup), the courier is asked
 * outside any transaction, its AWB written to the claim, and then the AWB, the timeline line and
 * the shopper's mail are recorded in one transaction that ends the claim, only if the return is
 * still approved and unbooked; otherwise the booking is cancelled. A claim a crashed attempt left
 * is released first once stale (its booking cancelled at the courier). A courier refusal leaves
 * the return approved and answers why, to try again.
 */
export async function bookReturnPickup(
  deps: PickupDeps,
  returnId: string,
  by: { kind: 'seller' | 'admin'; id: string },
): Promise<PickupOutcome> {
  const { db } = deps
  const record = await readReturn(db, returnId)
  if (!record || record.row.status !== 'approved') return { booked: false, reason: 'not approved' }
  if (record.row.pickupAwb) return { booked: true }

  const [context] = await db
    .select({
      address: orders.addressInfo,
      seller: users,
      profile: vendorProfiles,
      shipment: shipments,
    })
    .from(subOrders)
    .innerJoin(orders, eq(orders.id, subOrders.orderId))
    .innerJoin(users, eq(users.id, subOrders.sellerId))
    .leftJoin(vendorProfiles, eq(vendorProfiles.userId, subOrders.sellerId))
    .leftJoin(shipments, eq(shipments.subOrderId, subOrders.id))
    .where(eq(subOrders.id, record.row.subOrderId))
  if (!context) return { booked: false, reason: 'the order is gone' }
  const { address, seller, profile, shipment } = context
  const courier = courierFor(deps.couriers, shipment?.courier ?? null)
  if (!courier) return { booked: false, reason: 'no courier is set up for this shop yet' }
  if (!profile?.addressLine || !profile.city || !profile.pincode) {
    return {
      booked: false,
      reason: 'the seller has no business address for the items to go back to',
    }
  }
  // A claim a crashed attempt left behind is undone and released, not a refusal for ever.
  await releaseStaleClaims(deps, { returnId })

  const slot: ClaimSlot<true> = {
    async take() {
      const [claim] = await db
        .insert(returnPickupClaims)
        .values({ returnId, courier: courier.name, createdAt: deps.now() })
        .onConflictDoNothing()
        .returning({ returnId: returnPickupClaims.returnId })
      return claim !== undefined
    },
    async remember(booking) {
      await db
        .update(returnPickupClaims)
        .set({ awb: booking.awb, providerRef: booking.providerRef ?? null })
        .where(eq(returnPickupClaims.returnId, returnId))
    },
    async record(tx, booking) {
      await lockOrder(tx, record.row.orderId)
      const [row] = await tx
        .update(returns)
        .set({
          pickupCourier: courier.name,
          pickupAwb: booking.awb,
          pickupLabelUrl: booking.labelUrl,
        })
        .where(
          and(eq(returns.id, returnId), eq(returns.status, 'approved'), isNull(returns.pickupAwb)),
        )
        .returning()
      // Rejected meanwhile (or booked by hand): nothing to record it on, so it is cancelled.
      if (!row) return null
      await tx.delete(returnPickupClaims).where(eq(returnPickupClaims.returnId, returnId))
      await recordHistory(tx, {
        orderId: row.orderId,
        subOrderId: row.subOrderId,
        event: 'returnApproved',
        actor: by.kind,
        actorId: by.id,
        note: `${COURIER_LABELS[courier.name]} collects it, AWB ${booking.awb}`,
      })
      await queueReturnStepMail(
        tx,
        returnId,
        'approved',
        row.decidedAt ?? deps.now(),
        deps.shopName,
      )
      return true
    },
    async release() {
      await db.delete(returnPickupClaims).where(eq(returnPickupClaims.returnId, returnId))
    },
  }

  let outcome
  try {
    outcome = await courierStep(deps, courier, slot, () =>
      courier.bookReturn({
        reference: record.row.id,
        pickup: {
          // Collected where it was delivered, from the person it was delivered to (issue 31.7).
          name: address.recipientName || record.customerName,
          address: addressWithLandmark(address),
          city: address.city,
          pincode: address.pincode,
          phone: address.phone,
          email: record.customerEmail,
        },
        delivery: {
          name: sellerDisplayName(seller, profile),
          address: profile.addressLine!,
          city: profile.city!,
          pincode: profile.pincode!,
          phone: seller.mobile ?? '',
          email: seller.email,
        },
        sellerPlaceId: seller.id,
        declaredValuePaise: returnedPaise(record.lines),
        ...(shipment
          ? {
              weightGrams: shipment.weightGrams,
              lengthCm: shipment.lengthCm,
              breadthCm: shipment.breadthCm,
              heightCm: shipment.heightCm,
            }
          : FALLBACK_PARCEL),
        items: record.lines.map((l) => ({
          sku: l.productId,
          title: l.title,
          quantity: l.quantity,
          unitPricePaise: l.unitPricePaise,
        })),
      }),
    )
  } catch (err) {
    if (!(err instanceof CourierError)) throw err
    deps.log?.warn({ err, returnId }, 'reverse pickup not booked')
    return { booked: false, reason: `${COURIER_LABELS[courier.name]} refused it: ${err.message}` }
  }
  if (outcome.state === 'recorded') return { booked: true }
  if (outcome.state === 'busy') {
    return { booked: false, reason: 'another attempt is booking its pickup right now' }
  }
  const now = await readReturn(db, returnId)
  return now?.row.pickupAwb
    ? { booked: true }
    : { booked: false, reason: 'the return changed meanwhile' }
}

/**
 * An admin rejected a return whose pickup was booked: the courier need not come. Cancelled at
 * the courier (best effort: one already on its way is refused, and the seller refuses the parcel)
 * and forgotten here, so an approval later books afresh.
 */
export async function cancelReturnPickup(
  deps: PickupDeps,
  pickup: { returnId: string; orderId: string; courier: string; awb: string },
): Promise<void> {
  const courier = deps.couriers.courier(pickup.courier)
  if (!courier) return
  try {
    await courier.cancel(pickup.awb)
  } catch (err) {
    deps.log?.warn({ err, ...pickup }, 'reverse pickup not cancelled')
    return
  }
  await deps.db.transaction(async (tx) => {
    await lockOrder(tx, pickup.orderId)
    await tx
      .update(returns)
      .set({ pickupCourier: null, pickupAwb: null, pickupLabelUrl: null })
      .where(
        and(
          eq(returns.id, pickup.returnId),
          eq(returns.status, 'rejected'),
          eq(returns.pickupAwb, pickup.awb),
        ),
      )
  })
}
