import {
  scheduledSaleBody,
  scheduledSaleEditBody,
  scheduledSaleListQuery,
  scheduledSaleListResponse,
  scheduledSaleParams,
  scheduledSaleResponse,
} from '@techbazaar/shared'
import type { App } from '../../app-types'
import {
  cancelScheduledSale,
  createScheduledSale,
  listScheduledSales,
  updateScheduledSale,
} from './scheduled-sales.service'

/**
 * Scheduled sale prices in the back office (decision 092): admins manage every product's, a
 * seller its own products' (another's answer 404). The `scheduled-sales` job applies and ends
 * them.
 */
export async function scheduledSaleRoutes(app: App) {
  const { db, now } = app.deps
  const tags = ['offers']
  const config = { access: 'backOffice' as const }

  app.get(
    '/admin/scheduled-sales',
    {
      config,
      schema: {
        tags,
        summary:
          'Scheduled sales the caller manages: every product’s for an admin (or one seller’s), its own for a seller',
        querystring: scheduledSaleListQuery,
        response: { 200: scheduledSaleListResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listScheduledSales(db, request.user!, request.query.sellerId),
    }),
  )

  app.post(
    '/admin/scheduled-sales',
    {
      config,
      schema: {
        tags,
        summary: 'Schedule a sale price on a product (a seller: its own products only)',
        body: scheduledSaleBody,
        response: { 201: scheduledSaleResponse },
      },
    },
    async (request, reply) => {
      const data = await createScheduledSale(db, request.user!, request.body, now())
      return reply.status(201).send({ success: true as const, data })
    },
  )

  app.put(
    '/admin/scheduled-sales/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change the price or dates of a sale that has not started',
        params: scheduledSaleParams,
        body: scheduledSaleEditBody,
        response: { 200: scheduledSaleResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateScheduledSale(db, request.user!, request.params.id, request.body, now()),
    }),
  )

  app.post(
    '/admin/scheduled-sales/:id/cancel',
    {
      config,
      schema: {
        tags,
        summary:
          'Call a sale off: one not started never starts; a running one ends now and the price before it comes back',
        params: scheduledSaleParams,
        response: { 200: scheduledSaleResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await cancelScheduledSale(db, request.user!, request.params.id, now()),
    }),
  )
}
