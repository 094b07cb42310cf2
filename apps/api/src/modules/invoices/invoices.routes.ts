import { orderIdParams } from '@techbazaar/shared'
import { z } from 'zod'
import type { App } from '../../app-types'
import { assertSelf } from '../../plugins/auth'
import { renderInvoicesPdf } from './invoice-pdf'
import { documentsForDownload } from './invoices.service'
import { signPdf } from './pdf-signature'
import { signingKeyFor } from './signing-keys'

const invoiceQuery = z.object({
  /** One seller's part of the order (a sub-order id): its invoice alone, signed if it can be. */
  part: z.uuid('part must be a sub-order id').optional(),
})

/** The certificate's common name: who signed, as the page and the signature panel say it. */
function signatoryOf(subject: string): string {
  return /(?:^|\n|,\s*)CN=([^\n,]+)/.exec(subject)?.[1]?.trim() ?? subject
}

export async function invoicesRoutes(app: App) {
  const { db, config } = app.deps

  app.get(
    '/shop/order/:orderId/invoice.pdf',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary:
          'GST tax invoices (and credit notes) of an order as a PDF, as issued at dispatch: every seller part the caller may see, or one part',
        params: orderIdParams,
        querystring: invoiceQuery,
      },
    },
    async (request, reply) => {
      const user = assertSelf(request, undefined)
      const { documents, supplierKey, orderNumber } = await documentsForDownload(
        db,
        user,
        request.params.orderId,
        request.query.part,
      )
      // A file holding one supplier's documents is signed with its key when the shop holds one;
      // documents of several suppliers go out unsigned (each part downloads signed on its own).
      const key = supplierKey
        ? await signingKeyFor({ db, config, now: app.deps.now }, supplierKey)
        : null
      const signatory = key?.chain[0] ? signatoryOf(key.chain[0].subject) : null
      const pdf = await renderInvoicesPdf(
        documents,
        config.shopName,
        signatory ? { signedBy: signatory } : null,
      )
      const body =
        key && signatory
          ? signPdf(pdf, key, {
              name: signatory,
              reason: 'Tax invoice issued by the supplier',
              location: documents[0]?.supplier.stateName ?? 'India',
              signedAt: app.deps.now(),
            })
          : pdf
      // Invoice numbers contain '/', which a file name cannot. Each seller numbers its own
      // invoices, so several in one file are named after the order's number instead.
      const [only] = documents
      const name =
        documents.length === 1 && only ? only.number.replaceAll('/', '-') : `order-${orderNumber}`
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="invoice-${name}.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .send(body)
    },
  )
}
