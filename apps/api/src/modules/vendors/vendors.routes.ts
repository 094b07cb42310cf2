import {
  completeVendorBody,
  createVendorBody,
  idParam,
  vendorListResponse,
  vendorResponse,
  vendorStatusBody,
} from '@techbazaar/shared'
import { z } from 'zod'
import type { App } from '../../app-types'
import {
  completeVendor,
  createVendor,
  listVendors,
  recheckVendorGstin,
  setVendorStatus,
} from './vendors.service'

const tags = ['vendors']

export async function vendorsRoutes(app: App) {
  const { db, gstn } = app.deps

  app.get(
    '/admin/vendors',
    { schema: { tags, response: { 200: vendorListResponse } }, config: { access: 'admin' } },
    async () => ({ success: true as const, data: await listVendors(db) }),
  )

  app.post(
    '/admin/vendors',
    {
      schema: { tags, body: createVendorBody, response: { 201: vendorResponse } },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      const data = await createVendor(db, gstn, request.body, app.deps.now())
      return reply
        .status(201)
        .send({ success: true as const, message: 'Vendor created successfully!', data })
    },
  )

  app.put(
    '/admin/vendors/:id/status',
    {
      schema: {
        tags,
        params: z.object({ id: idParam }),
        body: vendorStatusBody,
        response: { 200: vendorResponse },
      },
      config: { access: 'admin' },
    },
    async (request) => {
      const { status } = request.body
      const data = await setVendorStatus(db, gstn, request.params.id, status, app.deps.now())
      return {
        success: true as const,
        message: status === 'Approved' ? 'Vendor approved' : 'Vendor rejected',
        data,
      }
    },
  )

  app.post(
    '/admin/vendors/:id/gstin-check',
    {
      schema: {
        tags,
        summary:
          'Re-check an approved seller’s GSTIN with the GST network; a cancelled one suspends its listings',
        params: z.object({ id: idParam }),
        response: { 200: vendorResponse },
      },
      config: { access: 'admin' },
    },
    async (request) => {
      const data = await recheckVendorGstin(db, gstn, request.params.id, app.deps.now())
      return {
        success: true as const,
        message: data.gstinProblem ? 'GSTIN not active: listings suspended' : 'GSTIN active',
        data,
      }
    },
  )

  app.put(
    '/admin/vendors/:id/details',
    {
      schema: {
        tags,
        summary: 'Complete a seller made without a GSTIN: mobile, GSTIN and business address',
        params: z.object({ id: idParam }),
        body: completeVendorBody,
        response: { 200: vendorResponse },
      },
      config: { access: 'admin' },
    },
    async (request) => ({
      success: true as const,
      message: 'Seller details saved',
      data: await completeVendor(db, gstn, request.params.id, request.body, app.deps.now()),
    }),
  )
}
