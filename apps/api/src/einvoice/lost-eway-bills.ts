import type { InvoiceDocument } from '../db/schema/invoice-document'
import { eWayBillPayload } from './nic-payload'
import {
  EWB_ALREADY_GENERATED,
  GstPortalRefusedError,
  type EWayBillProvider,
  type HeldEWayBill,
} from './types'

/**
 * Whether the bill the portal holds moves this same consignment: same consignor (the lookup
 * answers only those), document date, recipient and invoice value, and still live.
 */
function sameConsignment(held: HeldEWayBill, document: InvoiceDocument): boolean {
  const ours = eWayBillPayload(document, '')
  return (
    held.status === 'active' &&
    held.documentDate === ours.docDate &&
    held.toGstin === ours.toGstin &&
    Math.round(held.totalValue * 100) === Math.round(ours.totInvValue * 100)
  )
}

/**
 * The e-way bill system's answer can be lost after it generated the bill (a timeout, a process
 * that died); asking again is then refused with 604 ("already generated for this document
 * number") for as long as the bill lives. Generating through this wrapper reads the bill back by
 * the document's number instead and answers it when it moves the same consignment (decision
 * 087). Anything else stays a refusal that says what the portal holds, and the seller can still
 * enter a bill's number by hand.
 */
export function recoveringLostEWayBills(provider: EWayBillProvider): EWayBillProvider {
  return {
    ...provider,
    async generate(document, options) {
      try {
        return await provider.generate(document, options)
      } catch (err) {
        if (!(err instanceof GstPortalRefusedError) || err.code !== EWB_ALREADY_GENERATED) {
          throw err
        }
        const held = await provider.findByDocument({
          number: document.number,
          supplierGstin: document.supplier.gstin ?? '',
        })
        if (held && sameConsignment(held, document)) {
          return { number: held.number, generatedAt: held.generatedAt, validUntil: held.validUntil }
        }
        throw new GstPortalRefusedError(
          held
            ? `${err.message}: e-way bill ${held.number} was generated under invoice number ${document.number} for another consignment`
            : `${err.message}: the portal would not show the bill it holds under invoice number ${document.number}`,
          err.code,
        )
      }
    },
  }
}
