import { paiseToRupees, RETURN_REASON_LABELS, type CreditNoteSummary } from '@techbazaar/shared'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import {
  sellerEInvoicing,
  creditNotes,
  invoices,
  lateCredits,
  orderLines,
  returnLines,
  returns,
  subOrders,
} from '../../db/schema'
import { conflict } from '../../lib/errors'
import {
  allocateReturn,
  creditedPerLine,
  creditNoteLines,
  totalsOf,
  whatIsLeft,
} from './credit-lines'
import type { InvoiceDocument, InvoiceDocumentLine } from '../../db/schema/invoice-document'
import { queueLateCreditMails } from './late-credit-mail'
import { queueCreditNoteIrn } from './credit-note-queue'
import { documentNumber, financialYear, MARKETPLACE_SUPPLIER_KEY, nextSerial } from './numbering'

/**
 * Credit notes (CGST Act s.34, decision 54): a whole one reverses an invoice whose supply did not
 * happen (a parcel returned to origin); a return's credits only the units that came back. Each
 * copies its invoice's frozen parties, place of supply and tax split, is numbered in the
 * supplier's credit series for the financial year it is issued in, and is stored as issued.
 */

type CreditNoteRow = typeof creditNotes.$inferSelect
type InvoiceRow = typeof invoices.$inferSelect
export type LateCreditRow = typeof lateCredits.$inferSelect

/** The last day of CGST s.34(2) (config CREDIT_NOTE_LAST_DAY, 30 November by default). */
export interface CreditNoteLastDay {
  month: number
  day: number
}

const IST_MS = 330 * 60_000

/**
 * When a credit note against an invoice issued at `invoicedAt` stops counting (CGST s.34(2)):
 * the end, in India, of `lastDay` following the end of the supply's financial year (the
 * invoice's date is the time of supply of goods, s.12(2)).
 */
export function creditNoteDeadline(invoicedAt: Date, lastDay: CreditNoteLastDay): Date {
  const fy = financialYear(invoicedAt)
  return new Date(Date.UTC(fy + 1, lastDay.month - 1, lastDay.day + 1) - IST_MS)
}

/** A credit recorded instead of a note past the time limit (not a numbered document). */
export const isLateCredit = (
  credit: CreditNoteRow | LateCreditRow | null,
): credit is LateCreditRow => credit !== null && 'lastDay' in credit

/** The credits of an invoice so far: its notes' lines and the late credits' lines alike. */
async function creditsOf(tx: Tx, invoiceId: string) {
  const notes = await tx.select().from(creditNotes).where(eq(creditNotes.invoiceId, invoiceId))
  const late = await tx.select().from(lateCredits).where(eq(lateCredits.invoiceId, invoiceId))
  return { notes, late, lines: [...notes.map((n) => n.document), ...late] }
}

/**
 * Past the time limit, no note (it could not reduce tax): the credit is recorded and the seller
 * and the admins are told, in the caller's transaction; the refund goes ahead as it would.
 */
async function recordLate(
  tx: Tx,
  invoice: InvoiceRow,
  at: Date,
  reason: string,
  lines: InvoiceDocumentLine[],
  returnId: string | null,
  lastDay: Date,
): Promise<LateCreditRow> {
  const [created] = await tx
    .insert(lateCredits)
    .values({
      invoiceId: invoice.id,
      returnId,
      recordedAt: at,
      lastDay,
      reason,
      amountPaise: totalsOf(lines).totalPaise,
      lines,
    })
    .returning()
  if (!created) throw new Error('late credit not recorded')
  await queueLateCreditMails(tx, invoice, created)
  return created
}

/**
 * The sub-order's invoice, locked until the caller's transaction ends: credit notes against one
 * invoice are issued one at a time, so each sees what the others credited.
 */
async function lockedInvoiceOf(tx: Tx, subOrderId: string): Promise<InvoiceRow | undefined> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(eq(invoices.subOrderId, subOrderId))
    .for('update')
  return invoice
}

async function issue(
  tx: Tx,
  invoice: InvoiceRow,
  at: Date,
  reason: string,
  lines: InvoiceDocumentLine[],
  returnId: string | null,
  lastDay: CreditNoteLastDay,
  marketplaceEInvoicing: boolean,
): Promise<CreditNoteRow | LateCreditRow> {
  const deadline = creditNoteDeadline(invoice.issuedAt, lastDay)
  if (at >= deadline) return recordLate(tx, invoice, at, reason, lines, returnId, deadline)
  const fy = financialYear(at)
  const seq = await nextSerial(tx, invoice.supplierKey, 'credit', fy)
  const number = documentNumber('credit', fy, seq)
  // The invoice's IRN and e-way bill are its own: the note gets its own IRN, if any.
  const { eInvoice, eWayBill: _eWayBill, irnPending: _pending, ...copied } = invoice.document
  // A note to a business buyer is registered (CRN) when its supplier e-invoices now, or its
  // invoice was registered: rule 48(4) binds the note's issuer on the note's date, so an invoice
  // from before the seller's switch is reversed by a registered note too. Asked after this
  // transaction commits, by the outbox (decision 78). A cancelled IRN voided the invoice.
  const needsIrn =
    Boolean(copied.recipient.gstin) &&
    !eInvoice?.cancelledAt &&
    (Boolean(eInvoice) || (await eInvoicesNow(tx, invoice.supplierKey, marketplaceEInvoicing)))
  const document: InvoiceDocument = {
    ...copied,
    ...(needsIrn ? { irnPending: true as const } : {}),
    kind: 'credit',
    number,
    issuedAt: at.toISOString(),
    against: { number: invoice.number, issuedAt: invoice.document.issuedAt },
    reason,
    lines,
    totals: totalsOf(lines),
  }
  const [created] = await tx
    .insert(creditNotes)
    .values({
      invoiceId: invoice.id,
      supplierKey: invoice.supplierKey,
      fy,
      seq,
      number,
      issuedAt: at,
      reason,
      returnId,
      document,
      irnStatus: needsIrn ? 'pending' : null,
    })
    .returning()
  if (!created) throw new Error('credit note not created')
  if (needsIrn) await queueCreditNoteIrn(tx, created.id)
  return created
}

