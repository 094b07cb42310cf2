import type { OrderTimelineEntry } from '@techbazaar/shared'
import { and, asc, eq, isNull, or } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { orderHistory, subOrders, users, vendorProfiles } from '../../db/schema'
import { sellerName } from './seller-name'

/** Writes one timeline line; callers pass their transaction, so the line exists exactly when the change does. */
export async function recordHistory(tx: Tx, row: typeof orderHistory.$inferInsert): Promise<void> {
  // The clock's time, not the transaction's: two lines of one transaction keep their order.
  // The wall clock on purpose: a frozen test clock would give a transaction's lines one moment,
  // and the timeline sorts by it.
  // eslint-disable-next-line no-restricted-syntax
  await tx.insert(orderHistory).values({ createdAt: new Date(), ...row })
}

/**
 * An order's timeline, oldest first. A seller (`sellerId`) reads the moves of the whole order and
 * of its own part, never another seller's.
 */
export async function readTimeline(
  db: Db,
  orderId: string,
  sellerId?: string,
): Promise<OrderTimelineEntry[]> {
  const rows = await db
    .select({ line: orderHistory, seller: sellerName })
    .from(orderHistory)
    .leftJoin(subOrders, eq(subOrders.id, orderHistory.subOrderId))
    .leftJoin(users, eq(users.id, subOrders.sellerId))
    .leftJoin(vendorProfiles, eq(vendorProfiles.userId, subOrders.sellerId))
    .where(
      and(
        eq(orderHistory.orderId, orderId),
        sellerId
          ? or(isNull(orderHistory.subOrderId), eq(subOrders.sellerId, sellerId))
          : undefined,
      ),
    )
    .orderBy(asc(orderHistory.createdAt), asc(orderHistory.id))
  return rows.map(({ line, seller }) => ({
    at: line.createdAt.toISOString(),
    event: line.event,
    from: line.fromStatus,
    to: line.toStatus,
    actor: line.actor,
    part: line.subOrderId ? (seller ?? null) : null,
    note: line.note,
  }))
}
