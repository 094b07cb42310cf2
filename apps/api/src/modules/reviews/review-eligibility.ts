import {
  ENDED_ORDER_STATUSES,
  REVIEW_REFUSALS,
  type ReviewEligibility,
  type SessionUser,
} from '@techbazaar/shared'
import { and, eq, exists, ne, notInArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import {
  orderLines,
  orders,
  products,
  returnLines,
  returns,
  subOrders,
  users,
} from '../../db/schema'

type Ref = SQLWrapper | string

/**
 * An order that still stands: not ended (rejected, cancelled, expired, payment failed), and paid online or cash on delivery (COD orders
 * stay payment-pending; the cash is collected at the door). Pending, failed and refunded online
 * payments do not count.
 */
const standingOrder = () =>
  and(
    notInArray(orders.orderStatus, [...ENDED_ORDER_STATUSES]),
    notInArray(subOrders.status, [...ENDED_ORDER_STATUSES]),
    or(
      eq(orders.paymentStatus, 'paid'),
      and(eq(orders.paymentMethod, 'COD'), eq(orders.paymentStatus, 'pending')),
    ),
  )

/**
 * The order line still has units the shopper keeps: a return whose quality check passed gave
 * its units back (and released their refund), so a line returned in full is no purchase.
 */
const keptUnits = () =>
  sql`${orderLines.quantity} > coalesce((
    SELECT sum(${returnLines.quantity}) FROM ${returnLines}
    INNER JOIN ${returns} ON ${returns.id} = ${returnLines.returnId}
    WHERE ${returnLines.orderLineId} = ${orderLines.id} AND ${returns.status} = 'qc_passed'
  ), 0)`

/**
 * `userId`'s standing orders of `productId` as a shopper (a shopper account, not the product's
 * seller), optionally only those whose part holding the product is delivered. Sellers move
 * their own part to delivered, so the sub-order's status is the one that counts (the order's
 * own status only follows when an admin sets it).
 */
function purchases(q: Db | Tx, userId: Ref, productId: Ref, delivered: boolean) {
  return q
    .select({ one: sql`1` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(subOrders, eq(subOrders.id, orderLines.subOrderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(
      and(
        eq(orderLines.productId, productId),
        eq(orders.userId, userId),
        eq(users.type, 'user'),
        ne(products.sellerId, orders.userId),
        standingOrder(),
        keptUnits(),
        delivered ? eq(subOrders.status, 'delivered') : undefined,
      ),
    )
}

/**
 * True when `userId` bought `productId` as a shopper, received it and kept it. Works as a correlated
 * sub-query too (pass columns), which is how review lists derive their "Verified purchase".
 */
export function verifiedPurchase(q: Db | Tx, userId: Ref, productId: Ref): SQL<boolean> {
  return exists(purchases(q, userId, productId, true)).mapWith(Boolean)
}

/** Whether `user` may review `productId` now, and if not, the refusal to show. */
export async function reviewEligibility(
  q: Db | Tx,
  user: Pick<SessionUser, 'id' | 'type'>,
  productId: string,
): Promise<ReviewEligibility> {
  if (user.type !== 'user') return { canReview: false, reason: REVIEW_REFUSALS.notShopper }
  if ((await purchases(q, user.id, productId, true).limit(1)).length > 0) {
    return { canReview: true, reason: null }
  }
  const onItsWay = (await purchases(q, user.id, productId, false).limit(1)).length > 0
  return {
    canReview: false,
    reason: onItsWay ? REVIEW_REFUSALS.notDelivered : REVIEW_REFUSALS.notBought,
  }
}
