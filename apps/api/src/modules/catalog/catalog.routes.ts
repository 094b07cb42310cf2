import {
  filterOptionsResponse,
  idParam,
  LIMITS,
  listingFacetsQuery,
  listingFacetsResponse,
  type ListingFacetsReply,
  listProductsQuery,
  productListResponse,
  type FilterOptionsReply,
  type ProductList,
  type ProductReply,
  productResponse,
} from '@techbazaar/shared'
import { z } from 'zod'
import type { App } from '../../app-types'
import { cachedJson } from './cached-json'
import {
  facetsKey,
  getFilterOptions,
  getProduct,
  listingFacets,
  listingKey,
  listProducts,
  productKey,
} from './catalog.service'

export async function catalogRoutes(app: App) {
  const { db, catalogCache } = app.deps
  const { maxQtyPerProduct } = app.deps.config.orderLimits
  const { marketplace } = app.deps.config
  const detailShape = { maxPerProduct: maxQtyPerProduct, marketplace }

  app.get(
    '/shop/products/get',
    {
      config: { access: 'public' },
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
          ...(await listProducts(
            db,
            app.deps.listingTotals,
            request.query,
            maxQtyPerProduct,
            marketplace.legalName,
          )),
        }),
      )
      return reply.send(body as unknown as ProductList)
    },
  )

  app.get(
    '/shop/products/facets',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary:
          "Listed products per category, brand and section option, each group counted with the other groups' filters",
        querystring: listingFacetsQuery,
        response: { 200: listingFacetsResponse },
      },
    },
    async (request, reply) => {
      const body = await cachedJson(catalogCache, facetsKey(request.query), reply, async () =>
        listingFacetsResponse.parse({
          success: true as const,
          data: await listingFacets(db, request.query),
        }),
      )
      return reply.send(body as unknown as ListingFacetsReply)
    },
  )

  app.get(
    '/shop/products/get/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        params: z.object({ id: idParam }),
        response: { 200: productResponse },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      // A "not found" is thrown, so never kept: a product listed later shows at once.
      const body = await cachedJson(catalogCache, productKey(id), reply, async () =>
        productResponse.parse({
          success: true as const,
          data: await getProduct(db, id, detailShape),
        }),
      )
      return reply.send(body as unknown as ProductReply)
    },
  )

  app.get(
    '/shop/filter/fetch',
    {
      config: { access: 'public' },
      schema: { tags: ['catalog'], response: { 200: filterOptionsResponse } },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', `public, max-age=${LIMITS.filterCacheSeconds}`)
      const body = await cachedJson(catalogCache, 'filter-options', reply, async () =>
        filterOptionsResponse.parse({ success: true as const, data: await getFilterOptions(db) }),
      )
      return reply.send(body as unknown as FilterOptionsReply)
    },
  )
}
