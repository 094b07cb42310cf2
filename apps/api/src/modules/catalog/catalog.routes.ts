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
  productByPathResponse,
  type ProductByPathReply,
  shortIdOfPath,
} from '@techbazaar/shared'
import { z } from 'zod'
import type { App } from '../../app-types'
import { gone, notFound } from '../../lib/errors'
import { cachedJson } from './cached-json'
import {
  facetsKey,
  getFilterOptions,
  getProduct,
  listingFacets,
  listingKey,
  listProducts,
  productKey,
  productPageKey,
  productPageLookup,
} from './catalog.service'

export async function catalogRoutes(app: App) {
  // Public reads only: the replica when it has every change heard of (decision 097).
  const { catalogCache, catalogReads } = app.deps
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
          ...(await catalogReads.read((db) =>
            listProducts(
              db,
              app.deps.listingTotals,
              request.query,
              maxQtyPerProduct,
              marketplace.legalName,
            ),
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
          data: await catalogReads.read((db) => listingFacets(db, request.query)),
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
          data: await catalogReads.read((db) => getProduct(db, id, detailShape)),
        }),
      )
      return reply.send(body as unknown as ProductReply)
    },
  )

  app.get(
    '/shop/products/by-path/:path',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary:
          "A product page's product by the last segment of its path ({slug}-{shortId}), with the page's canonical path: 404 when unknown or not listed, 410 once deleted",
        params: z.object({ path: z.string().min(1).max(400) }),
        response: { 200: productByPathResponse },
      },
    },
    async (request, reply) => {
      const shortId = shortIdOfPath(request.params.path)
      if (!shortId) throw notFound('Product not found')
      // Only a listed product is kept: a 404 or 410 is thrown, so a product listed (or restored)
      // later shows at once. The slug is not part of the key: every spelling shares one reply.
      const body = await cachedJson(catalogCache, productPageKey(shortId), reply, () =>
        catalogReads.read(async (db) => {
          const found = await productPageLookup(db, shortId)
          if (found.status === 'gone') throw gone('This product has been removed')
          if (found.status === 'missing') throw notFound('Product not found')
          return productByPathResponse.parse({
            success: true as const,
            data: await getProduct(db, found.id, detailShape),
            canonicalPath: found.canonicalPath,
          })
        }),
      )
      return reply.send(body as unknown as ProductByPathReply)
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
        filterOptionsResponse.parse({
          success: true as const,
          data: await catalogReads.read((db) => getFilterOptions(db)),
        }),
      )
      return reply.send(body as unknown as FilterOptionsReply)
    },
  )
}
