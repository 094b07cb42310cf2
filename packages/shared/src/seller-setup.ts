import { z } from 'zod'

/**
 * What a seller sets up before it sells (issue 31.6, decision 084): the checklist on its first
 * screens, and the part of it the Ship dialog asks for before the parcel is weighed.
 */

export const SELLER_SETUP_STEPS = [
  'businessAddress',
  'pickupAddress',
  'payoutAccount',
  'gstin',
] as const
export type SellerSetupStepKey = (typeof SELLER_SETUP_STEPS)[number]

/**
 * Where a step stands: `done`; `todo`, the seller's to do (the link fixes it); `waiting`, given
 * but in someone else's hands (the bank's penny drop, the marketplace's GSTIN check).
 */
export const SELLER_SETUP_STATUSES = ['done', 'todo', 'waiting'] as const
export type SellerSetupStatus = (typeof SELLER_SETUP_STATUSES)[number]
export const SELLER_SETUP_STATUS_LABELS: Record<SellerSetupStatus, string> = {
  done: 'Done',
  todo: 'To do',
  waiting: 'Waiting',
}

/**
 * The courier collects from the business address (there is no other pickup address): it needs
 * the street, the city and the PIN code. The booking refuses without them; the checklist and
 * the Ship dialog read the same rule, so they warn exactly when the booking would refuse.
 */
export function hasPickupAddress(profile: {
  addressLine: string | null
  city: string | null
  pincode: string | null
}): boolean {
  return Boolean(profile.addressLine?.trim() && profile.city?.trim() && profile.pincode?.trim())
}

/**
 * The business address as its GST invoices print it (Rule 46): the legal name, the pickup
 * fields and the state, as the business address form saves them all.
 */
export function hasBusinessAddress(profile: {
  businessName: string | null
  addressLine: string | null
  city: string | null
  stateCode: string | null
  pincode: string | null
}): boolean {
  return Boolean(
    profile.businessName?.trim() && profile.stateCode?.trim() && hasPickupAddress(profile),
  )
}

export const sellerSetupStep = z.object({
  key: z.enum(SELLER_SETUP_STEPS),
  label: z.string(),
  status: z.enum(SELLER_SETUP_STATUSES),
  /** `status === 'done'`, for clients that only ask whether it is done. */
  done: z.boolean(),
  /** One sentence: what is missing, what it waits for, or what was found. */
  detail: z.string(),
  /** The back-office page (or the contact page) where the step is done. */
  fixPath: z.string(),
  fixLabel: z.string(),
})
export type SellerSetupStep = z.infer<typeof sellerSetupStep>

export const sellerSetup = z.object({
  /** In SELLER_SETUP_STEPS order. */
  steps: z.array(sellerSetupStep),
  doneCount: z.number().int(),
  total: z.number().int(),
  complete: z.boolean(),
})
export type SellerSetup = z.infer<typeof sellerSetup>

export const sellerSetupResponse = z.object({
  success: z.literal(true),
  data: sellerSetup,
})
export type SellerSetupResponse = z.infer<typeof sellerSetupResponse>
