import { isMarketplaceAdmin, seesBuyers, type SessionUser } from '@techbazaar/shared'
import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orders, subOrders } from '../../db/schema'
import { notFound } from '../../lib/errors'

type OrderRow = typeof orders.$inferSelect
type SubOrderRow = typeof subOrders.$inferSelect

/** Who is looking at an order, and so which of its sub-orders they see. */
export interface OrderView {
  order: OrderRow
  viewer: 'owner' | 'admin' | 'seller'
  /** Every sub-order for the owner and an admin; a seller's own only. */
  subOrders: SubOrderRow[]
}

/**
 * The one rule for "who may see this order": its owner and the marketplace's admins see all of
 * it; a seller with a part in it sees that part; anyone else gets the same 404 as for an order
 * that does not exist, so order ids cannot be probed.
 */
export async function viewOrder(db: Db, user: SessionUser, orderId: string): Promise<OrderView> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
  if (!order) throw notFound('Order not found')
  const viewer =
    order.userId === user.id
      ? 'owner'
      : isMarketplaceAdmin(user)
        ? 'admin'
        : user.type === 'vendor'
          ? 'seller'
          : null
  if (!viewer) throw notFound('Order not found')
  const parts = await db
    .select()
    .from(subOrders)
    .where(
      and(
        eq(subOrders.orderId, orderId),
        viewer === 'seller' ? eq(subOrders.sellerId, user.id) : undefined,
      ),
    )
    .orderBy(asc(subOrders.createdAt), asc(subOrders.id))
  if (viewer === 'seller' && parts.length === 0) throw notFound('Order not found')
  return { order, viewer, subOrders: parts }
}

/** What a seller whose account is no longer approved reads in place of a buyer's name. */
export const BUYER_HIDDEN = 'Hidden'

/*
 * The one rule for buyers' personal data is `seesBuyers` (packages/shared roles.ts): a seller
 * reads names, addresses, phones, a business buyer's name and GSTIN, couriers' labels and the
 * documents that print them only while its account is approved; a rejected (suspended) seller
 * keeps its order list and documents for its records, without them. Every place that sends
 * buyers' data to a seller asks it, or one of the helpers below.
 */

/** A delivery address as `viewer` may read it: city, pincode and state stay for the records. */
export function buyerAddressFor<
  A extends {
    address: string
    phone: string
    notes?: string
    recipientName?: string
    landmark?: string
  },
>(viewer: SessionUser, address: A): A {
  if (seesBuyers(viewer)) return address
  return {
    ...address,
    address: BUYER_HIDDEN,
    phone: '',
    ...('notes' in address ? { notes: '' } : {}),
    ...('recipientName' in address ? { recipientName: BUYER_HIDDEN } : {}),
    ...('landmark' in address ? { landmark: '' } : {}),
  }
}

/** A parcel or pickup as `viewer` may read it: its courier's label prints the buyer's details. */
export function withLabelFor<T extends { labelUrl: string | null }>(
  viewer: SessionUser,
  booking: T | null,
): T | null {
  return booking && (seesBuyers(viewer) ? booking : { ...booking, labelUrl: null })
}

/**
 * A return as `viewer` may read it: the shopper's note is free text and the photos are pictures
 * they took (a parcel's label prints their name and address), so both stay with those who see
 * buyers. The items, reason and amounts stay for the seller's records.
 */
export function shopperWordsFor<T extends { note: string | null; photos: string[] }>(
  viewer: Pick<SessionUser, 'type' | 'vendorStatus'>,
  request: T,
): T {
  return seesBuyers(viewer) ? request : { ...request, note: null, photos: [] }
}
