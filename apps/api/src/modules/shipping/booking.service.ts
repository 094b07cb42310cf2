import {
  addressWithLandmark,
  COURIER_LABELS,
  hasPickupAddress,
  isShippable,
  ORDER_STATUS_LABELS,
  type SessionUser,
  type VendorShipInput,
  type VendorShipResponse,
} from '@techbazaar/shared'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orderLines, orders, shipments, subOrders, users, vendorProfiles } from '../../db/schema'
import { sellerDisplayName, lockOrder } from '../kernel'
import { CourierUnserviceableError } from '../../couriers/types'
import { AppError, conflict, forbidden, notFound } from '../../lib/errors'
import { type LifecycleContext, moveOrder } from '../lifecycle'
import { assertInvoiceable, issueInvoice } from '../invoices'
import { assertDispatchDocuments, registerDispatchDocuments, type GstDeps } from '../e-documents'
import {
  abandonPrepared,
  prepareDispatchDocuments,
  type PreparedDispatch,
} from './prepare-dispatch'
import { courierStep, type ClaimSlot } from './courier-step'
import { deliveryDay } from './delivery-estimate'
import { releaseStaleClaims, type ClaimSweepDeps } from './stale-claims'

export interface BookingDeps extends ClaimSweepDeps {
  lifecycle: LifecycleContext
  /** The IRP and the e-way bill portal, for the documents a dispatch needs (issue 30.8-9). */
  gst: GstDeps
}

