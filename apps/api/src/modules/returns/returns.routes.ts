import {
  adminReturnListResponse,
  adminReturnsQuery,
  createReturnBody,
  createReturnResponse,
  orderIdParams,
  returnIdParams,
  updateReturnBody,
  updateReturnResponse,
} from '@techbazaar/shared'
import type { App } from '../../app-types'
import { assertSelf } from '../../plugins/auth'
import { updateReturn } from './decide-return'
import { createReturns, listReturns, type ReturnsPolicy } from './returns.service'

const tags = ['returns']

export async function returnsRoutes(app: App) {
  const { db, config, couriers, storage } = app.deps
  const policy: ReturnsPolicy = {
    windowDays: config.returns.windowDays,
    decisionDays: config.returns.decisionDays,
    refundDays: config.returns.refundDays,
    creditNoteLastDay: config.returns.creditNoteLastDay,
    marketplaceEInvoicing: config.gstPortals.marketplaceEInvoicing,
    shopName: config.shopName,
    now: app.deps.now,
  }

  app.post(
    '/shop/order/:orderId/returns',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "Asks to return delivered items of the caller's order: one return per seller, within the return window",
        params: orderIdParams,
        body: createReturnBody,
        response: { 201: createReturnResponse },
      },
    },
    async (request, reply) => {
      const data = await createReturns(
        { db, storage, policy },
        assertSelf(request, undefined),
        request.params.orderId,
        request.body,
      )
      return reply.status(201).send({
        success: true as const,
        message:
          data.length > 1
            ? `We have your return request: ${data.length} sellers will each decide on their items`
            : 'We have your return request: the seller will decide on it shortly',
        data,
      })
    },
  )

  app.get(
    '/admin/returns',
    {
      config: { access: 'backOffice' },
      schema: {
        tags,
        summary:
          "The returns queue, newest first, 20 a page: a seller's own, an admin's all; open, overdue, closed or all",
        querystring: adminReturnsQuery,
        response: { 200: adminReturnListResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await listReturns(db, assertSelf(request, undefined), request.query, policy)),
    }),
  )

  app.put(
    '/admin/returns/:returnId',
    {
      config: { access: 'backOffice' },
      schema: {
        tags,
        summary:
          'Approves (booking the reverse pickup), rejects, receives or quality-checks a return; a pass restocks, credits and refunds',
        params: returnIdParams,
        body: updateReturnBody,
        response: { 200: updateReturnResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await updateReturn(
        { db, couriers, policy, log: request.log },
        assertSelf(request, undefined),
        request.params.returnId,
        request.body,
      )),
    }),
  )
}
