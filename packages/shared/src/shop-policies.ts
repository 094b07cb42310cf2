import { z } from 'zod'
import { PAYMENT_METHODS } from './constants'
import { grievanceOfficer } from './grievances'

export const marketplaceIdentity = z.object({
  legalName: z.string(),
  /** Its registered office, one line each (the last holds the city and PIN code). */
  addressLines: z.array(z.string()),
  gstin: z.string(),
  carePhone: z.string(),
  careEmail: z.string(),
  /** When customer care answers, in words. */
  careHours: z.string(),
  grievanceOfficer,
})
export type MarketplaceIdentity = z.infer<typeof marketplaceIdentity>

/**
 * The shop's terms as its settings make them (returns, refunds, delivery, payment), served to the
 * storefront so a product page or a policy page says what the code does and cannot drift from it
 * (Consumer Protection (E-Commerce) Rules 2020 r.6(5)(d): terms shown before purchase).
 */
export const shopPolicies = z.object({
  /** Days after delivery a shopper may ask to return a part (RETURN_WINDOW_DAYS). */
  returnWindowDays: z.number().int(),
  /** Days the seller has to decide on a return request (RETURN_DECISION_DAYS). */
  returnDecisionDays: z.number().int(),
  /** Days a refund takes to reach the shopper once it is issued (REFUND_DAYS). */
  refundDays: z.number().int(),
  /** Working days a seller has to ship an order (SHIP_BY_WORKING_DAYS). */
  shipByWorkingDays: z.number().int(),
  /** Rupees: the largest order cash on delivery accepts. */
  codMaxAmount: z.number(),
  /** Rupees: what delivery costs an order (the shop delivers free). */
  deliveryCharge: z.number(),
  paymentMethods: z.array(z.enum(PAYMENT_METHODS)),
  /** Days a sign-in lasts: the session cookie's life (SESSION_DAYS). */
  sessionDays: z.number().int(),
  /** Days a browser stays a known device after its last sign-in: the device cookie (DEVICE_COOKIE_DAYS). */
  deviceCookieDays: z.number().int(),
  /** Days a return's photos are kept after it is closed (RETENTION_RETURN_PHOTO_DAYS). */
  returnPhotoKeepDays: z.number().int(),
  /** Days a contact message is kept (RETENTION_CONTACT_MESSAGE_DAYS). */
  contactMessageKeepDays: z.number().int(),
  /** Days without a sign-in or order after which a shopper account is erased; 0: never (RETENTION_INACTIVE_DAYS). */
  inactiveAccountDays: z.number().int(),
  /** Hours before that erasure its notice is mailed (RETENTION_INACTIVE_NOTICE_HOURS). */
  inactiveNoticeHours: z.number().int(),
  /** Minutes an OTP and a pending registration are kept (RETENTION_OTP_MINUTES). */
  otpKeepMinutes: z.number().int(),
  /** Hours within which a grievance is acknowledged (GRIEVANCE_ACK_HOURS). */
  grievanceAckHours: z.number().int(),
  /** Days within which a grievance is to be resolved (GRIEVANCE_RESOLVE_DAYS). */
  grievanceResolveDays: z.number().int(),
  /**
   * The marketplace as a business (MARKETPLACE_* settings): the storefront's pages name it from
   * here, the same values its invoices print (issue 30.2).
   */
  marketplace: marketplaceIdentity,
})
export type ShopPolicies = z.infer<typeof shopPolicies>
export const shopPoliciesResponse = z.object({ success: z.literal(true), data: shopPolicies })
export type ShopPoliciesReply = z.infer<typeof shopPoliciesResponse>
