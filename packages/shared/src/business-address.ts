import { z } from 'zod'
import { GST_STATES } from './gst-states'
import { pincodeStateProblem } from './pincode-states'
import { pincodeField, requiredText } from './validators'

/** The fields of a seller's business address (the form's and the API's). */
export const businessAddressShape = {
  businessName: requiredText('Business name', 120),
  addressLine: requiredText('Address', 300),
  city: requiredText('City', 100),
  stateCode: z
    .string({ error: 'State is required' })
    .refine((code) => Object.hasOwn(GST_STATES, code), 'State is required'),
  pincode: pincodeField(),
}

/**
 * A `superRefine` option: run a cross-field check also while other fields are still blank (so
 * a form shows every problem at once), but only once `fields` themselves are valid (an issue
 * without a path is the whole body's: not an object).
 */
export const whenValid = (...fields: string[]) => ({
  when: ({ issues }: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    !issues.some(({ path }) => !path?.length || fields.includes(String(path[0]))),
})

/** Adds the issue when the PIN code cannot be in the address's state. */
export function checkPincodeState(
  address: { pincode: string; stateCode: string },
  ctx: z.RefinementCtx,
) {
  const message = pincodeStateProblem(address.pincode, address.stateCode)
  if (message) ctx.addIssue({ code: 'custom', path: ['pincode'], message })
}

/**
 * A seller's business address: the supplier block of its GST tax invoices (Rule 46 asks for the
 * legal name, address and state), with a PIN code that can be in that state. The server also
 * checks the state against the seller's GSTIN, since a GSTIN is issued per state.
 */
export const businessAddressBody = z
  .object({
    ...businessAddressShape,
    /**
     * Aggregate turnover above ₹5 crore in the previous financial year: its invoices print
     * six-digit HSN codes, four otherwise (notification 78/2020-CT). Absent keeps the saved
     * answer, so a client that predates the field cannot clear it by saving the address.
     */
    turnoverAbove5Cr: z.boolean({ error: 'Turnover must be yes or no' }).optional(),
  })
  .superRefine(checkPincodeState, whenValid('pincode', 'stateCode'))
export type BusinessAddressInput = z.input<typeof businessAddressBody>
export type BusinessAddressFields = z.output<typeof businessAddressBody>

export const businessAddress = z.object({
  /** Null until the seller saves one (invoices then fall back to the account name). */
  businessName: z.string().nullable(),
  addressLine: z.string().nullable(),
  city: z.string().nullable(),
  /** The saved state, else the GSTIN's. */
  stateCode: z.string().nullable(),
  pincode: z.string().nullable(),
  /** The seller's GSTIN; when set, the state must be the GSTIN's state. */
  gstNumber: z.string().nullable(),
  /** Turnover above ₹5 crore last financial year: its invoices print six-digit HSN codes. */
  turnoverAbove5Cr: z.boolean(),
})
export type BusinessAddress = z.infer<typeof businessAddress>

export const businessAddressResponse = z.object({
  success: z.literal(true),
  data: businessAddress,
})
export type BusinessAddressResponse = z.infer<typeof businessAddressResponse>
export const businessAddressSavedResponse = businessAddressResponse.extend({
  message: z.string(),
})
export type BusinessAddressSavedResponse = z.infer<typeof businessAddressSavedResponse>

/** The message when the chosen state is not the one the GSTIN was issued in. */
export const stateMismatchMessage = (gstin: string, whose = 'your') => {
  const code = gstin.slice(0, 2)
  return `State must be ${GST_STATES[code] ?? code} (${code}), the state of ${whose} GSTIN`
}
