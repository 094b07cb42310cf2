import {
  createOrderBody,
  createOrderResponse,
  orderDetailsResponse,
  orderIdParams,
  orderListResponse,
  orderUserParams,
} from '@techbazaar/shared'
import { z } from 'zod'
import type { App } from '../../app'
import { badRequest } from '../../lib/errors'
import type { Payments } from '../../payments'
import { assertSelf } from '../../plugins/auth'
import { sendOrderConfirmation } from './order-state'
import { createOrder, getOrderDetails, listOrders } from './orders.service'

const idempotencyHeaders = z.object({ 'idempotency-key': z.string().optional() })

export async function ordersRoutes(app: App, opts: { payments: Payments }) {
  const { db, config } = app.deps

  app.post(
    '/shop/order/create',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: 'Places an order from the caller’s cart (prices and totals computed here)',
        headers: idempotencyHeaders,
        body: createOrderBody,
        response: { 201: createOrderResponse },
      },
    },
    async (request, reply) => {
      const user = assertSelf(request, request.body.userId)
      const key = request.headers['idempotency-key']?.trim()
      if (key !== undefined && (key.length < 8 || key.length > 100)) {
        throw badRequest('Idempotency-Key must be 8 to 100 characters')
      }
      const result = await createOrder(
        {
          db,
          now: app.deps.now,
          payments: opts.payments,
          appUrl: config.appUrl,
          metrics: app.deps.metrics,
        },
        user,
        request.body,
        key || undefined,
      )
      if (result.confirmedOrderId) {
        await sendOrderConfirmation(
          { db, mailer: app.deps.mailer, shopName: config.shopName },
          result.confirmedOrderId,
          request.log,
        )
      }
      return reply.status(201).send(result.response)
    },
  )

  app.get(
    '/shop/order/list/:userId',
    {
      config: { access: 'user' },
      schema: { tags: ['orders'], params: orderUserParams, response: { 200: orderListResponse } },
    },
    async (request) => {
      const user = assertSelf(request, request.params.userId)
      return { success: true as const, data: await listOrders(db, user.id) }
    },
  )

  app.get(
    '/shop/order/details/:orderId',
    {
      config: { access: 'user' },
      schema: { tags: ['orders'], params: orderIdParams, response: { 200: orderDetailsResponse } },
    },
    async (request) => {
      const user = assertSelf(request, undefined)
      return {
        success: true as const,
        data: await getOrderDetails(db, user, request.params.orderId),
      }
    },
  )
}
