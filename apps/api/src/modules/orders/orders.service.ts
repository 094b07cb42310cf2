import { creditNotesOf } from '../invoices'
import { refundsOf } from '../refunds'
import { returnsOf, returnWindowCloses } from '../returns'
import {
  deriveOrderStatus,
  formatOrderNumber,
  paiseToRupees,
  type Order,
  type OrderListItem,
  type OrderStanding,
  type OrderSummary,
  standingFields,
  stillCancellable,
  type SessionUser,
  seesBuyers,
} from '@techbazaar/shared'
import { desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orders } from '../../db/schema'
import {
  buyerAddressFor,
  shopperWordsFor,
  viewOrder,
  withLabelFor,
  readTimeline,
  standingOf,
  standingsOf,
  toOrderLine,
} from '../kernel'
import { parcelsOf } from '../shipping'
import { expectedDeliveries, toListItem } from './order-list-item'

type OrderRow = typeof orders.$inferSelect

/**
 * The order's row as its summary, with what it stands at now (`standing`, issue 26.8): what is
 * payable and refunded, and the words people read. `totalPaise` is a seller's part's subtotal.
 */
function toSummary(
  row: OrderRow,
  standing: OrderStanding,
  totalPaise = row.totalPaise,
): OrderSummary {
  return {
    _id: row.id,
    orderNumber: formatOrderNumber(row.orderNumber),
    userId: row.userId,
    orderStatus: row.orderStatus,
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    totalAmount: paiseToRupees(totalPaise),
    ...standingFields(standing),
    orderDate: row.createdAt.toISOString(),
    orderUpdateDate: row.updatedAt.toISOString(),
    paymentId: row.paymentId,
    payerId: row.payerId,
  }
}

/** The caller's own orders, newest first, each with what tells it apart (issue 31.4). */
export async function listOrders(db: Db, userId: string): Promise<OrderListItem[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(200)
  const [standings, expected] = await Promise.all([
    standingsOf(db, rows),
    expectedDeliveries(db, rows),
  ])
  return rows.map((row) => {
    const { standing, lines } = standingOf(standings, row.id)
    return toListItem(
      row,
      toSummary(row, standing),
      lines.map((line) => line.row),
      expected.get(row.id) ?? null,
    )
  })
}

/**
 * One order for whoever may see it (order-access.ts): its owner and an admin see all of it, a
 * seller with a part in it sees that part (its lines and subtotal).
 */
export async function getOrderDetails(
  db: Db,
  user: SessionUser,
  orderId: string,
  /** The return window, for the owner's Return button. */
  policy?: { windowDays: number },
): Promise<Order> {
  const { order: row, viewer, subOrders: parts } = await viewOrder(db, user, orderId)
  const seller = viewer === 'seller'
  const totalPaise = seller ? parts.reduce((sum, s) => sum + s.subtotalPaise, 0) : row.totalPaise
  const partIds = parts.map((s) => s.id)
  const own = seller ? partIds : undefined
  const [standings, timeline, shipped, orderReturns, orderRefunds, creditNotes, expected] =
    await Promise.all([
      standingsOf(db, [row], { sellerId: seller ? user.id : undefined }),
      readTimeline(db, orderId, seller ? user.id : undefined),
      parcelsOf(db, partIds),
      returnsOf(db, orderId, own),
      refundsOf(db, orderId, own),
      creditNotesOf(db, orderId, own),
      expectedDeliveries(db, [row]),
    ])
  // The owner's buttons: Cancel until a courier has the parcel, Return within the window.
  const parcels = shipped.map((parcel) => {
    const part = parts.find((p) => p.id === parcel.subOrderId)
    const owner = viewer === 'owner' && part !== undefined
    return {
      ...parcel,
      cancellable: owner && stillCancellable(parcel.status, parcel.shipment !== null),
      returnableUntil:
        owner && policy && parcel.status === 'delivered' && part.deliveredAt
          ? returnWindowCloses(part.deliveredAt, policy.windowDays).toISOString()
          : null,
    }
  })
  const { standing, lines } = standingOf(standings, row.id)
  return {
    ...toSummary(row, standing, totalPaise),
    expectedDelivery: expected.get(row.id) ?? null,
    // A seller reads its own part's status; everyone else the order's.
    ...(seller ? { orderStatus: deriveOrderStatus(parts.map((s) => s.status)) } : {}),
    addressInfo: buyerAddressFor(user, row.addressInfo),
    timeline,
    parcels,
    returns: orderReturns.map((r) => ({
      ...shopperWordsFor(user, r),
      pickup: withLabelFor(user, r.pickup),
    })),
    // The shopper's payout account, even masked, is theirs: not for a seller no longer approved.
    refunds: seesBuyers(user) ? orderRefunds : orderRefunds.map((r) => ({ ...r, payoutTo: null })),
    creditNotes,
    // Hidden like the address from a seller no longer approved (a proprietor's name is a person's).
    buyer:
      row.buyerGstin && row.buyerLegalName && seesBuyers(user)
        ? {
            gstin: row.buyerGstin,
            legalName: row.buyerLegalName,
            billingAddress: row.buyerAddress ?? null,
          }
        : null,
    cartItems: lines.map(toOrderLine),
    coupon: row.couponCode
      ? {
          code: row.couponCode,
          discount: paiseToRupees(lines.reduce((sum, l) => sum + l.row.discountPaise, 0)),
        }
      : null,
  }
}
