import {
  sellerEInvoicingBody,
  sellerEInvoicingParams,
  sellerEInvoicingResponse,
} from '@techbazaar/shared'
import type { App } from '../../app-types'
import { assertSelf } from '../../plugins/auth'
import { getSellerEInvoicing, setSellerEInvoicing } from './seller-einvoicing'

const tags = ['sellers']

/** Admins say which sellers must register their B2B invoices with the IRP (issue 30.8). */
export async function eDocumentsRoutes(app: App) {
  const { db, config } = app.deps

  app.get(
    '/admin/vendors/:id/e-invoicing',
    {
      schema: {
        tags,
        summary: 'Whether the seller must e-invoice (IRN and signed QR on its B2B invoices)',
        params: sellerEInvoicingParams,
        response: { 200: sellerEInvoicingResponse },
      },
      config: { access: 'admin' },
    },
    async (request) => ({
      success: true as const,
      data: await getSellerEInvoicing(db, config.gstPortals, request.params.id),
    }),
  )

  app.put(
    '/admin/vendors/:id/e-invoicing',
    {
      schema: {
        tags,
        summary:
          'Set whether the seller must e-invoice: by hand, or from its aggregate turnover against the threshold',
        params: sellerEInvoicingParams,
        body: sellerEInvoicingBody,
        response: { 200: sellerEInvoicingResponse },
      },
      config: { access: 'admin' },
    },
    async (request) => ({
      success: true as const,
      data: await setSellerEInvoicing(
        db,
        config.gstPortals,
        request.params.id,
        request.body,
        assertSelf(request, undefined).id,
      ),
    }),
  )
}
