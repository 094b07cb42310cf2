import { and, eq, inArray, lt } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Couriers } from '../../couriers'
import { CourierError, type FoundBooking } from '../../couriers/types'
import type { Db } from '../../db/client'
import { returnPickupClaims, shipments } from '../../db/schema'

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

/** Which claims to sweep: all, one part's (Ship), some parts' (Cancel, reject), one return's. */
export type ClaimScope = string | { parts?: readonly string[]; returnId?: string }

/** A claim as the sweep sees it, forward or reverse. */
interface StaleClaim {
  reference: string
  courier: string
  awb: string | null
  providerRef: string | null
  delete: () => Promise<number>
}

/**
 * Releases the stale claims (past CLAIM_STALE_MS) of forward parcels (`shipments` rows still
 * `booking`) and reverse pickups (`return_pickup_claims`), of the scope or of all: what the claim
 * booked is cancelled at the courier first, and then the claim is deleted, so the seller can
 * Ship (or approve the return) again and the shopper Cancel. A claim with an AWB (written as soon
 * as the courier answered) is cancelled by it; one without (its process died before the answer)
 * is looked up at the courier by its reference and whatever is found is cancelled. A claim is kept
 * and logged, to be tried again on the next sweep, when the courier cannot be asked (unreachable,
 * or no adapter for it) or refuses to cancel (it collected the parcel: that parcel is real).
 * Answers how many claims were released.
 */
export async function releaseStaleClaims(
  deps: ClaimSweepDeps,
  scope?: ClaimScope,
): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - CLAIM_STALE_MS)
  const { parts, returnId } =
    typeof scope === 'string' ? { parts: [scope], returnId: undefined } : (scope ?? {})
  const claims: StaleClaim[] = []
  if (!returnId && parts?.length !== 0) {
    const rows = await deps.db
      .select()
      .from(shipments)
      .where(
        and(
          eq(shipments.status, 'booking'),
          lt(shipments.createdAt, cutoff),
          parts ? inArray(shipments.subOrderId, [...parts]) : undefined,
        ),
      )
    for (const row of rows) {
      claims.push({
        reference: row.subOrderId,
        courier: row.courier,
        awb: row.awb,
        providerRef: row.providerRef,
        delete: async () =>
          (
            await deps.db
              .delete(shipments)
              .where(and(eq(shipments.id, row.id), eq(shipments.status, 'booking')))
              .returning({ id: shipments.id })
          ).length,
      })
    }
  }
  if (!parts) {
    const rows = await deps.db
      .select()
      .from(returnPickupClaims)
      .where(
        and(
          lt(returnPickupClaims.createdAt, cutoff),
          returnId ? eq(returnPickupClaims.returnId, returnId) : undefined,
        ),
      )
    for (const row of rows) {
      claims.push({
        reference: row.returnId,
        courier: row.courier,
        awb: row.awb,
        providerRef: row.providerRef,
        delete: async () =>
          (
            await deps.db
              .delete(returnPickupClaims)
              .where(
                and(
                  eq(returnPickupClaims.returnId, row.returnId),
                  lt(returnPickupClaims.createdAt, cutoff),
                ),
              )
              .returning({ id: returnPickupClaims.returnId })
          ).length,
      })
    }
  }
  let released = 0
  for (const claim of claims) {
    if (await undoAtCourier(deps, claim)) released += await claim.delete()
  }
  return released
}

/** Cancels what the claim booked at the courier; false when that could not be done (kept). */
async function undoAtCourier(deps: ClaimSweepDeps, claim: StaleClaim): Promise<boolean> {
  const where = { reference: claim.reference, courier: claim.courier, awb: claim.awb }
  const courier = deps.couriers.courier(claim.courier)
  if (!courier) {
    deps.log?.error(where, 'stale courier claim kept: that courier is not set up in this shop')
    return false
  }
  let booked: FoundBooking[]
  if (claim.awb) {
    booked = [{ awb: claim.awb, providerRef: claim.providerRef ?? undefined }]
  } else {
    try {
      booked = await courier.findBookings(claim.reference)
    } catch (err) {
      if (!(err instanceof CourierError)) throw err
      // Released blind, a booking the courier made would be collected for nothing we know of.
      deps.log?.warn({ err, ...where }, 'stale courier claim kept: the courier could not be asked')
      return false
    }
  }
  for (const found of booked) {
    try {
      await courier.cancel(found.awb, found.providerRef)
    } catch (err) {
      if (!(err instanceof CourierError)) throw err
      deps.log?.error(
        { err, ...where, found: found.awb },
        'unrecorded courier booking could not be cancelled',
      )
      return false
    }
  }
  return true
}
