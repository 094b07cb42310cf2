import { and, eq, isNotNull, lt } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client'
import { invoiceReservations, vendorProfiles } from '../../db/schema'
import type { EInvoiceProvider } from '../../einvoice'
import { documentNumber, MARKETPLACE_SUPPLIER_KEY } from './numbering'

/**
 * How long a serial may stay reserved for a dispatch that never issued its invoice. A dispatch
 * takes seconds; one older than this was left by a process that died between reserving and
 * issuing, or by a dispatch the IRP did not answer that nobody retried. Well inside the IRP's 24
 * hours, so an IRN it made meanwhile can still be cancelled.
 */
export const RESERVATION_STALE_MS = 30 * 60_000

export interface ReservationSweepDeps {
  db: Db
  now: () => Date
  /** The IRP, when one is set up: asked whether it registered a stale number. */
  einvoice: EInvoiceProvider | undefined
  /** The marketplace's own GSTIN (the supplier of its own goods). */
  marketplaceGstin: string | null
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>
}

/**
 * Settles reservations past RESERVATION_STALE_MS whose invoice was never issued: the IRP is asked
 * whether it registered the number (its answer may have been lost); if it did, the number is
 * burnt and the IRN cancelled (no supply stands behind it), else the number goes back to the
 * supplier for its next invoice. A reservation the IRP cannot be asked about now (down) is kept
 * for the next sweep. Each step is conditional on the reservation still being the part's, so a
 * retry that took it meanwhile wins. Answers how many were settled.
 */
export async function settleStaleReservations(deps: ReservationSweepDeps): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - RESERVATION_STALE_MS)
  const stale = await deps.db
    .select()
    .from(invoiceReservations)
    .where(
      and(isNotNull(invoiceReservations.subOrderId), lt(invoiceReservations.reservedAt, cutoff)),
    )
  let settled = 0
  for (const reservation of stale) {
    const still = and(
      eq(invoiceReservations.id, reservation.id),
      eq(invoiceReservations.subOrderId, reservation.subOrderId ?? ''),
      eq(invoiceReservations.reservedAt, reservation.reservedAt),
    )
    const number = documentNumber('invoice', reservation.fy, reservation.seq)
    const gstin = await supplierGstin(deps, reservation.supplierKey)
    let held = null
    if (deps.einvoice && gstin) {
      try {
        held = await deps.einvoice.findByDocument({
          type: 'INV',
          number,
          issuedAt: reservation.reservedAt.toISOString(),
          supplierGstin: gstin,
        })
      } catch (err) {
        deps.log?.warn(
          { err, invoice: number },
          'stale invoice number kept: the IRP is not answering',
        )
        continue
      }
    }
    if (!held) {
      const released = await deps.db
        .update(invoiceReservations)
        .set({ subOrderId: null })
        .where(still)
        .returning({ id: invoiceReservations.id })
      settled += released.length
      continue
    }
    const burnt = await deps.db
      .delete(invoiceReservations)
      .where(still)
      .returning({ id: invoiceReservations.id })
    if (burnt.length === 0) continue
    settled += 1
    const irn = held.irn
    if (held.status === 'active' && gstin) {
      await deps.einvoice
        ?.cancel(irn, gstin, 'dataEntryMistake', 'Dispatch not completed')
        .catch((err: unknown) =>
          deps.log?.error(
            { err, irn, invoice: number },
            'IRN of a dispatch that never happened not cancelled: cancel it on the IRP or issue a credit note',
          ),
        )
    }
  }
  return settled
}

async function supplierGstin(deps: ReservationSweepDeps, supplierKey: string) {
  if (supplierKey === MARKETPLACE_SUPPLIER_KEY) return deps.marketplaceGstin
  const [profile] = await deps.db
    .select({ gstin: vendorProfiles.gstNumber })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.userId, supplierKey))
  return profile?.gstin ?? null
}
