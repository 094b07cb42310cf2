import type { InvoiceDocument } from '../db/schema/invoice-document'
import { eInvoicePayload, nicDocType, qrData } from './nic-payload'
import {
  DUPLICATE_IRN,
  GstPortalRefusedError,
  type DocumentKey,
  type EInvoiceProvider,
  type IrnRegistration,
} from './types'

/** The IRP lookup's key for a document. */
export const documentKey = (document: InvoiceDocument): DocumentKey => ({
  type: nicDocType(document),
  number: document.number,
  issuedAt: document.issuedAt,
  supplierGstin: document.supplier.gstin ?? '',
})

/** The `data` claim of a signed QR code, read without checking the signature (the IRP sent it). */
function qrClaims(jwt: string): Record<string, unknown> | null {
  try {
    const body = jwt.split('.')[1] ?? ''
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { data?: unknown }
    return typeof claims.data === 'string'
      ? (JSON.parse(claims.data) as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

/** The facts the QR code carries that tell one document from another under the same number. */
const IDENTIFYING = [
  'SellerGstin',
  'BuyerGstin',
  'DocTyp',
  'DocNo',
  'TotInvVal',
  'ItemCnt',
] as const

function sameDocument(registration: IrnRegistration, document: InvoiceDocument): boolean {
  const held = qrClaims(registration.signedQrCode)
  if (!held) return false
  const ours: Record<string, unknown> = qrData(eInvoicePayload(document, null), '', '')
  return IDENTIFYING.every((key) => String(held[key]) === String(ours[key]))
}

/**
 * An IRP whose answer was lost (a timeout after it registered, a process that died meanwhile)
 * holds the document while the shop does not know it; asking again answers "Duplicate IRN"
 * (2150) forever. Registering through this wrapper reads the registration back by the document's
 * details instead and answers it, when what the IRP holds is this same document (seller, buyer,
 * type, number, value, item count) and still live. A different document under the number, or a
 * cancelled IRN, stays a refusal that says so.
 */
export function recoveringLostAnswers(provider: EInvoiceProvider): EInvoiceProvider {
  return {
    ...provider,
    async register(document, options) {
      try {
        return await provider.register(document, options)
      } catch (err) {
        if (!(err instanceof GstPortalRefusedError) || err.code !== DUPLICATE_IRN) throw err
        const held = await provider.findByDocument(documentKey(document))
        if (held?.status === 'active' && sameDocument(held, document)) {
          const { status: _status, ...registration } = held
          return registration
        }
        throw new GstPortalRefusedError(
          held?.status === 'cancelled'
            ? `${err.message}: the IRP cancelled an IRN for number ${document.number} before, so the number cannot be registered again`
            : `${err.message}: the IRP holds another document under number ${document.number}`,
          err.code,
        )
      }
    },
  }
}
