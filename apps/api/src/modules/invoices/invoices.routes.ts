import { creditNotePdfParams, orderIdParams } from '@techbazaar/shared'
import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import type { App } from '../../app-types'
import { assertSelf } from '../../plugins/auth'
import { renderInvoicesPdf } from './invoice-pdf'
import {
  creditNoteForDownload,
  documentsForDownload,
  type DocumentsForDownload,
} from './invoices.service'
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

  /**
   * Renders the documents as one PDF and sends it. A file holding one supplier's documents is
   * signed with its key when the shop holds one; documents of several suppliers go out unsigned
   * (each part downloads signed on its own).
   */
  async function sendPdf(
    reply: FastifyReply,
    { documents, supplierKey, orderNumber }: DocumentsForDownload,
    file: { prefix: string; signingReason: string },
  ) {
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
            reason: file.signingReason,
            location: documents[0]?.supplier.stateName ?? 'India',
            signedAt: app.deps.now(),
          })
        : pdf
    // Document numbers contain '/', which a file name cannot. Each seller numbers its own
    // documents, so several in one file are named after the order's number instead.
    const [only] = documents
    const name =
      documents.length === 1 && only ? only.number.replaceAll('/', '-') : `order-${orderNumber}`
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `attachment; filename="${file.prefix}-${name}.pdf"`)
      .header('Cache-Control', 'private, no-store')
      .send(body)
  }

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
      const download = await documentsForDownload(
        db,
        user,
        request.params.orderId,
        request.query.part,
      )
      return sendPdf(reply, download, {
        prefix: 'invoice',
        signingReason: 'Tax invoice issued by the supplier',
      })
    },
  )

  app.get(
    '/shop/order/:orderId/credit-notes/:creditNoteId.pdf',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary:
          'One GST credit note of an order (a return, or a parcel that came back) as a PDF, for whoever may download its invoice',
        params: creditNotePdfParams,
      },
    },
    async (request, reply) => {
      const user = assertSelf(request, undefined)
      const download = await creditNoteForDownload(
        db,
        user,
        request.params.orderId,
        request.params.creditNoteId,
      )
      return sendPdf(reply, download, {
        prefix: 'credit-note',
        signingReason: 'Credit note issued by the supplier',
      })
    },
  )
}
