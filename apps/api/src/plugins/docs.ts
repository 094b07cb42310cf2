import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

/** OpenAPI document built from the routes' zod schemas, browsable at /api/docs. */
export const docsPlugin = fp(async (app: FastifyInstance, opts: { shopName: string }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${opts.shopName} API`,
        version: '1.0.0',
        description: 'Storefront, account, seller and admin API. Money is in rupees.',
      },
      components: {
        securitySchemes: {
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'session' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  })
  // The UI's own routes (page, assets, the JSON) are public: the description holds no data.
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' }
    })
    await docs.register(swaggerUi, { routePrefix: '/api/docs' })
  })
})
