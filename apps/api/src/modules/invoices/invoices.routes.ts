import { orderIdParams } from '@techbazaar/shared'
import type { App } from '../../app-types'
import { assertSelf } from '../../plugins/auth'
import { renderInvoicesPdf } from './invoice-pdf'
import { getOrderInvoices } from './invoices.service'

export async function invoicesRoutes(app: App) {
  const { db, config } = app.deps

  app.get(
    '/shop/order/:orderId/invoice.pdf',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary:
          'GST tax invoice(s) of an order as a PDF: one per seller sub-order the caller may see',
        params: orderIdParams,
      },
    },
    async (request, reply) => {
      const user = assertSelf(request, undefined)
      const invoices = await getOrderInvoices(
        { db, now: app.deps.now, marketplaceGstin: config.marketplaceGstin },
        user,
        request.params.orderId,
      )
      const pdf = await renderInvoicesPdf(invoices, config.shopName)
      // Invoice numbers contain '/', which a file name cannot. Each seller numbers its own
      // invoices, so several in one file are named after the order's number instead.
      const [only] = invoices
      const name =
        invoices.length === 1 && only
          ? only.number.replaceAll('/', '-')
          : `order-${only?.orderNumber ?? request.params.orderId}`
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="invoice-${name}.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf)
    },
  )
}
