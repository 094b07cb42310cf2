import { and, eq, isNull } from 'drizzle-orm'
import { payoutHolds, users } from '../../db/schema'
import { conflict, notFound } from '../../lib/errors'
import type { PayoutDeps } from './deps'

/**
 * An admin's hold on a seller's payouts (a dispute, a KYC question): runs skip the seller, its
 * money keeps accruing, and its Earnings page shows the reason. One active hold per seller.
 */
export async function placeHold(
  deps: PayoutDeps,
  sellerId: string,
  adminId: string,
  reason: string,
): Promise<void> {
  const [seller] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, sellerId), eq(users.type, 'vendor')))
  if (!seller) throw notFound('Vendor not found')
  const [placed] = await deps.db
    .insert(payoutHolds)
    .values({ sellerId, reason, placedBy: adminId, placedAt: deps.now() })
    .onConflictDoNothing()
    .returning({ id: payoutHolds.id })
  if (!placed) throw conflict('This seller’s payouts are on hold already')
}

export async function releaseHold(
  deps: PayoutDeps,
  sellerId: string,
  adminId: string,
): Promise<void> {
  const [released] = await deps.db
    .update(payoutHolds)
    .set({ releasedBy: adminId, releasedAt: deps.now() })
    .where(and(eq(payoutHolds.sellerId, sellerId), isNull(payoutHolds.releasedAt)))
    .returning({ id: payoutHolds.id })
  if (!released) throw conflict('This seller’s payouts are not on hold')
}
