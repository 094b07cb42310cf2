import { z } from 'zod'
import { gstNumberField, passwordField } from './auth'
import {
  businessAddressShape,
  checkPincodeState,
  stateMismatchMessage,
  whenValid,
} from './business-address'
import { VENDOR_STATUSES } from './constants'
import { emailField, mobileField, requiredText } from './validators'

export const vendor = z.object({
  _id: z.uuid(),
  userName: z.string(),
  mobile: z.string().nullable(),
  email: z.string(),
  gstNumber: z.string().nullable(),
  /**
   * As the GST network answered at approval (issue 30.10): a composition dealer issues bills of
   * supply and sells only within its state; 'regular' until verified.
   */
  gstRegistrationType: z.enum(['regular', 'composition']),
  /** The legal name the GST network holds for the GSTIN, once verified. */
  gstinLegalName: z.string().nullable(),
  /**
   * What the last re-check of the GSTIN found wrong, in the GST network's words with the date
   * (decision 78): the seller's listings are suspended until it is approved again. Null: none.
   */
  gstinProblem: z.string().nullable(),
  status: z.enum(VENDOR_STATUSES),
  /** How many of its products shoppers can see now: what rejecting it takes offline. */
  listedProducts: z.number().int(),
})
export type Vendor = z.infer<typeof vendor>

export const vendorListResponse = z.object({ success: z.literal(true), data: z.array(vendor) })
export type VendorListResponse = z.infer<typeof vendorListResponse>
export const vendorResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: vendor,
})
export type VendorResponse = z.infer<typeof vendorResponse>

/**
 * What a seller must have to sell, as seller registration asks it: a mobile, a GSTIN (check
 * digit verified) and the business address its GST invoices print, in the GSTIN's state.
 */
const sellerDetailsShape = {
  mobile: mobileField(),
  gstNumber: gstNumberField,
  ...businessAddressShape,
}

function checkSellerDetails(
  details: { gstNumber: string; stateCode: string; pincode: string },
  ctx: z.RefinementCtx,
) {
  checkPincodeState(details, ctx)
  if (details.stateCode !== details.gstNumber.slice(0, 2)) {
    const message = stateMismatchMessage(details.gstNumber, 'the')
    ctx.addIssue({ code: 'custom', path: ['stateCode'], message })
  }
}
const detailsChecked = whenValid('gstNumber', 'stateCode', 'pincode')

/** "Add New Vendor": role admin and type vendor are fixed by the server, never sent. */
export const createVendorBody = z
  .object({
    userName: requiredText('Username', 60),
    email: emailField(),
    password: passwordField(),
    ...sellerDetailsShape,
  })
  .superRefine(checkSellerDetails, detailsChecked)
export type CreateVendorInput = z.input<typeof createVendorBody>
export type CreateVendorValues = z.output<typeof createVendorBody>

/** Completes a seller created before GSTINs were asked (it is not listed until then). */
export const completeVendorBody = z
  .object(sellerDetailsShape)
  .superRefine(checkSellerDetails, detailsChecked)
export type CompleteVendorInput = z.input<typeof completeVendorBody>
export type CompleteVendorValues = z.output<typeof completeVendorBody>

export const vendorStatusBody = z.object({
  status: z.enum(['Approved', 'Rejected'], 'Status must be Approved or Rejected'),
})
export type VendorStatusInput = z.infer<typeof vendorStatusBody>
