import {
  feeInvoiceParams,
  feeInvoicesQuery,
  feeInvoicesResponse,
  sellerIdParams,
  isMarketplaceAdmin,
} from '@techbazaar/shared'
import type { App } from '../../../app-types'
import { forbidden, notFound } from '../../../lib/errors'
import { assertSelf } from '../../../plugins/auth'
import { pdfRateLimit, sendCsv, sendPdf } from '../reports/send-file'
import { renderSettlementPdf } from '../reports/settlement-pdfs'
import {
  feeInvoiceById,
  monthFeeInvoices,
  monthFeeInvoicesCsv,
  sellerFeeInvoices,
} from './fee-invoice-views'

const tags = ['settlements']

/**
 * The marketplace's fee invoices and credit notes to its sellers (decision 063): a seller's own
 * (the id is the session's), any seller's for admins, each as a PDF, and a month's for the
 * marketplace's GSTR-1.
 */
export async function feeInvoicesRoutes(app: App) {
  const { db, config } = app.deps

  app.get(
    '/admin/settlements/fee-invoices',
    {
      config: { access: 'seller' },
      schema: {
        tags,
        summary:
          "The caller's tax invoices and credit notes from the marketplace for its commission and fees, newest month first",
        response: { 200: feeInvoicesResponse },
      },
    },
    async (request) => {
      const seller = assertSelf(request, undefined)
      return { success: true as const, data: await sellerFeeInvoices(db, seller.id) }
    },
  )

  app.get(
    '/admin/settlements/sellers/:sellerId/fee-invoices',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "A seller's fee invoices and credit notes, for the marketplace's admins",
        params: sellerIdParams,
        response: { 200: feeInvoicesResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await sellerFeeInvoices(db, request.params.sellerId),
    }),
  )

  app.get(
    '/admin/settlements/reports/fee-invoices',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          "The marketplace's fee invoices and credit notes of a month, for its GSTR-1 (format=csv downloads them)",
        querystring: feeInvoicesQuery,
        response: { 200: feeInvoicesResponse },
      },
    },
    async (request, reply) => {
      const { month, format } = request.query
      if (format === 'csv') return sendCsv(reply, await monthFeeInvoicesCsv(db, month))
      return { success: true as const, data: await monthFeeInvoices(db, month) }
    },
  )

  app.get(
    '/admin/settlements/fee-invoices/:feeInvoiceId/pdf',
    {
      // Sellers their own, admins any: the owner is checked below.
      config: { access: 'backOffice', rateLimit: pdfRateLimit('fee-invoice-pdf') },
      schema: {
        tags,
        summary: 'A fee invoice or credit note as a PDF (the seller it was issued to, or an admin)',
        params: feeInvoiceParams,
      },
    },
    async (request, reply) => {
      const user = assertSelf(request, undefined)
      const row = await feeInvoiceById(db, request.params.feeInvoiceId)
      if (!row) throw notFound('Invoice not found')
      if (!isMarketplaceAdmin(user) && row.sellerId !== user.id) {
        throw forbidden('You can only download your own invoices')
      }
      return sendPdf(reply, {
        name: `${row.number.replaceAll('/', '-')}.pdf`,
        pdf: await renderSettlementPdf({
          type: 'feeInvoice',
          document: row.document,
          shopName: config.shopName,
        }),
      })
    },
  )
}
