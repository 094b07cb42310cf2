import {
  adminProductListResponse,
  adminProductResponse,
  adminProductsQuery,
  createFilterBody,
  idParam,
  messageResponse,
  newProductBody,
  productBody,
} from '@techbazaar/shared'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { App } from '../../app-types'
import { unauthorized } from '../../lib/errors'
import { addProduct, deleteProduct, editProduct, listAdminProducts } from './admin-products.service'
import { brandRequestRoutes } from './brand-requests.routes'
import { bulkImportRoutes } from './bulk-import.routes'
import { familyRoutes } from './families.routes'
import { createFilterOptions } from './filter-options.service'
import { filterOptionRoutes } from './filter-options.routes'
import { approveSection, declineSection } from './sections.service'

const tags = ['admin products']
const idParams = z.object({ id: idParam })

export async function adminProductsRoutes(app: App) {
  const { db } = app.deps
  const { storage } = app.deps
  const shape = {
    maxPerProduct: app.deps.config.orderLimits.maxQtyPerProduct,
    marketplaceName: app.deps.config.marketplace.legalName,
  }
  // backOffice: admins and sellers alike; ownership is checked per product in the service.
  const userOf = (request: FastifyRequest) => {
    if (!request.user) throw unauthorized()
    return request.user
  }

  app.post(
    '/admin/products/add',
    {
      schema: { tags, body: newProductBody, response: { 201: adminProductResponse } },
      config: { access: 'backOffice' },
    },
    async (request, reply) => {
      const data = await addProduct(db, storage, userOf(request), request.body, shape)
      return reply
        .status(201)
        .send({ success: true as const, message: 'Product added successfully', data })
    },
  )

  app.get(
    '/admin/products/get',
    {
      schema: {
        tags,
        querystring: adminProductsQuery,
        response: { 200: adminProductListResponse },
      },
      config: { access: 'backOffice' },
    },
    async (request) => ({
      success: true as const,
      ...(await listAdminProducts(db, userOf(request), shape, request.query)),
    }),
  )

  app.put(
    '/admin/products/edit/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: productBody,
        response: { 200: adminProductResponse },
      },
      config: { access: 'backOffice' },
    },
    async (request) => ({
      success: true as const,
      message: 'Product updated successfully',
      data: await editProduct(
        db,
        storage,
        userOf(request),
        request.params.id,
        request.body,
        shape,
        app.deps.now(),
      ),
    }),
  )

  app.delete(
    '/admin/products/delete/:id',
    {
      schema: { tags, params: idParams, response: { 200: messageResponse } },
      config: { access: 'backOffice' },
    },
    async (request) => {
      await deleteProduct(db, userOf(request), request.params.id, app.deps.now())
      return { success: true as const, message: 'Product deleted successfully' }
    },
  )

  app.post(
    '/shop/filter/create',
    {
      schema: {
        tags,
        summary: 'Add a category and a brand to the filter lists (admins only)',
        body: createFilterBody,
        response: { 201: messageResponse },
      },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      await createFilterOptions(db, request.body)
      return reply
        .status(201)
        .send({ success: true as const, message: 'Filter created successfully!' })
    },
  )

  // A seller's suggested home section: only admins decide (decision 085).
  app.post(
    '/admin/products/section/approve/:id',
    {
      schema: {
        tags,
        summary: 'Put the product in the home section its seller suggested (admins only)',
        params: idParams,
        response: { 200: adminProductResponse },
      },
      config: { access: 'admin' },
    },
    async (request) => ({
      success: true as const,
      message: 'Section suggestion approved',
      data: await approveSection(db, request.params.id, shape, app.deps.now()),
    }),
  )

  app.post(
    '/admin/products/section/decline/:id',
    {
      schema: {
        tags,
        summary: 'Drop the seller’s suggested home section; the product keeps its section',
        params: idParams,
        response: { 200: adminProductResponse },
      },
      config: { access: 'admin' },
    },
    async (request) => ({
      success: true as const,
      message: 'Section suggestion declined',
      data: await declineSection(db, request.params.id, shape, app.deps.now()),
    }),
  )

  await familyRoutes(app)
  await filterOptionRoutes(app)
  await brandRequestRoutes(app)
  await bulkImportRoutes(app)
}
