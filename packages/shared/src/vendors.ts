import { z } from 'zod'
import { passwordField } from './auth'
import { VENDOR_STATUSES } from './constants'
import { emailField, requiredText } from './validators'

export const vendor = z.object({
  _id: z.uuid(),
  userName: z.string(),
  mobile: z.string().nullable(),
  email: z.string(),
  gstNumber: z.string().nullable(),
  status: z.enum(VENDOR_STATUSES),
})
export type Vendor = z.infer<typeof vendor>

export const vendorListResponse = z.object({ success: z.literal(true), data: z.array(vendor) })
export const vendorResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: vendor,
})

/** "Add New Vendor": role admin and type vendor are fixed by the server, never sent. */
export const createVendorBody = z.object({
  userName: requiredText('Username', 60),
  email: emailField(),
  password: passwordField(),
})
export type CreateVendorInput = z.input<typeof createVendorBody>

export const vendorStatusBody = z.object({
  status: z.enum(['Approved', 'Rejected'], 'Status must be Approved or Rejected'),
})
export type VendorStatusInput = z.infer<typeof vendorStatusBody>
