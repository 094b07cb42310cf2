import { adminShipmentListResponse, adminShipmentsQuery } from '@techbazaar/shared'
import type { App } from '../../app-types'
import { listShipments } from './shipments.service'

export async function shipmentsRoutes(app: App) {
  const { db, now, config } = app.deps

  app.get(
    '/admin/shipments',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['shipping'],
        summary:
          "Every seller's shipment, newest confirmation first, with its ship-by day and late flag",
        querystring: adminShipmentsQuery,
        response: { 200: adminShipmentListResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await listShipments(db, request.query, now(), config.fulfilment)),
    }),
  )
}
