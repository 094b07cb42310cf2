import { X509Certificate, type KeyObject } from 'node:crypto'
import { serveTasks } from '../../lib/task-worker'
import type { InvoiceDocument } from '../../db/schema/invoice-document'
import { renderInvoicesPdf } from './invoice-pdf'
import { signPdf, type SignatureInfo } from './pdf-signature'

/** The worker thread of invoice-files.ts: renders one download's PDF, signed if asked. */

export interface RenderRequest {
  documents: InvoiceDocument[]
  shopName: string
  /** The supplier's key (KeyObjects clone; certificates go as DER) and the signature's fields. */
  signing: {
    privateKey: KeyObject
    chain: Uint8Array[]
    info: Omit<SignatureInfo, 'signedAt'> & { signedAt: string }
  } | null
}

serveTasks<RenderRequest, Uint8Array>(async ({ documents, shopName, signing }) => {
  const pdf = await renderInvoicesPdf(
    documents,
    shopName,
    signing ? { signedBy: signing.info.name } : null,
  )
  if (!signing) return pdf
  const key = {
    privateKey: signing.privateKey,
    chain: signing.chain.map((der) => new X509Certificate(der)),
  }
  return signPdf(pdf, key, { ...signing.info, signedAt: new Date(signing.info.signedAt) })
})
