import { creditNotePdfParams, orderIdParams } from '@techbazaar/shared'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { App } from '../../app-types'
import { assertSelf } from '../../plugins/auth'
import { invoicePdf } from './invoice-files'
import {
  creditNoteForDownload,
  documentsForDownload,
  type DocumentsForDownload,
} from './invoices.service'

const invoiceQuery = z.object({
  /** One seller's part of the order (a sub-order id): its invoice alone, signed if it can be. */
  part: z.uuid('part must be a sub-order id').optional(),
})

/**
 * Downloads per account (issue 26.7), per route: a shopper opening every invoice of a long
 * history, or a seller its month's, stays well inside; a script fetching in a loop does not.
 */
const DOWNLOAD_RATE_LIMIT = {
  max: 30,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `invoice-pdf:${request.user?.id ?? request.ip}`,
}

export async function invoicesRoutes(app: App) {
  const { db, config } = app.deps

  /** Sends the download's PDF: the kept bytes, or rendered once off the event loop (invoice-files.ts). */
  async function sendPdf(
    reply: FastifyReply,
    download: DocumentsForDownload,
    file: { prefix: string; signingReason: string },
  ) {
    const body = await invoicePdf({ db, config, now: app.deps.now }, download, file.signingReason)
    // Document numbers contain '/', which a file name cannot. Each seller numbers its own
    // documents, so several in one file are named after the order's number instead.
    const { documents, orderNumber } = download
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
      config: { access: 'user', rateLimit: DOWNLOAD_RATE_LIMIT },
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
      config: { access: 'user', rateLimit: DOWNLOAD_RATE_LIMIT },
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
