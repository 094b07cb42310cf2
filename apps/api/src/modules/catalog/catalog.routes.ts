import {
  filterOptionsResponse,
  idParam,
  LIMITS,
  listProductsQuery,
  productListResponse,
  type FilterOptionsReply,
  type ProductList,
  productResponse,
} from '@techbazaar/shared'
import { z } from 'zod'
import type { FastifyReply } from 'fastify'
import type { App } from '../../app'
import type { CatalogCache } from '../../lib/catalog-cache'
import { getFilterOptions, getProduct, listingKey, listProducts } from './catalog.service'

/**
 * The JSON text of a public catalog reply, from the catalog cache when it holds the key (a hit
 * costs neither the database nor serialization), else computed, validated and kept. Fastify
 * sends a string with a JSON content type as it is; the routes cast it because the type
 * provider only knows their replies' object form.
 */
async function cachedJson(
  cache: CatalogCache | undefined,
  key: string,
  reply: FastifyReply,
  compute: () => Promise<unknown>,
): Promise<string> {
  reply.type('application/json; charset=utf-8')
  const hit = cache?.get(key)
  if (hit) {
    reply.header('X-Cache', 'hit')
    return hit
  }
  const generation = cache?.generation()
  const body = JSON.stringify(await compute())
  if (cache && generation !== undefined) {
    reply.header('X-Cache', 'miss')
    cache.set(key, body, generation)
  }
  return body
}

export async function catalogRoutes(app: App) {
  const { db, catalogCache } = app.deps

  app.get(
    '/shop/products/get',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Listed products, filtered, sorted and paginated',
        querystring: listProductsQuery,
        response: { 200: productListResponse },
      },
    },
    async (request, reply) => {
      const body = await cachedJson(catalogCache, listingKey(request.query), reply, async () =>
        productListResponse.parse({
          success: true as const,
          ...(await listProducts(db, request.query)),
        }),
      )
      return reply.send(body as unknown as ProductList)
    },
  )

  app.get(
    '/shop/products/get/:id',
    {
      schema: {
        tags: ['catalog'],
        params: z.object({ id: idParam }),
        response: { 200: productResponse },
      },
    },
    async (request) => ({ success: true as const, data: await getProduct(db, request.params.id) }),
  )

  app.get(
    '/shop/filter/fetch',
    { schema: { tags: ['catalog'], response: { 200: filterOptionsResponse } } },
    async (_request, reply) => {
      reply.header('Cache-Control', `public, max-age=${LIMITS.filterCacheSeconds}`)
      const body = await cachedJson(catalogCache, 'filter-options', reply, async () =>
        filterOptionsResponse.parse({ success: true as const, data: await getFilterOptions(db) }),
      )
      return reply.send(body as unknown as FilterOptionsReply)
    },
  )
}
