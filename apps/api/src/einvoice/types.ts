import type { InvoiceDocument } from '../db/schema/invoice-document'

/**
 * The GST portals a dispatch may need (issue 30, items 8 and 9), behind one interface each like
 * couriers and payout rails: the Invoice Registration Portal (IRP) that gives a B2B invoice or
 * credit note its IRN and signed QR code, and the e-way bill system that gives a consignment above
 * the threshold its e-way bill (Part A). The shop keeps what they answered; a portal only
 * registers and cancels.
 */

export type GstPortalName = 'NIC' | 'SANDBOX'

/** What the IRP registered: printed on the document (rule 48(4)). */
export interface IrnRegistration {
  /** 64 hex characters: SHA-256 of supplier GSTIN, financial year, document type and number. */
  irn: string
  ackNo: string
  /** ISO instant of the acknowledgement. */
  ackDate: string
  /** The QR code's content: a JWT signed by the IRP (its `data` claim holds the invoice's keys). */
  signedQrCode: string
}

/** What the e-way bill system generated (Part A; Part B, the vehicle, is the courier's). */
export interface EWayBillRecord {
  /** 12 digits. */
  number: string
  /** ISO instant. */
  generatedAt: string
  /** ISO instant; null while Part B (the vehicle) is not filled. */
  validUntil: string | null
}

/** Which document a lookup asks the IRP about: the IRN's own keys, and the document's date. */
export interface DocumentKey {
  type: 'INV' | 'CRN'
  number: string
  /** ISO instant of the document (the IRP files it under its date in India). */
  issuedAt: string
  supplierGstin: string
}

/** What the IRP holds under a document's number: its registration, live or cancelled. */
export interface HeldRegistration extends IrnRegistration {
  status: 'active' | 'cancelled'
}

/** NIC's error code for a document number it registered before ("Duplicate IRN"). */
export const DUPLICATE_IRN = '2150'

/**
 * The portal refused the document (a validation error, a duplicate): asking again with the same
 * document cannot change it. `code`: the portal's error code.
 */
export class GstPortalRefusedError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message)
  }
}

/** The portal could not be reached or failed (timeout, 5xx, unexpected answer): try later. */
export class GstPortalUnavailableError extends Error {}

/** NIC's reasons for cancelling an IRN or an e-way bill. */
export const CANCEL_REASONS = {
  duplicate: '1',
  dataEntryMistake: '2',
  orderCancelled: '3',
  others: '4',
} as const
export type CancelReason = keyof typeof CANCEL_REASONS

export interface EInvoiceProvider {
  readonly name: GstPortalName
  /** True when the built-in sandbox plays it (demo mode): the IRN is not registered anywhere. */
  readonly sandbox: boolean
  /**
   * Registers an invoice (INV) or credit note (CRN) of a supplier with a business recipient.
   * `ecomGstin`: the e-commerce operator the supply went through, when it did.
   */
  register(
    document: InvoiceDocument,
    options: { ecomGstin: string | null },
  ): Promise<IrnRegistration>
  /**
   * What the IRP holds under the document's number (NIC: "Get IRN details by document details"),
   * or null when it holds nothing: how a registration whose answer was lost is found again.
   */
  findByDocument(key: DocumentKey): Promise<HeldRegistration | null>
  /** Cancels an IRN (the IRP allows it within 24 hours of its acknowledgement). */
  cancel(
    irn: string,
    supplierGstin: string,
    reason: CancelReason,
    remark: string,
  ): Promise<{ cancelledAt: string }>
}

export interface EWayBillProvider {
  readonly name: GstPortalName
  readonly sandbox: boolean
  /** Generates Part A for the invoice's consignment (road, distance worked out by the portal). */
  generate(document: InvoiceDocument, options: { transporterName: string }): Promise<EWayBillRecord>
  cancel(
    number: string,
    supplierGstin: string,
    reason: CancelReason,
    remark: string,
  ): Promise<{ cancelledAt: string }>
}
