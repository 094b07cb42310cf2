import type { FastifyBaseLogger } from 'fastify'
import type { Booking, Courier } from '../../couriers/types'
import type { Db, Tx } from '../../db/client'

/**
 * Where one courier booking keeps its claim: a durable row, unique per reference, that says a
 * booking is under way and, once the courier answered, how to undo it. Forward parcels keep it in
 * `shipments` (status `booking`), reverse pickups in `return_pickup_claims`; releaseStaleClaims
 * reads both.
 */
export interface ClaimSlot<T> {
  /** Writes the claim; false when one exists (another attempt holds it, or a crash left it). */
  take(): Promise<boolean>
  /** Writes the courier's AWB and own ids onto the claim, before anything else is done. */
  remember(booking: Booking): Promise<void>
  /**
   * Optional: what must be had outside any transaction before recording (a dispatch's IRN,
   * decision 78). A failure undoes the booking like a failure to record.
   */
  prepare?(booking: Booking): Promise<void>
  /**
   * Records the booking and finishes the claim, in `tx`. Null: there is nothing to record it on
   * any more (the part or return changed meanwhile), so the booking is undone.
   */
  record(tx: Tx, booking: Booking): Promise<T | null>
  /** Deletes the claim: nothing it booked stands at the courier. */
  release(): Promise<void>
}

export type StepOutcome<T> =
  /** Another attempt holds the claim: nothing was asked of the courier. */
  | { state: 'busy' }
  | { state: 'recorded'; booking: Booking; value: T }
  /** The courier booked it but there was nothing to record it on: the booking was cancelled. */
  | { state: 'undone' }

export interface CourierStepDeps {
  db: Db
  log?: Pick<FastifyBaseLogger, 'error'>
}

/**
 * One courier booking as a durable step, the only way forward parcels and reverse pickups are
 * booked: claim, ask the courier outside any transaction, write how to undo it to the claim, then
 * record it in one transaction that also finishes the claim. Guarantees: the courier is never
 * asked twice at once for one reference; a failed ask leaves nothing (the claim is released and
 * its error thrown); a booking not recorded is cancelled at the courier and the claim released,
 * or, when the courier refuses the cancellation, kept with its AWB for releaseStaleClaims to
 * retry. A process that dies anywhere in between leaves a claim the sweep undoes.
 */
export async function courierStep<T>(
  deps: CourierStepDeps,
  courier: Courier,
  slot: ClaimSlot<T>,
  ask: () => Promise<Booking>,
): Promise<StepOutcome<T>> {
  if (!(await slot.take())) return { state: 'busy' }
  let booking: Booking
  try {
    booking = await ask()
  } catch (err) {
    await slot.release()
    throw err
  }
  // Never throws: the error that made it necessary is the one the caller must see.
  const undo = async () => {
    try {
      await courier.cancel(booking.awb, booking.providerRef)
      await slot.release()
    } catch (err) {
      // The claim stays, holding the AWB (or found by its reference): the sweep undoes it later.
      deps.log?.error({ err, awb: booking.awb }, 'unrecorded courier booking not undone yet')
    }
  }
  let value: T | null
  try {
    await slot.remember(booking)
    await slot.prepare?.(booking)
    value = await deps.db.transaction((tx) => slot.record(tx, booking))
  } catch (err) {
    await undo()
    throw err
  }
  if (value === null) {
    await undo()
    return { state: 'undone' }
  }
  return { state: 'recorded', booking, value }
}
