import {
  brandRequestBody,
  brandRequestListResponse,
  brandRequestResponse,
  brandRequestsQuery,
  declineBrandRequestBody,
  idParam,
} from '@techbazaar/shared'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { App } from '../../app-types'
import { unauthorized } from '../../lib/errors'
import {
  approveBrandRequest,
  declineBrandRequest,
  listBrandRequests,
  requestBrand,
} from './brand-requests.service'

const tags = ['brand requests']
const idParams = z.object({ id: idParam })

/** Sellers ask for a brand the list lacks; admins approve or decline (decision 085). */
export async function brandRequestRoutes(app: App) {
  const { db } = app.deps
  const { shopName } = app.deps.config
  const userOf = (request: FastifyRequest) => {
    if (!request.user) throw unauthorized()
    return request.user
  }

  app.post(
    '/admin/brand-requests',
    {
      schema: {
        tags,
        summary: 'A seller asks for a brand the list lacks',
        body: brandRequestBody,
        response: { 201: brandRequestResponse },
      },
      config: { access: 'seller' },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        message: 'Request sent: an admin will look at it',
        data: await requestBrand(db, userOf(request), request.body),
      }),
  )

  app.get(
    '/admin/brand-requests',
    {
      schema: {
        tags,
        summary: 'A seller’s own brand requests; for admins, every seller’s by status (pending)',
        querystring: brandRequestsQuery,
        response: { 200: brandRequestListResponse },
      },
      config: { access: 'backOffice' },
    },
    async (request) => ({
      success: true as const,
      data: await listBrandRequests(db, userOf(request), request.query.status),
    }),
  )

  app.post(
    '/admin/brand-requests/approve/:id',
    {
      schema: {
        tags,
        summary: 'Add the requested brand to the list and tell the seller',
        params: idParams,
        response: { 200: brandRequestResponse },
      },
      config: { access: 'admin' },
    },
    async (request) => {
      const data = await approveBrandRequest(db, {
        id: request.params.id,
        admin: userOf(request),
        at: app.deps.now(),
        shopName,
      })
      return { success: true as const, message: `“${data.brand}” added to the brands`, data }
    },
  )

  app.post(
    '/admin/brand-requests/decline/:id',
    {
      schema: {
        tags,
        summary: 'Decline a brand request with a reason the seller is told',
        params: idParams,
        body: declineBrandRequestBody,
        response: { 200: brandRequestResponse },
      },
      config: { access: 'admin' },
    },
    async (request) => ({
      success: true as const,
      message: 'Brand request declined',
      data: await declineBrandRequest(db, {
        id: request.params.id,
        admin: userOf(request),
        at: app.deps.now(),
        shopName: app.deps.config.shopName,
        reason: request.body.reason,
      }),
    }),
  )
}
