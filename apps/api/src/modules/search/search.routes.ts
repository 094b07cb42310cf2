import { searchParams, searchResponse } from '@techbazaar/shared'
import type { App } from '../../app'
import { searchProducts } from './search.service'

export async function searchRoutes(app: App) {
  app.get(
    '/shop/search/:keyword',
    {
      schema: {
        tags: ['catalog'],
        summary:
          'Listed products matching a keyword (full text plus typo-tolerant trigrams), best first, at most 50',
        params: searchParams,
        response: { 200: searchResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await searchProducts(app.deps.db, request.params.keyword),
    }),
  )
}
