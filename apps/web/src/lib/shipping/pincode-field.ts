import { serviceabilityQuery } from '@techbazaar/shared'

/**
 * The pincode as the serviceability call validates it. Its own module so that the delivery
 * check can load it (and zod with it) on first use: a guest's first visit of a product page
 * stays within the JavaScript budget (issue 29).
 */
export const pincodeField = serviceabilityQuery.shape.pincode
