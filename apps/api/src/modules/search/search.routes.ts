import {
  searchParams,
  searchResponse,
  suggestionsQuery,
  suggestionsResponse,
  type SearchReply,
  type SuggestionsReply,
} from '@techbazaar/shared'
import type { App } from '../../app-types'
import type { Db } from '../../db/client'
import { cachedJson } from '../catalog'
import { searchProducts } from './search.service'
import { suggest } from './suggestions.service'

export async function searchRoutes(app: App) {
  // Public reads: the replica when it has every catalog change heard of (decision 097).
  const { catalogReads } = app.deps
  const search = (db: Db, keyword: string) =>
    searchProducts(
      db,
      keyword,
      app.deps.config.orderLimits.maxQtyPerProduct,
      app.deps.config.marketplace.legalName,
    )

  app.get(
    '/shop/search/:keyword',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary:
          'Listed products matching a keyword (full text plus typo-tolerant trigrams, with the synonyms, plurals and kinds of product of the search word list), best first, at most 50',
        params: searchParams,
        response: { 200: searchResponse },
      },
    },
    async (request, reply) => {
      const { keyword } = request.params
      const body = await cachedJson(app.deps.catalogCache, `search:${keyword}`, reply, async () =>
        searchResponse.parse({
          success: true as const,
          data: await catalogReads.read((db) => search(db, keyword)),
        }),
      )
      return reply.send(body as unknown as SearchReply)
    },
  )

  app.get(
    '/shop/suggestions',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary:
          'Suggestions for the search box while typing: up to 5 products, 3 brands and 3 kinds of product or categories',
        querystring: suggestionsQuery,
        response: { 200: suggestionsResponse },
      },
    },
    async (request, reply) => {
      const { q } = request.query
      const body = await cachedJson(app.deps.catalogCache, `suggest:${q}`, reply, async () =>
        suggestionsResponse.parse({
          success: true as const,
          data: await catalogReads.read((db) => suggest(db, q, (keyword) => search(db, keyword))),
        }),
      )
      return reply.send(body as unknown as SuggestionsReply)
    },
  )
}
