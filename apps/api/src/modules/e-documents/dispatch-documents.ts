import { formatPaise } from '@techbazaar/shared'
import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db, Tx } from '../../db/client'
import { eDocuments, invoices, subOrders } from '../../db/schema'
import type { InvoiceDocument } from '../../db/schema/invoice-document'
import {
  GstPortalRefusedError,
  GstPortalUnavailableError,
  type GstPortals,
  type IrnRegistration,
} from '../../einvoice'
import type { GstPortalsConfig } from '../../einvoice/config'
import { AppError, conflict } from '../../lib/errors'
import { mustEInvoice } from './applies'

/** What a dispatch needs of the GST portals: the portals and their settings. */
export interface GstDeps {
  portals: GstPortals
  settings: GstPortalsConfig
}

const IRP_DOWN =
  'The e-invoice portal (IRP) is not answering, so nothing was dispatched: an invoice to a business buyer must carry its IRN. Please try again in a few minutes.'
const EWB_DOWN =
  'The e-way bill portal is not answering, so nothing was dispatched. Please try again in a few minutes, or enter an e-way bill number you generated yourself.'

/**
 * A dispatch that could not get its GST documents.
 */
export class DispatchDocumentsError extends AppError {
  /** A portal registered the number before the dispatch failed: it is never issued again. */
  portalSaw?: boolean
  /**
   * The IRP or the e-way bill system did not answer (a timeout, a dropped connection): it may
   * have registered the number. The number stays with the part, whose retry finds the IRN or the
   * bill again (decision 087).
   */
  portalMayHold?: boolean
}

const ewbNeeded = (settings: GstPortalsConfig) =>
  `This parcel is worth more than ${formatPaise(settings.ewayBillThresholdPaise)}, so it needs an e-way bill before it moves (rule 138)`

/**
 * Refuses, before the courier is asked, a dispatch whose GST documents cannot be had: an
 * e-invoicing seller's sale to a business with no IRP set up, or a consignment above the e-way
 * bill threshold with neither the seller's own e-way bill nor a portal to generate one.
 */
export async function assertDispatchDocuments(
  db: Db,
  gst: GstDeps,
  part: { sellerId: string; valuePaise: number; buyerGstin: string | null },
  eWayBillNumber: string | undefined,
): Promise<void> {
  if (
    part.buyerGstin &&
    !gst.portals.einvoice &&
    (await mustEInvoice(db, part.sellerId, gst.settings))
  ) {
    throw new AppError(
      503,
      'Your invoices to business buyers must be registered with the e-invoice portal (IRP), which is not set up in this shop yet, so nothing was dispatched. Please contact support.',
    )
  }
  if (
    part.valuePaise > gst.settings.ewayBillThresholdPaise &&
    !eWayBillNumber &&
    !gst.portals.ewayBill
  ) {
    throw conflict(
      `${ewbNeeded(gst.settings)}: enter the number of the e-way bill you generated on the e-way bill portal.`,
    )
  }
}

function portalError(err: unknown, down: string, what: string): AppError {
  if (err instanceof GstPortalRefusedError) {
    return Object.assign(
      new DispatchDocumentsError(
        409,
        `${what} refused it: ${err.message}. Nothing was dispatched.`,
      ),
      { cause: err },
    )
  }
  if (err instanceof GstPortalUnavailableError) {
    return Object.assign(new DispatchDocumentsError(503, down), { cause: err })
  }
  return err instanceof AppError
    ? err
    : Object.assign(new DispatchDocumentsError(503, down), { cause: err })
}

/** What the portals answered for a document: frozen into it, and the rows that record them. */
export interface PortalAnswers {
  document: InvoiceDocument
  rows: Omit<typeof eDocuments.$inferInsert, 'invoiceId'>[]
  /** A portal registered the document's number (an IRN, a generated e-way bill). */
  portalSaw: boolean
}

/**
 * Asks the portals what `document` needs: its IRN (a business buyer of an e-invoicing supplier)
 * and its consignment's e-way bill (above the threshold), and answers the document with them
 * frozen in. A portal that is down or refuses throws a DispatchDocumentsError; an IRN already
 * registered is then cancelled and the error's `burn` says the number is not to be issued again
 * (the IRP never takes a number twice).
 */
