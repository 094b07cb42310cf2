import { adminFamilyResponse, familyBody, idParam } from '@techbazaar/shared'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { App } from '../../app-types'
import { unauthorized } from '../../lib/errors'
import { addFamily, editFamily, getFamily } from './families.service'

const tags = ['admin products']
const idParams = z.object({ id: idParam })

/**
 * Products with variants (decision 090): a family's options and variant rows, created and
 * edited as one form by its seller or an admin. Removing a variant is leaving its row out (or
 * the product delete route); each variant is otherwise a product like any other.
 */
export async function familyRoutes(app: App) {
  const { db, storage } = app.deps
  const userOf = (request: FastifyRequest) => {
    if (!request.user) throw unauthorized()
    return request.user
  }

  app.post(
    '/admin/products/families',
    {
      schema: {
        tags,
        summary: 'Add a product with variants: its options and one row per variant',
        body: familyBody,
        response: { 201: adminFamilyResponse },
      },
      config: { access: 'backOffice' },
    },
    async (request, reply) => {
      const data = await addFamily(db, storage, userOf(request), request.body)
      return reply.status(201).send({ success: true as const, message: 'Product added', data })
    },
  )

  app.get(
    '/admin/products/families/:id',
    {
      schema: {
        tags,
        summary: 'A product family with its live variants (its seller or an admin)',
        params: idParams,
        response: { 200: adminFamilyResponse },
      },
      config: { access: 'backOffice' },
    },
    async (request) => ({
      success: true as const,
      data: await getFamily(db, userOf(request), request.params.id),
    }),
  )

  app.put(
    '/admin/products/families/:id',
    {
      schema: {
        tags,
        summary: 'Save a product family: shared fields, options, variants (missing rows removed)',
        params: idParams,
        body: familyBody,
        response: { 200: adminFamilyResponse },
      },
      config: { access: 'backOffice' },
    },
    async (request) => ({
      success: true as const,
      message: 'Product updated',
      data: await editFamily(
        db,
        storage,
        userOf(request),
        request.params.id,
        request.body,
        app.deps.now(),
      ),
    }),
  )
}
