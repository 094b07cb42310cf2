import { PAYMENT_METHODS, paiseToRupees, shopPoliciesResponse } from '@techbazaar/shared'
import type { App } from '../../app-types'

/** Settings change only with a restart: browsers and CDNs may keep the answer a while. */
const POLICIES_CACHE_SECONDS = 300

export async function shopPoliciesRoutes(app: App) {
  const { config } = app.deps
  const data = {
    returnWindowDays: config.returns.windowDays,
    returnDecisionDays: config.returns.decisionDays,
    refundDays: config.returns.refundDays,
    shipByWorkingDays: config.fulfilment.shipByWorkingDays,
    codMaxAmount: paiseToRupees(config.orderLimits.codMaxPaise),
    deliveryCharge: 0,
    paymentMethods: [...PAYMENT_METHODS],
    // The privacy policy's cookies and periods, from the settings that set them (issue 31.2).
    sessionDays: config.sessionDays,
    deviceCookieDays: config.deviceCookieDays,
    returnPhotoKeepDays: config.retention.returnPhotoDays,
    contactMessageKeepDays: config.retention.contactMessageDays,
    inactiveAccountDays: config.retention.inactiveDays,
    inactiveNoticeHours: config.retention.inactiveNoticeHours,
    otpKeepMinutes: config.retention.otpMinutes,
    grievanceAckHours: config.grievances.ackHours,
    grievanceResolveDays: config.grievances.resolveDays,
    // The one source of the storefront's legal name, offices and grievance officer (issue 30.2).
    marketplace: {
      legalName: config.marketplace.legalName,
      addressLines: config.marketplace.address,
      gstin: config.marketplace.gstin,
      carePhone: config.marketplace.carePhone,
      careEmail: config.marketplace.careEmail,
      careHours: config.marketplace.careHours,
      grievanceOfficer: config.marketplace.grievanceOfficer,
    },
  }

  app.get(
    '/shop/policies',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary:
          "The shop's terms from its settings (return window, refund time, dispatch time, cash on delivery limit, delivery charge, payment methods) and the marketplace's legal identity (name, office, GSTIN, customer care, grievance officer)",
        response: { 200: shopPoliciesResponse },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', `public, max-age=${POLICIES_CACHE_SECONDS}`)
      return { success: true as const, data }
    },
  )
}