export async function askPortals(
  db: Db,
  gst: GstDeps,
  document: InvoiceDocument,
  part: { sellerId: string; eWayBillNumber?: string; transporterName: string },
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<PortalAnswers> {
  const rows: PortalAnswers['rows'] = []
  let eInvoice: IrnRegistration | undefined
  if (document.recipient.gstin && (await mustEInvoice(db, part.sellerId, gst.settings))) {
    const irp = gst.portals.einvoice
    if (!irp) throw new DispatchDocumentsError(503, IRP_DOWN)
    try {
      eInvoice = await irp.register(document, {
        ecomGstin: document.soldVia ? document.operator.gstin : null,
      })
    } catch (err) {
      const failed = portalError(err, IRP_DOWN, 'The e-invoice portal (IRP)')
      if (failed instanceof DispatchDocumentsError && !(err instanceof GstPortalRefusedError)) {
        failed.portalMayHold = true
      }
      throw failed
    }
    rows.push({
      kind: 'irn',
      number: eInvoice.irn,
      source: irp.sandbox ? 'sandbox' : 'portal',
      registeredAt: new Date(eInvoice.ackDate),
    })
  }
  let eWayBill: InvoiceDocument['eWayBill']
  let generated = false
  try {
    if (document.totals.totalPaise > gst.settings.ewayBillThresholdPaise) {
      if (part.eWayBillNumber) {
        eWayBill = { number: part.eWayBillNumber, generatedAt: null }
        rows.push({
          kind: 'ewb',
          number: part.eWayBillNumber,
          source: 'seller',
          registeredAt: new Date(document.issuedAt),
        })
      } else {
        const portal = gst.portals.ewayBill
        if (!portal) throw conflict(`${ewbNeeded(gst.settings)}: enter its number.`)
        let bill
        try {
          bill = await portal.generate(document, { transporterName: part.transporterName })
        } catch (err) {
          const failed = portalError(err, EWB_DOWN, 'The e-way bill portal')
          if (failed instanceof DispatchDocumentsError && !(err instanceof GstPortalRefusedError)) {
            failed.portalMayHold = true
          }
          throw failed
        }
        generated = true
        eWayBill = { number: bill.number, generatedAt: bill.generatedAt }
        rows.push({
          kind: 'ewb',
          number: bill.number,
          source: portal.sandbox ? 'sandbox' : 'portal',
          registeredAt: new Date(bill.generatedAt),
        })
      }
    }
  } catch (err) {
    if (eInvoice) {
      // The IRP holds this number now: cancel its IRN and never issue the number again, with
      // any bill the e-way bill system made under it before its answer was lost.
      await cancelIrn(gst, eInvoice.irn, document, log)
      if (err instanceof DispatchDocumentsError && err.portalMayHold) {
        await cancelLostEWayBill(gst, document, log)
      }
      const failed =
        err instanceof DispatchDocumentsError
          ? err
          : new DispatchDocumentsError(409, (err as Error).message)
      failed.portalSaw = true
      throw failed
    }
    throw err
  }
  const frozen: InvoiceDocument = {
    ...document,
    ...(eInvoice
      ? {
          eInvoice: {
            irn: eInvoice.irn,
            ackNo: eInvoice.ackNo,
            ackDate: eInvoice.ackDate,
            signedQrCode: eInvoice.signedQrCode,
          },
        }
      : {}),
    ...(eWayBill ? { eWayBill } : {}),
  }
  return { document: frozen, rows, portalSaw: Boolean(eInvoice) || generated }
}

/**
 * Cancels the bill the e-way bill system may have made for a document that will not be issued
 * (its answer was lost); a failure is logged (the bill then lapses unused).
 */
async function cancelLostEWayBill(
  gst: GstDeps,
  document: InvoiceDocument,
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<void> {
  const portal = gst.portals.ewayBill
  const supplierGstin = document.supplier.gstin ?? ''
  try {
    const held = await portal?.findByDocument({ number: document.number, supplierGstin })
    if (held?.status === 'active') {
      await portal?.cancel(held.number, supplierGstin, 'others', 'Dispatch not completed')
    }
  } catch (err) {
    log?.error(
      { err, invoice: document.number },
      'e-way bill of an undone dispatch not looked up or cancelled',
    )
  }
}

/** Cancels an IRN of a dispatch that did not happen; a failure is logged (it stands). */
export async function cancelIrn(
  gst: GstDeps,
  irn: string,
  document: InvoiceDocument,
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<void> {
  await gst.portals.einvoice
    ?.cancel(irn, document.supplier.gstin ?? '', 'dataEntryMistake', 'Dispatch not completed')
    .catch((cancelErr: unknown) =>
      log?.error({ err: cancelErr, irn }, 'IRN of an undone dispatch not cancelled'),
    )
}

/**
 * Records, in the dispatching transaction, the e-documents of an issued invoice that needed no
 * portal (a seller's own e-way bill number), or of one drafted and registered before it
 * (`answers`, prepare-dispatch.ts). Portals are never asked here: a transaction holding the
 * order's and the invoice counter's locks does not wait on the network (decision 78).
 */
export async function registerDispatchDocuments(
  tx: Tx,
  gst: GstDeps,
  invoice: { id: string; supplierKey: string; fy: number; seq: number; document: InvoiceDocument },
  part: { sellerId: string; eWayBillNumber?: string; transporterName: string },
  answers?: PortalAnswers,
): Promise<InvoiceDocument> {
  const existing = await tx.select().from(eDocuments).where(eq(eDocuments.invoiceId, invoice.id))
  if (existing.length > 0) return invoice.document
  let { document, rows } = answers ?? { document: invoice.document, rows: [] }
  // No invoice without its IRN: one that needs it is drafted and registered first.
  if (
    !answers &&
    document.recipient.gstin &&
    (await mustEInvoice(tx, part.sellerId, gst.settings))
  ) {
    throw new DispatchDocumentsError(503, IRP_DOWN)
  }
  if (!answers && document.totals.totalPaise > gst.settings.ewayBillThresholdPaise) {
    if (!part.eWayBillNumber) throw conflict(`${ewbNeeded(gst.settings)}: enter its number.`)
    document = { ...document, eWayBill: { number: part.eWayBillNumber, generatedAt: null } }
    rows = [
      {
        kind: 'ewb',
        number: part.eWayBillNumber,
        source: 'seller',
        registeredAt: new Date(document.issuedAt),
      },
    ]
  }
  if (rows.length > 0) {
    if (!answers) {
      await tx.update(invoices).set({ document }).where(eq(invoices.id, invoice.id))
    }
    await tx.insert(eDocuments).values(rows.map((row) => ({ ...row, invoiceId: invoice.id })))
  }
  return document
}

/** The e-documents of an invoice that still stand. */
export async function standingDocuments(db: Db, invoiceId: string) {
  return db
    .select()
    .from(eDocuments)
    .where(and(eq(eDocuments.invoiceId, invoiceId), isNull(eDocuments.cancelledAt)))
}

/**
 * Refuses an invoice issued without asking the IRP (a parcel an admin marks shipped by hand) when
 * it needs an IRN: a business buyer of an e-invoicing supplier. Such parcels go through Ship.
 */
export async function assertIrnIfNeeded(
  tx: Tx,
  invoice: { subOrderId: string; document: InvoiceDocument },
  marketplaceEInvoicing: boolean,
): Promise<void> {
  if (invoice.document.eInvoice || !invoice.document.recipient.gstin) return
  const [sub] = await tx
    .select({ sellerId: subOrders.sellerId })
    .from(subOrders)
    .where(eq(subOrders.id, invoice.subOrderId))
  if (!sub || !(await mustEInvoice(tx, sub.sellerId, { marketplaceEInvoicing }))) return
  throw conflict(
    'This invoice to a business buyer must be registered with the e-invoice portal (IRP) for its IRN: dispatch it with Ship (courier booking), not by marking it shipped by hand.',
  )
}
