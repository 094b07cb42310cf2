import { seesBuyers } from '@techbazaar/shared'
import type { SessionUser } from '@techbazaar/shared'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { creditNotes, invoices } from '../../db/schema'
import { conflict, notFound } from '../../lib/errors'
import { BUYER_HIDDEN, viewOrder } from '../kernel'
import type { InvoiceDocument, InvoiceParty } from '../../db/schema/invoice-document'

/** The documents one download holds, and the one supplier who may sign them (if only one). */
export interface DocumentsForDownload {
  orderId: string
  /** The invoices' and credit notes' ids, in the order they print. */
  documentIds: string[]
  documents: InvoiceDocument[]
  /** The supplier of every document (a seller's id or 'marketplace'), or null when several. */
  supplierKey: string | null
  orderNumber: string
  /** The buyer's details are left out (a seller not approved, issue 26.6): a copy, not signed. */
  buyerHidden: boolean
}

/**
 * The documents as `viewer` may read them (order-access.ts's rule): for a seller not approved,
 * the buyer's name, GSTIN, street address and phone are left out; city and PIN, the place of
 * supply and every amount stay, for its records.
 */
function seenBy(viewer: SessionUser, documents: InvoiceDocument[]) {
  if (seesBuyers(viewer)) return { documents, buyerHidden: false }
  const hide = <P extends Pick<InvoiceParty, 'name' | 'address'>>(party: P): P => ({
    ...party,
    name: BUYER_HIDDEN,
    address: party.address.slice(-1),
  })
  return {
    documents: documents.map((doc) => ({
      ...doc,
      recipient: { ...hide(doc.recipient), gstin: null },
      shipTo: { ...hide(doc.shipTo), phone: '' },
    })),
    buyerHidden: true,
  }
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
  const rows = issued.flatMap((invoice) => [
    invoice,
    ...notes.filter((n) => n.invoiceId === invoice.id),
  ])
  const suppliers = new Set(issued.map((i) => i.supplierKey))
  const [only] = suppliers
  return {
    orderId,
    documentIds: rows.map((row) => row.id),
    ...seenBy(
      user,
      rows.map((row) => row.document),
    ),
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
    .select({
      id: creditNotes.id,
      document: creditNotes.document,
      supplierKey: creditNotes.supplierKey,
    })
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
    orderId,
    documentIds: [note.id],
    ...seenBy(user, [note.document]),
    supplierKey: note.supplierKey,
    orderNumber: note.document.orderNumber,
  }
}
