import { z } from 'zod'
import { requiredText } from './validators'

/**
 * A seller's request for a brand the shop's list lacks (issue 31.6, decision 085): pending until
 * an admin approves it (the brand joins the list) or declines it with a reason.
 */
export const BRAND_REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const
export type BrandRequestStatus = (typeof BRAND_REQUEST_STATUSES)[number]

export const brandRequestBody = z.object({
  /** Stored lower-case, as the brand list holds its values. */
  brand: requiredText('Brand', 40).toLowerCase(),
  note: z
    .string()
    .trim()
    .max(500, 'Note must be at most 500 characters')
    .optional()
    .transform((note) => note || null),
})
export type BrandRequestInput = z.input<typeof brandRequestBody>
export type BrandRequestValues = z.output<typeof brandRequestBody>

export const declineBrandRequestBody = z.object({
  reason: requiredText('Reason', 500),
})
export type DeclineBrandRequestInput = z.input<typeof declineBrandRequestBody>

export const brandRequestsQuery = z.strictObject({
  /** Admins: pending by default; sellers always get all of their own. */
  status: z.enum(BRAND_REQUEST_STATUSES, 'Unknown status').optional(),
})

export const brandRequest = z.object({
  id: z.uuid(),
  brand: z.string(),
  note: z.string().nullable(),
  status: z.enum(BRAND_REQUEST_STATUSES),
  /** Why an admin declined it; null otherwise. */
  reason: z.string().nullable(),
  /** Who asked: the seller's user name (admins see whose request it is). */
  sellerName: z.string(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
})
export type BrandRequest = z.infer<typeof brandRequest>

export const brandRequestResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: brandRequest,
})
export type BrandRequestResponse = z.infer<typeof brandRequestResponse>

export const brandRequestListResponse = z.object({
  success: z.literal(true),
  data: z.array(brandRequest),
})
export type BrandRequestListResponse = z.infer<typeof brandRequestListResponse>
