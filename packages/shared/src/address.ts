import { z } from 'zod'
import { idParam } from './api'
import { mobileField, pincodeField, requiredText } from './validators'

/** The fields a shopper types; every one trimmed and required (spec §5). */
export const addressFields = z.object({
  address: requiredText('Address', 300),
  city: requiredText('City', 100),
  pincode: pincodeField(),
  phone: mobileField('Phone'),
  notes: requiredText('Notes', 300),
})
export type AddressFormInput = z.input<typeof addressFields>
export type AddressFields = z.output<typeof addressFields>

export const addAddressBody = addressFields.extend({ userId: idParam })
export type AddAddressInput = z.output<typeof addAddressBody>

export const updateAddressBody = addressFields
export const addressUserParams = z.object({ userId: idParam })
export const addressParams = z.object({ userId: idParam, addressId: idParam })
export type AddressParams = z.infer<typeof addressParams>

export const savedAddress = z.object({
  _id: z.uuid(),
  userId: z.uuid(),
  address: z.string(),
  city: z.string(),
  pincode: z.string(),
  phone: z.string(),
  notes: z.string(),
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
