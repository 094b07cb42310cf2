import { and, eq, isNotNull, lt } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orders } from '../../db/schema'
import type { ShopMetrics } from '../../lib/metrics'
import type { LifecycleContext } from './context'
import { moveOrder } from './move'

/**
 * Releases unpaid online orders whose payment window has passed: each is failed and its stock
 * returned. Safe to run often and from several processes (each order is released once).
 */
export async function expireUnpaidOrders(deps: {
  db: Db
  now: () => Date
  metrics: Pick<ShopMetrics, 'paymentFailed'>
  lifecycle: LifecycleContext
}): Promise<number> {
  const due = await deps.db
    .select({ id: orders.id, method: orders.paymentMethod })
    .from(orders)
    .where(
      and(
        eq(orders.paymentStatus, 'pending'),
        isNotNull(orders.expiresAt),
        lt(orders.expiresAt, deps.now()),
      ),
    )
    .limit(500)
  let released = 0
  for (const order of due) {
    if (
      (
        await deps.db.transaction((tx) =>
          moveOrder(tx, deps.lifecycle, {
            orderId: order.id,
            event: 'expire',
            actor: { kind: 'system' },
          }),
        )
      ).changed
    ) {
      released++
      deps.metrics.paymentFailed(order.method, 'expired')
    }
  }
  return released
}
