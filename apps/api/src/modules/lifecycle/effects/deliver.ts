import { and, inArray, isNull } from 'drizzle-orm'
import { subOrders } from '../../../db/schema'
import type { Effect, LifecycleContext } from '../context'
import type { MoveRequest } from '../move'
import { queueParcelMail } from '../parcel-mail'

/**
 * `deliver` (the courier's delivery scan, or an admin):
 * - the parts' delivery moment is kept: the return window counts from it;
 * - the shopper's "delivered" mail is queued, whoever moved it (issue 26.14).
 */
export const deliver: Effect = async (tx, ctx, request, { parts }) => {
  await tx
    .update(subOrders)
    .set({ deliveredAt: deliveredMoment(ctx, request) })
    .where(and(inArray(subOrders.id, parts), isNull(subOrders.deliveredAt)))
  for (const part of parts) await queueParcelMail(tx, ctx.shopName, part, 'deliver')
}

/**
 * When the goods reached the shopper: the courier's delivery scan, since its webhook may arrive
 * hours later or be retried and the return window must not grow with the delay; a scan stamped
 * after our clock is taken as now. A seller or admin marking a part delivered by hand delivers it
 * now (issue 26.15).
 */
function deliveredMoment(ctx: LifecycleContext, request: MoveRequest): Date {
  const now = ctx.now()
  if (request.actor.kind !== 'courier' || !request.at) return now
  return request.at < now ? request.at : now
}
