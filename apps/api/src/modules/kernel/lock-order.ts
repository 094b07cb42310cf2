import { eq } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { orders } from '../../db/schema'

/**
 * Locks an order's row until the transaction ends, and answers it (undefined when there is none).
 * The one lock order of the shop: every transaction that changes an order or any of its rows
 * (sub-orders, shipments, refunds, returns, payments) calls this FIRST, before it reads another
 * of those rows for update, updates or inserts one. Two writers of one order then queue on this
 * row and never hold each other's rows in opposite orders: a courier's tracking once locked the
 * parcel and its sub-order before the order while the refund ledger went the other way round,
 * and PostgreSQL answered one of them "deadlock detected".
 */
export async function lockOrder(tx: Tx, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
  return order
}
