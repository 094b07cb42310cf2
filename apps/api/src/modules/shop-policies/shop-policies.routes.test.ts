import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('GET /api/shop/policies', () => {
  it("answers the shop's terms from its settings, to anyone", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/shop/policies' })
    expect(res.statusCode).toBe(200)
    const { config } = t.app.deps
    expect(res.json()).toEqual({
      success: true,
      data: {
        returnWindowDays: config.returns.windowDays,
        returnDecisionDays: config.returns.decisionDays,
        refundDays: config.returns.refundDays,
        shipByWorkingDays: config.fulfilment.shipByWorkingDays,
        codMaxAmount: config.orderLimits.codMaxPaise / 100,
        deliveryCharge: 0,
        paymentMethods: ['PAYU', 'GATEPAY', 'CASHFREE', 'COD'],
        sessionDays: config.sessionDays,
        deviceCookieDays: config.deviceCookieDays,
        returnPhotoKeepDays: config.retention.returnPhotoDays,
        contactMessageKeepDays: config.retention.contactMessageDays,
        inactiveAccountDays: config.retention.inactiveDays,
        inactiveNoticeHours: config.retention.inactiveNoticeHours,
        otpKeepMinutes: config.retention.otpMinutes,
        grievanceAckHours: config.grievances.ackHours,
        grievanceResolveDays: config.grievances.resolveDays,
        marketplace: {
          legalName: config.marketplace.legalName,
          addressLines: config.marketplace.address,
          gstin: config.marketplace.gstin,
          carePhone: config.marketplace.carePhone,
          careEmail: config.marketplace.careEmail,
          careHours: config.marketplace.careHours,
          grievanceOfficer: config.marketplace.grievanceOfficer,
        },
      },
    })
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/)
  })
})
