import {
  formatOrderNumber,
  ORDER_TRANSITIONS,
  type AdminShipmentList,
  type AdminShipmentsQuery,
  type DashboardStats,
  type LateReason,
  type OrderStatus,
  type ParcelBooking,
} from '@techbazaar/shared'
import {
  and,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orders, shipments, subOrders, users, vendorProfiles } from '../../db/schema'
import { sellerName } from '../kernel'
import { istDay } from './delivery-estimate'
import { lateConfirmationCutoff, shipByDay } from './ship-by'

/** Parts still at the seller, the ones a parcel is booked for: those the table lets ship. */
const AT_SELLER: readonly OrderStatus[] = ORDER_TRANSITIONS.ship.from
/** Parts whose parcel may still be on its way (booked, not delivered nor returned). */
const ON_ITS_WAY: OrderStatus[] = ['confirmed', 'inProcess', 'inShipping']

/**
 * A part the seller still has to hand to the courier: confirmed or in process, no parcel booked
 * (a parcel has its AWB from the moment the courier booked it). Needs `shipments` left-joined.
 */
export const toShip: SQL = and(inArray(subOrders.status, AT_SELLER), isNull(shipments.awb))!

/** The parcel as the seller and the admin read it, once the courier has booked it. */
export function bookingOf(shipment: typeof shipments.$inferSelect | null): ParcelBooking | null {
  if (!shipment?.awb || shipment.status === 'booking') return null
  return {
    courier: shipment.courier,
    awb: shipment.awb,
    status: shipment.status,
    labelUrl: shipment.labelUrl,
    expectedBy: shipment.expectedBy,
  }
}

export interface ShipByRule {
  /** Working days a seller has to ship after confirmation (SHIP_BY_WORKING_DAYS). */
  shipByWorkingDays: number
}

/**
 * The one rule for a late parcel at `now` (days in India), as SQL over `sub_orders` with
 * `shipments` left-joined: not booked after its ship-by day (`notShipped`), or booked and not
 * delivered after the courier's expected day (`notDelivered`).
 */
function lateRules(now: Date, { shipByWorkingDays }: ShipByRule) {
  const notShipped = and(
    toShip,
    lt(subOrders.confirmedAt, lateConfirmationCutoff(now, shipByWorkingDays)),
  )!
  const notDelivered = and(
    isNotNull(shipments.awb),
    inArray(subOrders.status, ON_ITS_WAY),
    lt(shipments.expectedBy, istDay(now)),
  )!
  const reason = sql<LateReason | null>`case when ${notShipped} then 'notShipped' when ${notDelivered} then 'notDelivered' end`
  return { notShipped, notDelivered, reason }
}

/**
 * What the admin's shipments list holds: every part that was confirmed and is still live or
 * went out (delivered, returned), and any part that has a parcel.
 */
const isShipment = and(
  isNotNull(subOrders.confirmedAt),
  or(inArray(subOrders.status, [...ON_ITS_WAY, 'delivered', 'returned']), isNotNull(shipments.awb)),
)!

/**
 * One page of every shipment, newest confirmation first, each with its ship-by day, parcel and
 * late flag; `late` keeps only the late ones (true) or the others (false).
 */
export async function listShipments(
  db: Db,
  query: AdminShipmentsQuery,
  now: Date,
  rule: ShipByRule,
): Promise<Omit<AdminShipmentList, 'success'>> {
  const { reason } = lateRules(now, rule)
  const where = and(
    isShipment,
    query.late === undefined
      ? undefined
      : query.late
        ? sql`${reason} is not null`
        : sql`${reason} is null`,
  )
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: subOrders.id,
        orderId: subOrders.orderId,
        status: subOrders.status,
        confirmedAt: subOrders.confirmedAt,
        orderNumber: orders.orderNumber,
        seller: sellerName,
        shipment: shipments,
        lateReason: reason,
      })
      .from(subOrders)
      .innerJoin(orders, eq(orders.id, subOrders.orderId))
      .innerJoin(users, eq(users.id, subOrders.sellerId))
      .leftJoin(vendorProfiles, eq(vendorProfiles.userId, subOrders.sellerId))
      .leftJoin(shipments, eq(shipments.subOrderId, subOrders.id))
      .where(where)
      .orderBy(desc(subOrders.confirmedAt), desc(subOrders.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ total: count() })
      .from(subOrders)
      .leftJoin(shipments, eq(shipments.subOrderId, subOrders.id))
      .where(where),
  ])
  return {
    data: rows.map((row) => ({
      _id: row.id,
      orderId: row.orderId,
      orderNumber: formatOrderNumber(row.orderNumber),
      seller: row.seller,
      orderStatus: row.status,
      shipBy: row.confirmedAt ? shipByDay(row.confirmedAt, rule.shipByWorkingDays) : null,
      shipment: bookingOf(row.shipment),
      late: row.lateReason !== null,
      lateReason: row.lateReason,
    })),
    total: counted?.total ?? 0,
    page: query.page,
    limit: query.limit,
  }
}

/** How many parcels are late at `now`, in all and by reason (the admin dashboard). */
export async function countLateShipments(
  db: Db,
  now: Date,
  rule: ShipByRule,
): Promise<DashboardStats['lateShipments']> {
  const { notShipped, notDelivered } = lateRules(now, rule)
  const [row] = await db
    .select({
      notShipped: sql<number>`count(*) filter (where ${notShipped})`.mapWith(Number),
      notDelivered: sql<number>`count(*) filter (where ${notDelivered})`.mapWith(Number),
    })
    .from(subOrders)
    .leftJoin(shipments, eq(shipments.subOrderId, subOrders.id))
    .where(or(notShipped, notDelivered))
  const late = { notShipped: row?.notShipped ?? 0, notDelivered: row?.notDelivered ?? 0 }
  return { count: late.notShipped + late.notDelivered, ...late }
}
