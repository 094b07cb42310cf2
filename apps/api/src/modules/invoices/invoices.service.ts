import type { SessionUser } from '@techbazaar/shared'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { creditNotes, invoices } from '../../db/schema'
import { conflict, notFound } from '../../lib/errors'
import { viewOrder } from '../orders/order-access'
import type { InvoiceDocument } from './invoice-document'

/** The documents one download holds, and the one supplier who may sign them (if only one). */
export interface DocumentsForDownload {
  documents: InvoiceDocument[]
  /** The supplier of every document (a seller's id or 'marketplace'), or null when several. */
  supplierKey: string | null
  orderNumber: string
}

/**
 * The issued GST documents of an order the caller may download: the owner and an admin get every
 * seller's, a seller only its own part's; anyone else is told the order does not exist. `part`
 * narrows it to one sub-order. Each invoice is followed by the credit notes against it, if any.
 * They are the stored documents as issued: nothing here reads the live profile or prices.
 */
export async function documentsForDownload(
  db: Db,
  user: SessionUser,
  orderId: string,
  part?: string,
): Promise<DocumentsForDownload> {
  const { order, subOrders } = await viewOrder(db, user, orderId)
  const parts = part ? subOrders.filter((s) => s.id === part) : subOrders
  if (parts.length === 0) throw notFound('Order not found')
  const issued = await db
    .select()
    .from(invoices)
    .where(
      inArray(
        invoices.subOrderId,
        parts.map((s) => s.id),
      ),
    )
    .orderBy(asc(invoices.issuedAt), asc(invoices.number))
  if (issued.length === 0) {
    throw conflict('The invoice is issued when the parcel is dispatched')
  }
  const notes = await db
    .select()
    .from(creditNotes)
    .where(
      inArray(
        creditNotes.invoiceId,
        issued.map((i) => i.id),
      ),
    )
    .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.number))
  const documents = issued.flatMap((invoice) => [
    invoice.document,
    ...notes.filter((n) => n.invoiceId === invoice.id).map((n) => n.document),
  ])
  const suppliers = new Set(issued.map((i) => i.supplierKey))
  const [only] = suppliers
  return {
    documents,
    supplierKey: suppliers.size === 1 && only ? only : null,
    orderNumber: issued[0]?.document.orderNumber ?? String(order.orderNumber),
  }
}

/**
 * One credit note of an order, for whoever may download the order's invoices (the owner, an
 * admin, the seller whose part it credits); a note of another order, or of a part the caller
 * does not see, is not found.
 */
export async function creditNoteForDownload(
  db: Db,
  user: SessionUser,
  orderId: string,
  creditNoteId: string,
): Promise<DocumentsForDownload> {
  const { subOrders } = await viewOrder(db, user, orderId)
  if (subOrders.length === 0) throw notFound('Credit note not found')
  const [note] = await db
    .select({ document: creditNotes.document, supplierKey: creditNotes.supplierKey })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(
      and(
        eq(creditNotes.id, creditNoteId),
        inArray(
          invoices.subOrderId,
          subOrders.map((s) => s.id),
        ),
      ),
    )
  if (!note) throw notFound('Credit note not found')
  return {
    documents: [note.document],
    supplierKey: note.supplierKey,
    orderNumber: note.document.orderNumber,
  }
}
