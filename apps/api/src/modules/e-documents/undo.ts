import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db, Tx } from '../../db/client'
import { eDocuments, invoices } from '../../db/schema'
import type { GstDeps } from './dispatch-documents'

/** The IRP cancels an IRN only within 24 hours of its acknowledgement. */
export const IRN_CANCEL_WINDOW_MS = 24 * 3_600_000

/**
 * A dispatch is undone (the courier booking cancelled before pickup): the e-way bill the shop
 * generated and, within 24 hours of its acknowledgement, the invoice's IRN are cancelled at the
 * portals (the e-way bill first: the IRP keeps an IRN whose e-way bill is active). Answers
 * whether the IRN was cancelled: the invoice then stands cancelled and needs no credit note. A
 * portal that refuses or is down leaves its document standing (logged); the invoice is then
 * reversed by a credit note as before.
 */
export async function cancelDispatchDocuments(
  db: Db,
  gst: GstDeps,
  subOrderId: string,
  now: Date,
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<{ irnCancelled: boolean }> {
  const rows = await db
    .select({ doc: eDocuments, document: invoices.document })
    .from(eDocuments)
    .innerJoin(invoices, eq(invoices.id, eDocuments.invoiceId))
    .where(eq(invoices.subOrderId, subOrderId))
  let irnCancelled = false
  const byKind = (kind: 'irn' | 'ewb') =>
    rows.find((r) => r.doc.kind === kind && !r.doc.cancelledAt)
  const mark = (id: string, at: string) =>
    db
      .update(eDocuments)
      .set({ cancelledAt: new Date(at) })
      .where(eq(eDocuments.id, id))
  const ewb = byKind('ewb')
  let ewbStanding = Boolean(ewb && ewb.doc.source !== 'seller')
  if (ewb && ewb.doc.source !== 'seller' && gst.portals.ewayBill) {
    try {
      const { cancelledAt } = await gst.portals.ewayBill.cancel(
        ewb.doc.number,
        ewb.document.supplier.gstin ?? '',
        'orderCancelled',
        'Dispatch cancelled',
      )
      await mark(ewb.doc.id, cancelledAt)
      ewbStanding = false
    } catch (err) {
      log?.error({ err, ewb: ewb.doc.number }, 'e-way bill of an undone dispatch not cancelled')
    }
  }
  const irn = byKind('irn')
  const inWindow = irn && now.getTime() - irn.doc.registeredAt.getTime() < IRN_CANCEL_WINDOW_MS
  if (irn && inWindow && !ewbStanding && gst.portals.einvoice) {
    try {
      const { cancelledAt } = await gst.portals.einvoice.cancel(
        irn.doc.number,
        irn.document.supplier.gstin ?? '',
        'orderCancelled',
        'Order cancelled before dispatch',
      )
      await mark(irn.doc.id, cancelledAt)
      // The invoice prints "IRN cancelled on …" from now on (decision 78).
      const { eInvoice } = irn.document
      if (eInvoice) {
        await db
          .update(invoices)
          .set({ document: { ...irn.document, eInvoice: { ...eInvoice, cancelledAt } } })
          .where(eq(invoices.id, irn.doc.invoiceId))
      }
      irnCancelled = true
    } catch (err) {
      log?.error({ err, irn: irn.doc.number }, 'IRN of an undone dispatch not cancelled')
    }
  }
  return { irnCancelled }
}

/** True when the part's invoice had its IRN cancelled at the IRP (it needs no credit note). */
export async function invoiceCancelledAtIrp(tx: Tx, subOrderId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: eDocuments.id })
    .from(eDocuments)
    .innerJoin(invoices, eq(invoices.id, eDocuments.invoiceId))
    .where(
      and(
        eq(invoices.subOrderId, subOrderId),
        eq(eDocuments.kind, 'irn'),
        isNotNull(eDocuments.cancelledAt),
      ),
    )
  return row !== undefined
}

/** The e-way bill number a part's consignment moves under (not cancelled), or null. */
export async function eWayBillOf(db: Db, subOrderId: string): Promise<string | null> {
  const [row] = await db
    .select({ number: eDocuments.number })
    .from(eDocuments)
    .innerJoin(invoices, eq(invoices.id, eDocuments.invoiceId))
    .where(
      and(
        eq(invoices.subOrderId, subOrderId),
        eq(eDocuments.kind, 'ewb'),
        isNull(eDocuments.cancelledAt),
      ),
    )
  return row?.number ?? null
}
