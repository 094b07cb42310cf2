import type { InvoiceParty, TaxKind } from './invoice-document'

/**
 * The frozen content of a marketplace fee invoice or credit note to a seller (decision 063):
 * every field it prints, as issued. Stored as JSON (`fee_invoices.document`); downloads render
 * it and nothing recomputes it. Change this shape only by adding optional fields.
 */
export interface FeeInvoiceLine {
  description: string
  /** The services' accounting code (SAC), as configured when issued. */
  sac: string
  taxablePaise: number
  /** Rate in basis points of the whole GST (1800 = 18%). */
  rateBp: number
  cgstPaise: number
  /** SGST, or UTGST when `taxKind` is 'CGST+UTGST'. */
  sgstPaise: number
  igstPaise: number
  totalPaise: number
}

export interface FeeInvoiceDocument {
  kind: 'invoice' | 'credit'
  number: string
  /** ISO instant of issue. */
  issuedAt: string
  /** The IST month of the charges, 'YYYY-MM'. */
  month: string
  /** A credit note: the invoices of the earlier months whose charges it gives back. */
  against?: { number: string; issuedAt: string; month: string }[]
  supplier: InvoiceParty
  recipient: InvoiceParty
  /** A service to a registered business is supplied where the recipient is (IGST Act s.12(2)(a)). */
  placeOfSupply: { code: string; name: string }
  taxKind: TaxKind
  lines: FeeInvoiceLine[]
  totals: {
    taxablePaise: number
    cgstPaise: number
    sgstPaise: number
    igstPaise: number
    totalPaise: number
  }
}
