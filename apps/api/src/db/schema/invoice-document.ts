import type { DiscountFunder } from '@techbazaar/shared'

/**
 * The frozen content of an issued invoice or credit note: every field it prints, as issued.
 * Stored as JSON (`invoices.document`); downloads render it and nothing recomputes it. Change
 * this shape only by adding optional fields: stored documents must keep rendering.
 */
export interface InvoiceParty {
  name: string
  address: string[]
  stateCode: string
  stateName: string
  gstin: string | null
}

export interface InvoiceDocumentLine {
  description: string
  /**
   * The product sold, so a return's order line finds its invoice line. Not printed; absent on
   * invoices issued before returns (they are matched by description and unit price).
   */
  productId?: string
  /**
   * On a credit note: the index of the invoice line it credits, so the quantities and amounts
   * credited per invoice line add up. Absent on whole-invoice notes issued before returns.
   */
  invoiceLine?: number
  /** As printed: four or six digits per the supplier's turnover. */
  hsn: string
  quantity: number
  unitPricePaise: number
  /**
   * The coupon's share of the line (decision 092), printed before tax: `totalPaise` is
   * `unitPricePaise × quantity` less it. Absent when there is none (and on older documents).
   */
  discountPaise?: number
  /** Who bears the discount: a marketplace-funded one is still paid to the seller. */
  discountFundedBy?: DiscountFunder
  /** What the shopper paid for the line (GST included). */
  totalPaise: number
  taxablePaise: number
  /** Rate in basis points of the whole GST (1800 = 18%). */
  rateBp: number
  cgstPaise: number
  /** SGST, or UTGST when `taxKind` is 'CGST+UTGST'. */
  sgstPaise: number
  igstPaise: number
}

export type TaxKind = 'IGST' | 'CGST+SGST' | 'CGST+UTGST'

export interface InvoiceDocument {
  kind: 'invoice' | 'credit'
  number: string
  /** ISO instant of issue. */
  issuedAt: string
  /** For a credit note: the invoice it reverses. */
  against?: { number: string; issuedAt: string }
  reason?: string
  orderId: string
  orderNumber: string
  supplier: InvoiceParty
  recipient: InvoiceParty
  /** Delivery address, printed for e-commerce supplies (Rule 46(1)(e)). */
  shipTo: { name: string; address: string[]; stateName: string; phone: string }
  placeOfSupply: { code: string; name: string }
  taxKind: TaxKind
  lines: InvoiceDocumentLine[]
  totals: {
    taxablePaise: number
    cgstPaise: number
    sgstPaise: number
    igstPaise: number
    /** Sum of the paid line totals minus taxable and tax, printed as "Round off". */
    roundOffPaise: number
    totalPaise: number
  }
  /** The e-commerce operator the supply went through (for the seller's TCS reconciliation). */
  operator: { name: string; gstin: string }
  /** The marketplace's own products have no operator line: it is the supplier. */
  soldVia: boolean
  /**
   * A composition dealer's document (issue 30.10): a bill of supply without GST, CGST s.10(4)
   * and s.31(3)(c); its lines carry no tax (rate 0, taxable = total). Absent on tax invoices.
   */
  billOfSupply?: true
  /** What the IRP registered (issue 30.8), printed with its signed QR code; absent: not e-invoiced. */
  eInvoice?: {
    irn: string
    ackNo: string
    ackDate: string
    signedQrCode: string
    /** When the IRN was cancelled at the IRP (the dispatch undone): the document is void. */
    cancelledAt?: string
  }
  /** A credit note waiting for its IRN (the IRP was down when it was issued, decision 78). */
  irnPending?: true
  /** The IRP refused the credit note's registration: why, and when (ISO). */
  irnRefused?: { reason: string; at: string }
  /** The consignment's e-way bill (issue 30.9); absent: none was needed. */
  eWayBill?: { number: string; generatedAt: string | null }
}
