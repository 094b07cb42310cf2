import type { OrderParcel } from '@techbazaar/shared'
import { asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  creditNotes,
  invoices,
  shipmentEvents,
  shipments,
  subOrders,
  users,
  vendorProfiles,
} from '../../db/schema'
import { sellerName } from '../kernel'

/**
 * Each seller's parcel of an order, as the shopper follows it: the seller, the part's status and,
 * once booked, the courier, AWB, expected day and tracking events (oldest first), and once
 * dispatched, its invoice number (and the credit note's, if the parcel came back).
 */
export async function parcelsOf(db: Db, subOrderIds: string[]): Promise<OrderParcel[]> {
  if (subOrderIds.length === 0) return []
  const parts = await db
    .select({
      id: subOrders.id,
      status: subOrders.status,
      seller: sellerName,
      shipment: shipments,
      invoiceNumber: invoices.number,
      creditNoteNumber: creditNotes.number,
    })
    .from(subOrders)
    .innerJoin(users, eq(users.id, subOrders.sellerId))
    .leftJoin(vendorProfiles, eq(vendorProfiles.userId, subOrders.sellerId))
    .leftJoin(shipments, eq(shipments.subOrderId, subOrders.id))
    .leftJoin(invoices, eq(invoices.subOrderId, subOrders.id))
    .leftJoin(creditNotes, eq(creditNotes.invoiceId, invoices.id))
    .where(inArray(subOrders.id, subOrderIds))
    .orderBy(asc(subOrders.createdAt), asc(subOrders.id))
  const booked = parts.flatMap((p) => (p.shipment?.awb ? [p.shipment.id] : []))
  const events =
    booked.length === 0
      ? []
      : await db
          .select()
          .from(shipmentEvents)
          .where(inArray(shipmentEvents.shipmentId, booked))
          .orderBy(asc(shipmentEvents.at), asc(shipmentEvents.createdAt))
  return parts.map(({ id, status, seller, shipment, invoiceNumber, creditNoteNumber }) => ({
    subOrderId: id,
    seller,
    status,
    shipment:
      shipment?.awb && shipment.status !== 'booking'
        ? {
            courier: shipment.courier,
            awb: shipment.awb,
            status: shipment.status,
            expectedBy: shipment.expectedBy,
            events: events
              .filter((e) => e.shipmentId === shipment.id)
              .map((e) => ({ at: e.at.toISOString(), status: e.status, location: e.location })),
          }
        : null,
    invoice: invoiceNumber ? { number: invoiceNumber, creditNote: creditNoteNumber } : null,
  }))
}
