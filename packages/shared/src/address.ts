import { z } from 'zod'
import { idParam } from './api'
import { whenValid } from './business-address'
import { GST_STATES } from './gst-states'
import { pincodeStateProblem, stateCodesForPincode } from './pincode-states'
import { mobileField, pincodeField, requiredText } from './validators'

/**
 * The states a delivery address may be in, by name: every GST state but "Other Territory" (97),
 * which has no PIN codes to deliver to.
 */
export const DELIVERY_STATES: ReadonlyArray<readonly [code: string, name: string]> = Object.entries(
  GST_STATES,
)
  .filter(([code]) => code !== '97')
  .sort(([, a], [, b]) => a.localeCompare(b))
const DELIVERY_STATE_CODES = new Set(DELIVERY_STATES.map(([code]) => code))

/** Where an address is: a home or a workplace (shown as a badge; couriers' "address type"). */
export const ADDRESS_KINDS = ['home', 'work'] as const
export type AddressKind = (typeof ADDRESS_KINDS)[number]
export const ADDRESS_KIND_LABELS: Record<AddressKind, string> = { home: 'Home', work: 'Work' }

/**
 * The fields a shopper types; the spec's five trimmed and required (spec §5), and the person to
 * deliver to (issue 31.7: printed as the consignee on the label and "Shipped to" on invoices).
 * The landmark is the one optional line. The state is the place of supply on the order's GST
 * invoices, so it is asked rather than guessed from the PIN.
 */
const addressShape = {
  recipientName: requiredText('Recipient name', 100).refine(
    (name) => name.length >= 2,
    'Recipient name must be at least 2 characters',
  ),
  address: requiredText('Address', 300),
  landmark: z
    .string()
    .trim()
    .max(100, 'Landmark must be at most 100 characters')
    .optional()
    .default(''),
  kind: z.enum(ADDRESS_KINDS, 'Choose Home or Work').optional().default('home'),
  city: requiredText('City', 100),
  pincode: pincodeField(),
  phone: mobileField('Phone'),
  notes: requiredText('Notes', 300),
  stateCode: z
    .string({ error: 'Choose the state' })
    .refine((code) => DELIVERY_STATE_CODES.has(code), 'Choose the state'),
}

/**
 * A PIN with no state cannot be delivered to nor taxed (army and field post offices are served
 * by the army's own mail); a state the PIN cannot be in would print the wrong place of supply.
 * Runs once the PIN is valid, so a blank state still shows the PIN's own problem.
 */
function checkDeliveryState(
  address: { pincode: string; stateCode: unknown },
  ctx: z.RefinementCtx,
) {
  const { pincode, stateCode } = address
  if (stateCodesForPincode(pincode).length === 0) {
    const message = pincode.startsWith('9')
      ? 'We can’t deliver to army or field post office PIN codes'
      : `We can’t find PIN code ${pincode}. Please check it`
    ctx.addIssue({ code: 'custom', path: ['pincode'], message })
    return
  }
  if (typeof stateCode !== 'string' || !DELIVERY_STATE_CODES.has(stateCode)) return
  const problem = pincodeStateProblem(pincode, stateCode)
  if (problem) ctx.addIssue({ code: 'custom', path: ['stateCode'], message: problem })
}

export const addressFields = z
  .object(addressShape)
  .superRefine(checkDeliveryState, whenValid('pincode'))
export type AddressFormInput = z.input<typeof addressFields>
export type AddressFields = z.output<typeof addressFields>

export const addAddressBody = z
  .object({ ...addressShape, userId: idParam })
  .superRefine(checkDeliveryState, whenValid('pincode'))
export type AddAddressInput = z.output<typeof addAddressBody>

export const updateAddressBody = addressFields
export const addressUserParams = z.object({ userId: idParam })
export const addressParams = z.object({ userId: idParam, addressId: idParam })
export type AddressParams = z.infer<typeof addressParams>

/**
 * The address checkout starts with, so a returning shopper need not choose again: the default,
 * else the most recent, of those an order can use (one saved before states were asked cannot
 * be chosen until its state is added, so it is not chosen for the shopper either).
 */
export function preferredAddress<T extends Pick<Address, 'isDefault' | 'stateCode'>>(
  list: readonly T[],
): T | null {
  // The list comes oldest first: newest first after the default.
  const ranked = [...list.filter((a) => a.isDefault), ...list.filter((a) => !a.isDefault).reverse()]
  return ranked.find((a) => a.stateCode) ?? null
}

export const savedAddress = z.object({
  _id: z.uuid(),
  userId: z.uuid(),
  recipientName: z.string(),
  address: z.string(),
  /** Empty when the shopper gave none. */
  landmark: z.string(),
  kind: z.enum(ADDRESS_KINDS),
  city: z.string(),
  pincode: z.string(),
  phone: z.string(),
  notes: z.string(),
  /** Null on addresses saved before states were asked: to be added before an order uses it. */
  stateCode: z.string().nullable(),
  /**
   * The one checkout chooses by itself (decision 086): the first saved, then the one the
   * shopper sets; deleting it passes it to the most recent left. Exactly one while any exist.
   */
  isDefault: z.boolean(),
})
export type Address = z.infer<typeof savedAddress>

export const addressListResponse = z.object({
  success: z.literal(true),
  data: z.array(savedAddress),
})
export type AddressListResponse = z.infer<typeof addressListResponse>
export const addressResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: savedAddress,
})
export type AddressResponse = z.infer<typeof addressResponse>

/**
 * The street line a courier, a label or an order prints: the address with the landmark the
 * shopper gave (issue 31.7), so the courier's one address field carries it too.
 */
export function addressWithLandmark(address: { address: string; landmark?: string }): string {
  return address.landmark ? `${address.address}, Landmark: ${address.landmark}` : address.address
}

/** Why an address saved before states were asked cannot take an order (API and checkout). */
export const ADDRESS_STATE_MISSING = 'Add the state to this address before ordering'
