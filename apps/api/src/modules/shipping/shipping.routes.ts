import {
  buyNowOfQuery,
  cartServiceabilityQuery,
  cartServiceabilityResponse,
  serviceabilityQuery,
  serviceabilityResponse,
  vendorShipBody,
  vendorShipResponse,
} from '@techbazaar/shared'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { App } from '../../app-types'
import { assertSelf } from '../../plugins/auth'
import { shipParcel } from './booking.service'
import { cartServiceabilityFor, serviceabilityFor } from './serviceability.service'
import { handleCourierWebhook } from './tracking.service'

export async function shippingRoutes(app: App) {
  const { db, couriers, now, lifecycle } = app.deps

  app.get(
    '/shop/serviceability',
    {
      config: { access: 'public' },
      schema: {
        tags: ['shipping'],
        summary:
          'Whether a product can be delivered to a pincode, with cash on delivery, and by when',
        querystring: serviceabilityQuery,
        response: { 200: serviceabilityResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await serviceabilityFor(
        { db, couriers, now },
        request.query.pincode,
        request.query.productId,
      ),
    }),
  )

  app.get(
    '/shop/cart/serviceability',
    {
      config: { access: 'shopper' },
      schema: {
        tags: ['shipping'],
        summary:
          "Whether the signed-in shopper's cart can be delivered to a pincode, with cash on delivery, and by when",
        querystring: cartServiceabilityQuery,
        response: { 200: cartServiceabilityResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await cartServiceabilityFor(
        { db, couriers, now },
        assertSelf(request, undefined).id,
        request.query.pincode,
        { buyNow: buyNowOfQuery(request.query) },
      ),
    }),
  )

  app.post(
    '/admin/orders/vendor-ship',
    {
      // A suspended seller ships nothing (its parcels go through an admin).
      config: { access: 'activeSeller' },
      schema: {
        tags: ['shipping'],
        summary: "Books the courier for the seller's part of an order; answers the AWB and label",
        body: vendorShipBody,
        response: { 200: vendorShipResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await shipParcel(
        {
          db,
          couriers,
          now,
          lifecycle,
          gst: { portals: app.deps.gstPortals, settings: app.deps.config.gstPortals },
          log: request.log,
        },
        assertSelf(request, undefined),
        request.body,
      ),
    }),
  )

  // Tracking webhooks are authenticated on the exact bytes the courier sent, so the body stays
  // a string here.
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json')
    raw.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, String(body)),
    )
    raw.withTypeProvider<ZodTypeProvider>().post(
      '/couriers/:courier/webhook',
      {
        // No session: the courier's key (a header, or a token in the URL) is the credential.
        config: { access: 'public' },
        schema: {
          tags: ['shipping'],
          summary: 'Courier tracking notifications (each applied once, never backwards)',
          params: z.object({ courier: z.string().max(20) }),
          querystring: z.record(z.string(), z.string().max(200)),
          body: z.string().max(100_000),
        },
      },
      async (request) => {
        const { applied } = await handleCourierWebhook(
          { db, couriers, lifecycle },
          request.params.courier,
          { rawBody: request.body, headers: request.headers, query: request.query },
        )
        return { success: true, applied }
      },
    )
  })
}