/** What the courier needs of the parcel, read and checked before anything is written. */
async function parcelFor(db: Db, seller: SessionUser, subOrderId: string) {
  const [row] = await db
    .select({ sub: subOrders, order: orders, buyer: users.userName })
    .from(subOrders)
    .innerJoin(orders, eq(orders.id, subOrders.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(subOrders.id, subOrderId))
  if (!row) throw notFound('Order not found')
  if (row.sub.sellerId !== seller.id) throw forbidden('You can only ship your own orders')
  if (!isShippable(row.sub.status)) {
    throw conflict(
      `This order is ${ORDER_STATUS_LABELS[row.sub.status]}; only a confirmed order can be shipped.`,
    )
  }
  const [profile] = await db
    .select()
    .from(vendorProfiles)
    .where(eq(vendorProfiles.userId, seller.id))
  // The checklist and the Ship dialog warn by this rule (decision 084); the booking decides.
  if (!profile || !hasPickupAddress(profile)) {
    throw conflict('Add your business address first: the courier picks the parcel up there.')
  }
  const lines = await db.select().from(orderLines).where(eq(orderLines.subOrderId, subOrderId))
  return { ...row, profile, lines }
}

/**
 * "Ship": books the courier for one seller's parcel and answers the AWB and label, as one
 * courierStep: the parcel is claimed (a `booking` row; a second click is a 409), the courier is
 * asked outside any transaction, its AWB written to the claim, and then the booking is recorded
 * and the part moves to In process in one transaction. When the courier fails, the claim is
 * removed: the part stays unshipped and the seller retries; when recording fails after the
 * courier booked, the booking is cancelled at the courier too. A claim a crashed process left is
 * released once stale (issue 26.10), here for this part first.
 */
export async function shipParcel(
  deps: BookingDeps,
  seller: SessionUser,
  input: VendorShipInput,
): Promise<VendorShipResponse['data']> {
  const courier = deps.couriers.default
  if (!courier) throw conflict('No courier is set up for this shop yet. Please contact support.')
  const { sub, order, buyer, profile, lines } = await parcelFor(deps.db, seller, input._id)
  // The invoice is issued when the booking is recorded; what would stop it stops the booking.
  await assertInvoiceable(deps.db, deps.lifecycle.marketplace, sub.id, deps.now())
  // An IRN (e-invoicing seller, business buyer) or an e-way bill that cannot be had stops it too.
  await assertDispatchDocuments(
    deps.db,
    deps.gst,
    { sellerId: sub.sellerId, valuePaise: sub.subtotalPaise, buyerGstin: order.buyerGstin },
    input.eWayBillNumber,
  )
  // A claim a crashed process left behind is undone and released, not a 409 for ever.
  await releaseStaleClaims(deps, sub.id)
  let claimId = ''
  const transporterName = COURIER_LABELS[courier.name]
  // The invoice drafted and registered with the portals before the recording transaction.
  let prepared: PreparedDispatch | null = null
  const slot: ClaimSlot<true> = {
    async take() {
      const [claim] = await deps.db
        .insert(shipments)
        .values({
          createdAt: deps.now(),
          subOrderId: sub.id,
          courier: courier.name,
          status: 'booking',
          weightGrams: input.weightGrams,
          lengthCm: input.lengthCm,
          breadthCm: input.breadthCm,
          heightCm: input.heightCm,
        })
        .onConflictDoNothing()
        .returning({ id: shipments.id })
      claimId = claim?.id ?? ''
      return claim !== undefined
    },
    async remember(booking) {
      await deps.db
        .update(shipments)
        .set({ awb: booking.awb, providerRef: booking.providerRef ?? null })
        .where(eq(shipments.id, claimId))
    },
    async prepare() {
      // The IRP and the e-way bill system are asked here, outside any transaction: no lock (the
      // order's, the invoice counter's) waits on them (decision 78).
      prepared = await prepareDispatchDocuments(
        deps.db,
        deps.gst,
        deps.lifecycle.marketplace,
        {
          subOrderId: sub.id,
          sellerId: sub.sellerId,
          buyerGstin: order.buyerGstin,
          valuePaise: sub.subtotalPaise,
          eWayBillNumber: input.eWayBillNumber,
          transporterName,
        },
        deps.now(),
        deps.log,
      )
    },
    async record(tx, booking) {
      // The shopper may have cancelled while the courier was asked: the order row first (as every
      // mover locks it), then the part's status as it now is; an ended part is not shipped.
      await lockOrder(tx, sub.orderId)
      const [now] = await tx
        .select({ status: subOrders.status })
        .from(subOrders)
        .where(eq(subOrders.id, sub.id))
      if (!now || !isShippable(now.status)) {
        throw conflict(
          `This order is ${ORDER_STATUS_LABELS[now?.status ?? sub.status]} now, so the courier booking was cancelled.`,
        )
      }
      // `booked` finishes the claim.
      await tx
        .update(shipments)
        .set({
          awb: booking.awb,
          labelUrl: booking.labelUrl,
          providerRef: booking.providerRef ?? null,
          status: 'booked',
          expectedBy:
            booking.transitDays === null ? null : deliveryDay(deps.now(), booking.transitDays),
        })
        .where(eq(shipments.id, claimId))
      // Handing the goods to the courier is their supply: the invoice is issued now, dated now.
      // Drafted (and registered) before the transaction when a portal was needed.
      const invoice = await issueInvoice(
        tx,
        deps.lifecycle.marketplace,
        sub.id,
        deps.now(),
        prepared?.draft,
      )
      await registerDispatchDocuments(
        tx,
        deps.gst,
        invoice,
        { sellerId: sub.sellerId, eWayBillNumber: input.eWayBillNumber, transporterName },
        prepared?.answers,
      )

      if (now.status === 'confirmed') {
        await moveOrder(tx, deps.lifecycle, {
          orderId: sub.orderId,
          subOrderId: sub.id,
          event: 'process',
          actor: { kind: 'seller', id: seller.id },
          note: `${COURIER_LABELS[courier.name]} booked, AWB ${booking.awb}`,
        })
      }
      return true
    },
    async release() {
      await deps.db
        .delete(shipments)
        .where(and(eq(shipments.id, claimId), eq(shipments.status, 'booking')))
    },
  }

  // The courier's own failure (unreachable, refused), told apart from a failure to record.
  let refused: unknown
  let outcome
  try {
    outcome = await courierStep(deps, courier, slot, () =>
      courier
        .book({
          reference: sub.id,
          pickupId: seller.id,
          pickup: {
            name: sellerDisplayName(seller, profile),
            address: profile.addressLine!,
            city: profile.city!,
            pincode: profile.pincode!,
            phone: seller.mobile ?? '',
            email: seller.email,
          },
          delivery: {
            // The person the shopper named for the delivery; older orders name the account.
            name: order.addressInfo.recipientName || buyer,
            address: addressWithLandmark(order.addressInfo),
            city: order.addressInfo.city,
            pincode: order.addressInfo.pincode,
            phone: order.addressInfo.phone,
          },
          codPaise: order.paymentMethod === 'COD' ? sub.subtotalPaise : 0,
          declaredValuePaise: sub.subtotalPaise,
          weightGrams: input.weightGrams,
          lengthCm: input.lengthCm,
          breadthCm: input.breadthCm,
          heightCm: input.heightCm,
          items: lines.map((l) => ({
            sku: l.productId,
            title: l.title,
            quantity: l.quantity,
            unitPricePaise: l.unitPricePaise,
          })),
          ...(input.eWayBillNumber ? { eWayBillNumber: input.eWayBillNumber } : {}),
        })
        .catch((err: unknown) => {
          refused = err
          throw err
        }),
    )
  } catch (err) {
    // Registered but not recorded (the transaction rolled back): the IRN is cancelled and its
    // number burnt, or a number no portal saw given back (decision 78).
    if (prepared) await abandonPrepared(deps.db, deps.gst, prepared, deps.log)
    if (err !== refused) throw err
    if (err instanceof CourierUnserviceableError) {
      const cod = order.paymentMethod === 'COD' ? ' with cash on delivery' : ''
      throw Object.assign(
        conflict(
          `${COURIER_LABELS[courier.name]} does not deliver from ${profile.pincode} to ${order.addressInfo.pincode}${cod}, so nothing was booked. Please contact support.`,
        ),
        { cause: err },
      )
    }
    throw Object.assign(
      new AppError(
        502,
        'The courier could not be reached, so nothing was booked. Please try again.',
      ),
      { cause: err },
    )
  }
  if (outcome.state !== 'recorded')
    throw conflict('This parcel is already booked with the courier.')
  const { booking } = outcome
  return { awb: booking.awb, courier: courier.name, labelUrl: booking.labelUrl }
}