/**
 * Reverses what is left of the sub-order's invoice (all of it, unless returns credited some)
 * when its supply did not happen. Answers null when no invoice was issued (nothing was
 * dispatched) and the existing note when one already reversed it; 409 when returns credited it
 * all. Past the s.34(2) time limit it records a late credit instead (`isLateCredit`).
 */
export async function issueCreditNote(
  tx: Tx,
  subOrderId: string,
  at: Date,
  reason: string,
  lastDay: CreditNoteLastDay,
  /** Whether the marketplace's own supplies are e-invoiced (config.gstPortals). */
  marketplaceEInvoicing = false,
): Promise<CreditNoteRow | LateCreditRow | null> {
  const invoice = await lockedInvoiceOf(tx, subOrderId)
  if (!invoice) return null
  const { notes, late, lines: done } = await creditsOf(tx, invoice.id)
  const whole = notes.find((n) => n.returnId === null) ?? late.find((n) => n.returnId === null)
  if (whole) return whole
  const credited = creditedPerLine(invoice.document, done)
  const lines = creditNoteLines(invoice.document, credited, whatIsLeft(invoice.document, credited))
  return issue(tx, invoice, at, reason, lines, null, lastDay, marketplaceEInvoicing)
}

/**
 * The credit note of a return that passed its quality check, in the caller's transaction (the
 * one that records the pass): the returned units of its invoice's lines, "Goods returned:
 * <reason>". Answers null when the part was never invoiced, and the note already issued for the
 * return when asked again (one return, one note). 409 when the return has not passed its check
 * or would credit more than the invoice has left. Past the s.34(2) time limit it records a late
 * credit instead (`isLateCredit`): its lines still reverse the seller's sale.
 */
export async function issueReturnCreditNote(
  tx: Tx,
  returnId: string,
  at: Date,
  lastDay: CreditNoteLastDay,
  marketplaceEInvoicing = false,
): Promise<CreditNoteRow | LateCreditRow | null> {
  const [ret] = await tx.select().from(returns).where(eq(returns.id, returnId))
  if (!ret) throw new Error(`return ${returnId} missing`)
  const invoice = await lockedInvoiceOf(tx, ret.subOrderId)
  if (!invoice) return null
  const { notes, late, lines: done } = await creditsOf(tx, invoice.id)
  const existing =
    notes.find((n) => n.returnId === returnId) ?? late.find((n) => n.returnId === returnId)
  if (existing) return existing
  if (ret.status !== 'qc_passed') {
    throw conflict('A return is credited when it passes its quality check')
  }
  const items = await tx
    .select({
      productId: orderLines.productId,
      title: orderLines.title,
      unitPricePaise: orderLines.unitPricePaise,
      quantity: returnLines.quantity,
    })
    .from(returnLines)
    .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
    .where(and(eq(returnLines.returnId, returnId), eq(orderLines.subOrderId, ret.subOrderId)))
    .orderBy(asc(orderLines.title), asc(orderLines.id))
  if (items.length === 0) throw new Error(`return ${returnId} has no lines of its sub-order`)
  const credited = creditedPerLine(invoice.document, done)
  const requests = allocateReturn(invoice.document, credited, items)
  const lines = creditNoteLines(invoice.document, credited, requests)
  const reason = `Goods returned: ${RETURN_REASON_LABELS[ret.reason]}`
  return issue(tx, invoice, at, reason, lines, returnId, lastDay, marketplaceEInvoicing)
}

/**
 * The credit notes of an order for its details page, oldest first; `subOrderIds` narrows them to
 * the parts the caller sees (a seller's own).
 */
export async function creditNotesOf(
  db: Db,
  orderId: string,
  subOrderIds?: string[],
): Promise<CreditNoteSummary[]> {
  if (subOrderIds?.length === 0) return []
  const rows = await db
    .select({
      id: creditNotes.id,
      number: creditNotes.number,
      issuedAt: creditNotes.issuedAt,
      document: creditNotes.document,
      subOrderId: invoices.subOrderId,
      invoiceNumber: invoices.number,
    })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .innerJoin(subOrders, eq(subOrders.id, invoices.subOrderId))
    .where(
      and(
        eq(subOrders.orderId, orderId),
        subOrderIds ? inArray(invoices.subOrderId, subOrderIds) : undefined,
      ),
    )
    .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.number))
  return rows.map((row) => ({
    _id: row.id,
    number: row.number,
    subOrderId: row.subOrderId,
    invoiceNumber: row.invoiceNumber,
    issuedAt: row.issuedAt.toISOString(),
    amount: paiseToRupees(row.document.totals.totalPaise),
  }))
}

/** Whether the supplier e-invoices now: the marketplace by configuration, a seller as set by admins. */
async function eInvoicesNow(tx: Tx, supplierKey: string, marketplace: boolean): Promise<boolean> {
  if (supplierKey === MARKETPLACE_SUPPLIER_KEY) return marketplace
  const [row] = await tx
    .select({ applies: sellerEInvoicing.applies })
    .from(sellerEInvoicing)
    .where(eq(sellerEInvoicing.sellerId, supplierKey))
  return row?.applies ?? false
}
