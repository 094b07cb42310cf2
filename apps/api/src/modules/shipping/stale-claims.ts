import { and, eq, lt } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Couriers } from '../../couriers'
import { CourierError } from '../../couriers/types'
import type { Db } from '../../db/client'
import { shipments } from '../../db/schema'

/**
 * How long a courier booking may be in flight. Far longer than a booking takes (a few calls of
 * at most 15 s each): a claim older than this was left by a process that died between claiming
 * and recording (a crash, a deploy's SIGKILL), and nobody will finish it.
 */
export const CLAIM_STALE_MS = 10 * 60_000

export interface ClaimSweepDeps {
  db: Db
  couriers: Couriers
  now: () => Date
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>
}

/**
 * Releases the stale claims (`booking` rows past CLAIM_STALE_MS), of one part or of all: the
 * booking they record (the courier's AWB, written as soon as it answered) is cancelled at the
 * courier first, and then the claim is deleted, so the seller can Ship again and the shopper
 * Cancel. A claim whose courier answer never reached us holds no AWB: it is released too, and
 * logged with its reference (the sub-order id) for an operator to look up at the courier. One the
 * courier refuses to cancel (it collected the parcel) is kept and logged: that parcel is real.
 * Answers how many claims were released.
 */
export async function releaseStaleClaims(
  deps: ClaimSweepDeps,
  subOrderId?: string,
): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - CLAIM_STALE_MS)
  const stale = await deps.db
    .select()
    .from(shipments)
    .where(
      and(
        eq(shipments.status, 'booking'),
        lt(shipments.createdAt, cutoff),
        subOrderId ? eq(shipments.subOrderId, subOrderId) : undefined,
      ),
    )
  let released = 0
  for (const claim of stale) {
    const where = { claimId: claim.id, reference: claim.subOrderId, awb: claim.awb }
    if (claim.awb) {
      const courier = deps.couriers.courier(claim.courier)
      try {
        await courier?.cancel(claim.awb, claim.providerRef ?? undefined)
      } catch (err) {
        if (!(err instanceof CourierError)) throw err
        deps.log?.error({ err, ...where }, 'unrecorded courier booking could not be cancelled')
        continue
      }
    } else {
      deps.log?.warn(where, 'stale courier claim released; the courier may hold its booking')
    }
    const deleted = await deps.db
      .delete(shipments)
      .where(and(eq(shipments.id, claim.id), eq(shipments.status, 'booking')))
      .returning({ id: shipments.id })
    released += deleted.length
  }
  return released
}
