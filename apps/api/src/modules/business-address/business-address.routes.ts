import {
  businessAddressBody,
  businessAddressResponse,
  businessAddressSavedResponse,
} from '@techbazaar/shared'
import type { FastifyRequest } from 'fastify'
import type { App } from '../../app-types'
import { unauthorized } from '../../lib/errors'
import { getBusinessAddress, updateBusinessAddress } from './business-address.service'

const tags = ['sellers']

/** The signed-in seller's own business address; there is no way to name another seller. */
export async function businessAddressRoutes(app: App) {
  const { db } = app.deps
  const sellerId = (request: FastifyRequest) => {
    if (!request.user) throw unauthorized()
    return request.user.id
  }

  app.get(
    '/admin/business-address',
    {
      schema: {
        tags,
        summary: 'The seller’s business address, printed on its GST invoices',
        response: { 200: businessAddressResponse },
      },
      config: { access: 'activeSeller' },
    },
    async (request) => ({
      success: true as const,
      data: await getBusinessAddress(db, sellerId(request)),
    }),
  )

  app.put(
    '/admin/business-address',
    {
      schema: {
        tags,
        summary: 'Save the seller’s business address (its state must be its GSTIN’s)',
        body: businessAddressBody,
        response: { 200: businessAddressSavedResponse },
      },
      config: { access: 'activeSeller' },
    },
    async (request) => ({
      success: true as const,
      message: 'Business address saved',
      data: await updateBusinessAddress(db, sellerId(request), request.body),
    }),
  )
}
