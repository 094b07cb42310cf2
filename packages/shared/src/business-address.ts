import { z } from 'zod'
import { GST_STATES } from './gst-states'
import { pincodeStateProblem } from './pincode-states'
import { pincodeField, requiredText } from './validators'

/**
 * A seller's business address: the supplier block of its GST tax invoices (Rule 46 asks for the
 * legal name, address and state), with a PIN code that can be in that state. The server also
 * checks the state against the seller's GSTIN, since a GSTIN is issued per state.
 */
export const businessAddressBody = z
  .object({
    businessName: requiredText('Business name', 120),
    addressLine: requiredText('Address', 300),
    city: requiredText('City', 100),
    stateCode: z
      .string({ error: 'State is required' })
      .refine((code) => Object.hasOwn(GST_STATES, code), 'State is required'),
    pincode: pincodeField(),
  })
  .superRefine(
    (address, ctx) => {
      const message = pincodeStateProblem(address.pincode, address.stateCode)
      if (message) ctx.addIssue({ code: 'custom', path: ['pincode'], message })
    },
    {
      // Also while other fields are still blank, so the form shows every problem at once; but
      // only once the PIN code and the state themselves are valid (an issue without a path is
      // the whole body's: not an object).
      when: ({ issues }) =>
        !issues.some(
          ({ path }) => !path?.length || ['pincode', 'stateCode'].includes(String(path[0])),
        ),
    },
  )
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
})
export type BusinessAddress = z.infer<typeof businessAddress>

export const businessAddressResponse = z.object({
  success: z.literal(true),
  data: businessAddress,
})
export const businessAddressSavedResponse = businessAddressResponse.extend({
  message: z.string(),
})

/** The message when the chosen state is not the one the GSTIN was issued in. */
export const stateMismatchMessage = (gstin: string) => {
  const code = gstin.slice(0, 2)
  return `State must be ${GST_STATES[code] ?? code} (${code}), the state of your GSTIN`
}
