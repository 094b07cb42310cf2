import {
  applyCouponBody,
  buyNowOfQuery,
  type BuyNowLine,
  cancelOrderBody,
  cancelOrderResponse,
  createOrderBody,
  createOrderResponse,
  orderDetailsResponse,
  orderIdParams,
  orderLimitsResponse,
  orderListResponse,
  orderQuoteQuery,
  orderQuoteResponse,
  orderUserParams,
  paiseToRupees,
  payPendingOrderResponse,
} from '@techbazaar/shared'
import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import type { App } from '../../app-types'
import { badRequest, tooMany } from '../../lib/errors'
import { assertSelf } from '../../plugins/auth'
import { cancelOrder } from './cancel'
import { getOrderDetails, listOrders } from './orders.service'
import { createOrder } from './place-order'
import { unpaidUnitsHeld } from './unpaid-hold'
import { payPendingOrder } from './pending-payment'
import { quoteOrder, type QuoteCoupon } from './quote'
import { paymentDepsOf } from '../payments'

const idempotencyHeaders = z.object({ 'idempotency-key': z.string().optional() })

/** Orders are counted per account over this window (ORDER_CREATE_PER_HOUR). */
const ORDER_RATE_WINDOW_SECONDS = 3600

export async function ordersRoutes(app: App) {
  const { db, config, counters } = app.deps
  const limits = config.orderLimits
  /**
   * The quote and coupon routes' answer: the caller's cart (or Buy Now's line) priced for the
   * address, with the day's cash-on-delivery ceiling, on the shop's clock.
   */
  const quoteReply = async (
    reply: FastifyReply,
    userId: string,
    addressId: string | undefined,
    buyNow: BuyNowLine | undefined,
    coupon: QuoteCoupon | undefined,
  ) => {
    // The caller's own cart and address: no shared cache may keep it.
    reply.header('Cache-Control', 'no-store')
    const codDaily = { maxPaise: limits.codDailyMaxPaise, now: app.deps.now() }
    return {
      success: true as const,
      data: await quoteOrder(db, config.marketplace, userId, addressId, codDaily, buyNow, coupon),
    }
  }

  app.get(
    '/shop/order/limits',
    {
      config: { access: 'public' },
      schema: {
        tags: ['orders'],
        summary:
          'The limits an order must keep, for the checkout to show before paying (with the units the caller’s unpaid online orders hold)',
        response: { 200: orderLimitsResponse },
      },
    },
    async (request, reply) => {
      // The units held are the caller's own: no shared cache may keep one account's answer.
      reply.header('Cache-Control', 'no-store')
      return {
        success: true as const,
        data: {
          maxPerProduct: limits.maxQtyPerProduct,
          codMaxAmount: paiseToRupees(limits.codMaxPaise),
          ordersPerHour: limits.createPerHour,
          paymentWindowMinutes: limits.paymentWindowMinutes,
          unpaidHoldMaxUnits: limits.unpaidHoldMaxUnits,
          unpaidHeldUnits: request.user
            ? await unpaidUnitsHeld(db, request.user.id, app.deps.now())
            : 0,
        },
      }
    },
  )

  app.get(
    '/shop/order/quote',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary:
          'The caller’s cart (or, with productId and quantity, Buy Now’s one line) priced as an order would be now, in parts: items, delivery, the cash-on-delivery fee, the total and the GST inside it for the chosen address',
        querystring: orderQuoteQuery,
        response: { 200: orderQuoteResponse },
      },
    },
    async (request, reply) => {
      const user = assertSelf(request, undefined)
      const { addressId, couponCode } = request.query
      return quoteReply(
        reply,
        user.id,
        addressId,
        buyNowOfQuery(request.query),
        couponCode ? { code: couponCode, strict: false } : undefined,
      )
    },
  )

  app.post(
    '/shop/order/coupon',
    {
      config: { access: 'shopper' },
      schema: {
        tags: ['orders'],
        summary:
          'Apply a coupon at checkout: the quote with the coupon priced in, or 400 saying why it cannot be used (expired, the minimum order, first orders only, already used, not for these items)',
        body: applyCouponBody,
        response: { 200: orderQuoteResponse },
      },
    },
    async (request, reply) => {
      const user = assertSelf(request, undefined)
      const { couponCode, addressId, buyNow } = request.body
      return quoteReply(reply, user.id, addressId, buyNow, { code: couponCode, strict: true })
    },
  )

  app.post(
    '/shop/order/create',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary:
          'Places an order from the caller’s cart, or from `buyNow`’s one line leaving the cart as it is (prices and totals computed here)',
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
      // Counted before any work, so a burst cannot slip past the limit while orders are placed.
      // Every attempt counts (a retry too): one account cannot drain the shop order by order.
      const attempts = await counters.hit(`order-create:${user.id}`, ORDER_RATE_WINDOW_SECONDS)
      if (attempts.count > limits.createPerHour) {
        const minutes = Math.max(1, Math.ceil(attempts.resetSeconds / 60))
        throw tooMany(
          `You have placed too many orders in the last hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          attempts.resetSeconds,
        )
      }
      const result = await createOrder(
        {
          db,
          now: app.deps.now,
          payments: app.deps.payments,
          couriers: app.deps.couriers,
          appUrl: config.appUrl,
          metrics: app.deps.metrics,
          limits,
          lifecycle: app.deps.lifecycle,
          gstn: app.deps.gstn,
        },
        user,
        request.body,
        key || undefined,
      )
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
        data: await getOrderDetails(db, user, request.params.orderId, {
          windowDays: config.returns.windowDays,
        }),
      }
    },
  )

  // Pay now and Cancel on the caller's order (an unpaid one's checkout, or a placed one's parts).
  const paymentDeps = paymentDepsOf(app.deps)

  app.post(
    '/shop/order/:orderId/pay',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payments'],
        summary: 'Pay now: the provider checkout of the caller’s unpaid online order',
        params: orderIdParams,
        response: { 200: payPendingOrderResponse },
      },
    },
    async (request) => {
      const user = assertSelf(request, undefined)
      return payPendingOrder(paymentDeps(request.log), user, request.params.orderId)
    },
  )

  app.post(
    '/shop/order/:orderId/cancel',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary:
          'Cancels the caller’s order, or one seller’s part, before it ships: stock back, a paid part refunded in full',
        params: orderIdParams,
        body: cancelOrderBody,
        response: { 200: cancelOrderResponse },
      },
    },
    async (request) => {
      const user = assertSelf(request, undefined)
      return cancelOrder(
        { ...paymentDeps(request.log), couriers: app.deps.couriers },
        user,
        request.params.orderId,
        request.body,
      )
    },
  )
}
