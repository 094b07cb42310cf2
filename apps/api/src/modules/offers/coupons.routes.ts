import { couponBody, couponListResponse, couponParams, couponResponse } from '@techbazaar/shared'
import type { App } from '../../app-types'
import { createCoupon, listCoupons, updateCoupon } from './coupons.service'

/**
 * Coupons in the back office (decision 092): one set of routes for admins (every coupon, every
 * scope) and sellers (their own coupons only, for their products and paid for by them).
 */
export async function couponRoutes(app: App) {
  const { db } = app.deps
  const tags = ['offers']
  const config = { access: 'backOffice' as const }

  app.get(
    '/admin/coupons',
    {
      config,
      schema: {
        tags,
        summary: 'The coupons the caller manages: every coupon for an admin, its own for a seller',
        response: { 200: couponListResponse },
      },
    },
    async (request) => ({ success: true as const, data: await listCoupons(db, request.user!) }),
  )

  app.post(
    '/admin/coupons',
    {
      config,
      schema: {
        tags,
        summary:
          'Create a coupon (a seller’s is for its own products and paid for by it, whatever the body says)',
        body: couponBody,
        response: { 201: couponResponse },
      },
    },
    async (request, reply) => {
      const data = await createCoupon(db, request.user!, request.body)
      return reply.status(201).send({ success: true as const, data })
    },
  )

  app.put(
    '/admin/coupons/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change a coupon the caller manages (`active: false` deactivates it)',
        params: couponParams,
        body: couponBody,
        response: { 200: couponResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateCoupon(db, request.user!, request.params.id, request.body),
    }),
  )
}
