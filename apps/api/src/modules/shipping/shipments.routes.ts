import {
  adminShipmentListResponse,
  adminShipmentsQuery,
  stopParcelParams,
  stopParcelResponse,
} from '@techbazaar/shared'
import type { App } from '../../app-types'
import { assertSelf } from '../../plugins/auth'
import { listShipments } from './shipments.service'
import { stopParcel } from './stop-parcel'

export async function shipmentsRoutes(app: App) {
  const { db, now, config, couriers, lifecycle } = app.deps

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

  app.post(
    '/admin/shipments/:subOrderId/stop',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['shipping'],
        summary:
          'Stops a parcel handed to the courier: cancels its booking (the part is rejected) or has it brought back to the seller',
        params: stopParcelParams,
        response: { 200: stopParcelResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await stopParcel(
        {
          db,
          couriers,
          lifecycle,
          now,
          log: request.log,
          gst: { portals: app.deps.gstPortals, settings: config.gstPortals },
        },
        assertSelf(request, undefined),
        request.params.subOrderId,
      )),
    }),
  )
}
