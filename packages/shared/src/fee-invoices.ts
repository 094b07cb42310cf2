import { z } from 'zod'
import { idParam } from './api'
import { REPORT_FORMATS, reportMonth } from './settlement-reports'

/*
 * The marketplace's monthly GST documents to its sellers for its commission and fees (issue 28,
 * docs/decisions/063-fee-invoices.md): a tax invoice per seller and month, and a credit note
 * when returns gave back earlier months' charges. Money in rupees, to the paisa.
 */

export const FEE_INVOICE_KINDS = ['invoice', 'credit'] as const
export type FeeInvoiceKind = (typeof FEE_INVOICE_KINDS)[number]
export const FEE_INVOICE_KIND_LABELS: Record<FeeInvoiceKind, string> = {
  invoice: 'Tax invoice',
  credit: 'Credit note',
}

export const feeInvoice = z.object({
  _id: z.string(),
  kind: z.enum(FEE_INVOICE_KINDS),
  number: z.string(),
  /** The IST month of the charges, 'YYYY-MM'. */
  month: z.string(),
  issuedAt: z.string(),
  sellerId: z.string(),
  /** The recipient as printed (the seller's business name) and its GSTIN. */
  sellerName: z.string(),
  gstin: z.string(),
  /** The recipient's state: the place of supply. */
  placeOfSupply: z.string(),
  /** Rupees. */
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  total: z.number(),
  /** A credit note: the invoices it reverses. */
  against: z.array(z.string()),
})
export type FeeInvoice = z.infer<typeof feeInvoice>

export const feeInvoicesResponse = z.object({
  success: z.literal(true),
  data: z.array(feeInvoice),
})
export type FeeInvoicesResponse = z.infer<typeof feeInvoicesResponse>

export const feeInvoiceParams = z.object({ feeInvoiceId: idParam })

/** The marketplace's fee documents of a month, for its GSTR-1 (`format=csv` downloads them). */
export const feeInvoicesQuery = z.object({
  month: reportMonth,
  format: z.enum(REPORT_FORMATS, { error: 'The format is json or csv' }).default('json'),
})
