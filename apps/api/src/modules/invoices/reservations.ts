import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { invoiceReservations } from '../../db/schema'
import { nextSerial } from './numbering'

/**
 * Invoice serials reserved ahead of their invoice (decision 78): a dispatch that must ask the
 * IRP (or the e-way bill system) first takes its number in a short transaction of its own, asks
 * the portal with no lock held, and issues the invoice under that number afterwards. A number
 * whose dispatch failed before any portal saw it goes back to the supplier (free), and the
 * supplier's next invoice takes it: the series stays gap-free. A number a portal saw is burnt
 * (decision 072): its reservation is deleted and nobody issues it.
 */

export interface Reservation {
  id: string
  supplierKey: string
  fy: number
  seq: number
  /** When the serial was reserved for its part: the date its invoice is drafted under. */
  reservedAt: Date
}

const free = (supplierKey: string, fy: number) =>
  and(
    eq(invoiceReservations.supplierKey, supplierKey),
    eq(invoiceReservations.fy, fy),
    isNull(invoiceReservations.subOrderId),
  )

/** The lowest free reserved serial of the supplier's year, locked for the caller (or none). */
async function lowestFree(tx: Tx, supplierKey: string, fy: number) {
  const [row] = await tx
    .select({ id: invoiceReservations.id, seq: invoiceReservations.seq })
    .from(invoiceReservations)
    .where(free(supplierKey, fy))
    .orderBy(asc(invoiceReservations.seq))
    .limit(1)
    .for('update', { skipLocked: true })
  return row
}

/**
 * The serial an invoice issued now takes, in the issuing transaction: a free reserved one first
 * (the lowest), else the counter's next.
 */
export async function takeSerial(tx: Tx, supplierKey: string, fy: number): Promise<number> {
  const row = await lowestFree(tx, supplierKey, fy)
  if (!row) return nextSerial(tx, supplierKey, 'invoice', fy)
  await tx.delete(invoiceReservations).where(eq(invoiceReservations.id, row.id))
  return row.seq
}

/**
 * Reserves a serial for the sub-order's invoice in its own short transaction (the counter's row
 * lock is held only for it): the one it already holds (a retried dispatch), else a free one,
 * else the counter's next.
 */
export async function reserveSerial(
  db: Db,
  supplierKey: string,
  fy: number,
  subOrderId: string,
  at: Date,
): Promise<Reservation> {
  return db.transaction(async (tx) => {
    const [held] = await tx
      .select()
      .from(invoiceReservations)
      .where(eq(invoiceReservations.subOrderId, subOrderId))
      .for('update')
    if (held && held.supplierKey === supplierKey && held.fy === fy) return held
    // Held for another year (a dispatch retried across 1 April): given back, a new one taken.
    if (held) {
      await tx
        .update(invoiceReservations)
        .set({ subOrderId: null })
        .where(eq(invoiceReservations.id, held.id))
    }
    const row = await lowestFree(tx, supplierKey, fy)
    if (row) {
      const [taken] = await tx
        .update(invoiceReservations)
        .set({ subOrderId, reservedAt: at })
        .where(eq(invoiceReservations.id, row.id))
        .returning()
      if (taken) return taken
    }
    const seq = await nextSerial(tx, supplierKey, 'invoice', fy)
    const [made] = await tx
      .insert(invoiceReservations)
      .values({ supplierKey, fy, seq, subOrderId, reservedAt: at })
      .returning()
    if (!made) throw new Error('invoice serial not reserved')
    return made
  })
}

/**
 * Uses the sub-order's reservation for its invoice, in the issuing transaction: false when it
 * is not held by the sub-order any more (the caller then must not issue under its number).
 */
export async function useReservation(
  tx: Tx,
  reservation: Reservation,
  subOrderId: string,
): Promise<boolean> {
  const gone = await tx
    .delete(invoiceReservations)
    .where(
      and(
        eq(invoiceReservations.id, reservation.id),
        eq(invoiceReservations.subOrderId, subOrderId),
      ),
    )
    .returning({ id: invoiceReservations.id })
  return gone.length > 0
}

/** A dispatch failed before any portal saw the number: it goes back to the supplier. */
export async function releaseReservation(db: Db, reservation: Reservation): Promise<void> {
  await db
    .update(invoiceReservations)
    .set({ subOrderId: null })
    .where(eq(invoiceReservations.id, reservation.id))
}

/** A portal saw the number (an IRN registered, then cancelled): nobody issues it again. */
export async function burnReservation(db: Db, reservation: Reservation): Promise<void> {
  await db.delete(invoiceReservations).where(eq(invoiceReservations.id, reservation.id))
}
