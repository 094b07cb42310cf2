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
  }

  app.get(
    '/shop/policies',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary:
          "The shop's terms from its settings: return window, refund time, dispatch time, cash on delivery limit, delivery charge, payment methods",
        response: { 200: shopPoliciesResponse },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', `public, max-age=${POLICIES_CACHE_SECONDS}`)
      return { success: true as const, data }
    },
  )
}
