import { z } from 'zod'
import { ROLES, USER_TYPES, VENDOR_STATUSES } from './constants'

/** The signed-in user as the API shows it: never a password or hash. */
export const sessionUser = z.object({
  _id: z.uuid(),
  id: z.uuid(),
  userName: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  role: z.enum(ROLES),
  type: z.enum(USER_TYPES),
  /** Only for sellers (type vendor). */
  vendorStatus: z.enum(VENDOR_STATUSES).nullable(),
})
export type SessionUser = z.infer<typeof sessionUser>

export const checkAuthResponse = z.object({ success: z.literal(true), user: sessionUser })
