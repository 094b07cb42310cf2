import { z } from 'zod'
import { idParam } from './api'

/**
 * Whether a seller must register its B2B invoices with the IRP (issue 30.8, decision 072). An
 * admin sets it: `applies` by hand, or the highest aggregate turnover the seller declared for any
 * year since 2017-18, from which the shop decides against the threshold.
 */
export const sellerEInvoicingBody = z
  .object({
    applies: z.boolean({ error: 'E-invoicing must be yes or no' }).optional(),
    aggregateTurnoverRupees: z.coerce
      .number({ error: 'Enter the turnover in rupees' })
      .int('Enter the turnover in whole rupees')
      .min(0, 'Turnover cannot be negative')
      .max(1e13, 'That turnover is too large')
      .optional(),
  })
  .refine((b) => b.applies !== undefined || b.aggregateTurnoverRupees !== undefined, {
    message: 'Say whether e-invoicing applies, or enter the aggregate turnover',
    path: ['applies'],
  })
export type SellerEInvoicingInput = z.infer<typeof sellerEInvoicingBody>

export const sellerEInvoicingParams = z.object({ id: idParam })

export const sellerEInvoicing = z.object({
  applies: z.boolean(),
  aggregateTurnoverRupees: z.number().nullable(),
  /** The turnover above which it applies, in rupees (a setting; ₹5 crore by default). */
  thresholdRupees: z.number(),
})
export type SellerEInvoicing = z.infer<typeof sellerEInvoicing>

export const sellerEInvoicingResponse = z.object({
  success: z.literal(true),
  data: sellerEInvoicing,
})
export type SellerEInvoicingResponse = z.infer<typeof sellerEInvoicingResponse>
