import { and, eq, isNotNull, lt } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client'
import { invoiceReservations, vendorProfiles } from '../../db/schema'
import type { EInvoiceProvider, EWayBillProvider, HeldEWayBill } from '../../einvoice'
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
  /** The e-way bill system, when one is set up: asked whether it made a bill under the number. */
  ewayBill: EWayBillProvider | undefined
  /** The marketplace's own GSTIN (the supplier of its own goods). */
  marketplaceGstin: string | null
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>
}

/**
 * Settles reservations past RESERVATION_STALE_MS whose invoice was never issued: the IRP and the
 * e-way bill system are asked whether they registered the number (their answer may have been
 * lost); if one did, the number is burnt and its IRN and bill cancelled (no supply stands behind
 * them), else the number goes back to the supplier for its next invoice. A reservation a portal
 * cannot be asked about now (down) is kept for the next sweep. Each step is conditional on the reservation still being the part's, so a
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
    let bill: HeldEWayBill | null = null
    try {
      if (deps.einvoice && gstin) {
        held = await deps.einvoice.findByDocument({
          type: 'INV',
          number,
          issuedAt: reservation.reservedAt.toISOString(),
          supplierGstin: gstin,
        })
      }
      if (deps.ewayBill && gstin) {
        bill = await deps.ewayBill.findByDocument({ number, supplierGstin: gstin })
      }
    } catch (err) {
      deps.log?.warn(
        { err, invoice: number },
        'stale invoice number kept: a portal is not answering',
      )
      continue
    }
    if (!held && !bill) {
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
    if (held?.status === 'active' && gstin) {
      const irn = held.irn
      await deps.einvoice
        ?.cancel(irn, gstin, 'dataEntryMistake', 'Dispatch not completed')
        .catch((err: unknown) =>
          deps.log?.error(
            { err, irn, invoice: number },
            'IRN of a dispatch that never happened not cancelled: cancel it on the IRP or issue a credit note',
          ),
        )
    }
    if (bill?.status === 'active' && gstin) {
      const ewb = bill.number
      await deps.ewayBill
        ?.cancel(ewb, gstin, 'others', 'Dispatch not completed')
        .catch((err: unknown) =>
          deps.log?.error(
            { err, ewb, invoice: number },
            'e-way bill of a dispatch that never happened not cancelled: cancel it on the portal',
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
