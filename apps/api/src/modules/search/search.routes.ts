import { searchParams, searchResponse, type SearchReply } from '@techbazaar/shared'
import type { App } from '../../app-types'
import { cachedJson } from '../catalog'
import { searchProducts } from './search.service'

export async function searchRoutes(app: App) {
  app.get(
    '/shop/search/:keyword',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary:
          'Listed products matching a keyword (full text plus typo-tolerant trigrams), best first, at most 50',
        params: searchParams,
        response: { 200: searchResponse },
      },
    },
    async (request, reply) => {
      const { keyword } = request.params
      const body = await cachedJson(app.deps.catalogCache, `search:${keyword}`, reply, async () =>
        searchResponse.parse({
          success: true as const,
          data: await searchProducts(
            app.deps.db,
            keyword,
            app.deps.config.orderLimits.maxQtyPerProduct,
            app.deps.config.marketplace.legalName,
          ),
        }),
      )
      return reply.send(body as unknown as SearchReply)
    },
  )
}
