import {
  adminRefundListResponse,
  adminRefundsQuery,
  refundIdParams,
  updateRefundBody,
  updateRefundResponse,
} from '@techbazaar/shared'
import type { App } from '../../app-types'
import { listRefunds, updateRefund } from './refunds.service'

const tags = ['refunds']

export async function refundsRoutes(app: App) {
  const { db, config } = app.deps
  const policy = { now: app.deps.now, shopName: config.shopName }

  app.get(
    '/admin/refunds',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Refunds owed to shoppers: failed first, then newest',
        querystring: adminRefundsQuery,
        response: { 200: adminRefundListResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await listRefunds(db, request.query, app.deps.now())),
    }),
  )

  app.put(
    '/admin/refunds/:refundId',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Retries a failed refund, or records a cash-on-delivery refund’s payout',
        params: refundIdParams,
        body: updateRefundBody,
        response: { 200: updateRefundResponse },
      },
    },
    async (request) => {
      const data = await updateRefund(db, policy, request.params.refundId, request.body)
      return {
        success: true as const,
        message: request.body.action === 'retry' ? 'Refund queued again' : 'Payout recorded',
        data,
      }
    },
  )
}
