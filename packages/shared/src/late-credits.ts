import { z } from 'zod'

/**
 * A credit owed past the CGST s.34(2) time limit, so no credit note was issued (decision 070):
 * listed for the admins (all) and for a seller (its own invoices'). Amount in rupees.
 */
export const lateCreditView = z.object({
  id: z.uuid(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  orderNumber: z.string(),
  /** Who issued the invoice: a seller's business name, or the marketplace for its own goods. */
  supplierName: z.string(),
  reason: z.string(),
  amount: z.number(),
  /** When the credit was owed and recorded. */
  recordedAt: z.string(),
  /** The last moment a credit note could have been issued (the end of that day in India). */
  lastDay: z.string(),
  /** Whether it was for a return (else the whole invoice: a parcel back to origin). */
  forReturn: z.boolean(),
})
export type LateCreditView = z.infer<typeof lateCreditView>

export const lateCreditsResponse = z.object({
  success: z.literal(true),
  data: z.array(lateCreditView),
})
export type LateCreditsResponse = z.infer<typeof lateCreditsResponse>

/** Most late credits one answer lists, newest first. */
export const LATE_CREDITS_LIMIT = 500
