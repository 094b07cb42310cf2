import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client'
import {
  burnReservation,
  draftInvoice,
  releaseReservation,
  type DraftInvoice,
  type MarketplaceIdentity,
} from '../invoices'
import {
  askPortals,
  cancelIrn,
  DispatchDocumentsError,
  mustEInvoice,
  type GstDeps,
  type PortalAnswers,
} from '../e-documents'

/** A dispatch's invoice, drafted under a reserved serial and registered with the portals. */
export interface PreparedDispatch {
  draft: DraftInvoice
  answers: PortalAnswers
}

/**
 * Before the dispatching transaction (decision 78): when the part's invoice needs a portal (its
 * IRN, or an e-way bill the shop generates), its serial is reserved in a short transaction of
 * its own, the invoice drafted under it, and the portals asked with no lock held; the
 * transaction then issues the invoice as registered. Null: no portal is needed, and the
 * invoice is numbered in the transaction as before. When a portal is down or refuses, the
 * serial goes back to the supplier (its next invoice takes it), or, if a portal saw it, is
 * burnt; when the IRP did not answer (it may have registered the number), the serial stays with
 * the part: its retry registers it again and finds the registration if the IRP made one, and a
 * part nobody retries is settled by settleStaleReservations. The error is thrown.
 */
export async function prepareDispatchDocuments(
  db: Db,
  gst: GstDeps,
  marketplace: MarketplaceIdentity,
  part: {
    subOrderId: string
    sellerId: string
    buyerGstin: string | null
    valuePaise: number
    eWayBillNumber?: string
    transporterName: string
  },
  at: Date,
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<PreparedDispatch | null> {
  const needsIrn = Boolean(part.buyerGstin) && (await mustEInvoice(db, part.sellerId, gst.settings))
  const needsEwb = part.valuePaise > gst.settings.ewayBillThresholdPaise && !part.eWayBillNumber
  if (!needsIrn && !needsEwb) return null
  const draft = await draftInvoice(db, marketplace, part.subOrderId, at)
  try {
    const answers = await askPortals(db, gst, draft.document, part, log)
    return { draft: { ...draft, document: answers.document }, answers }
  } catch (err) {
    if (err instanceof DispatchDocumentsError && err.portalSaw) {
      await burnReservation(db, draft.reservation)
    } else if (!(err instanceof DispatchDocumentsError && err.portalMayHold)) {
      await releaseReservation(db, draft.reservation)
    }
    throw err
  }
}

/**
 * The dispatching transaction failed after the portals registered the draft: its IRN is
 * cancelled (within minutes, well inside the IRP's 24 hours) and its serial burnt; a draft no
 * portal saw gives its serial back.
 */
export async function abandonPrepared(
  db: Db,
  gst: GstDeps,
  prepared: PreparedDispatch,
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<void> {
  const { draft, answers } = prepared
  const irn = answers.document.eInvoice?.irn
  if (irn) await cancelIrn(gst, irn, answers.document, log)
  const ewb = answers.rows.find((row) => row.kind === 'ewb' && row.source !== 'seller')
  if (ewb && gst.portals.ewayBill) {
    await gst.portals.ewayBill
      .cancel(ewb.number, answers.document.supplier.gstin ?? '', 'others', 'Dispatch not completed')
      .catch((err: unknown) =>
        log?.error({ err, ewb: ewb.number }, 'e-way bill of an undone dispatch not cancelled'),
      )
  }
  if (answers.portalSaw) await burnReservation(db, draft.reservation)
  else await releaseReservation(db, draft.reservation)
}
