import {
  BULK_CSV_MAX_BYTES,
  bulkImportBody,
  bulkImportQuery,
  bulkResultResponse,
  bulkTemplateQuery,
  stockPriceBody,
} from '@techbazaar/shared'
import type { FastifyRequest } from 'fastify'
import type { App } from '../../app-types'
import { unauthorized } from '../../lib/errors'
import { resultMessage } from './bulk-apply'
import { importProducts } from './bulk-import.service'
import { updateStockAndPrices } from './bulk-stock-price.service'
import { bulkTemplate } from './bulk-template'
import { sellerOfFile } from './bulk-targets'

const tags = ['admin products']

/**
 * The file goes as JSON `{ csv }` (as the payouts' bank status file does): JSON escapes can
 * double a file's quotes and line breaks, so the body may be twice the file's own limit.
 */
const BODY_LIMIT = 2 * BULK_CSV_MAX_BYTES + 64 * 1024

/**
 * A file of 5,000 rows is checked against the database and storage in one request: a few a
 * minute per account is what a person uploading needs (check, then upload, then a fix).
 */
const BULK_RATE_LIMIT = {
  max: 20,
  timeWindow: '10 minutes',
  // After the session is read, so the count is the account's, not the office's address.
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => `bulk-products:${request.user?.id ?? request.ip}`,
}

/**
 * Bulk product files for admins and sellers (docs/decisions/095-bulk-product-csv.md): a
 * template, a product file (add and change), and stock and prices in bulk. A seller's rows are
 * its own products only; an admin names the seller (`sellerId`).
 */
export async function bulkImportRoutes(app: App) {
  const { db, storage } = app.deps
  const userOf = (request: FastifyRequest) => {
    if (!request.user) throw unauthorized()
    return request.user
  }

  app.get(
    '/admin/products/bulk/template',
    {
      schema: {
        tags,
        summary:
          'A CSV to fill in: the product columns with an example row (kind=products), or the seller’s products with their stock and prices (kind=stock-price)',
        querystring: bulkTemplateQuery,
        produces: ['text/csv'],
      },
      config: { access: 'backOffice' },
    },
    async (request, reply) => {
      const user = userOf(request)
      const sellerId = await sellerOfFile(db, user, request.query.sellerId)
      const file = await bulkTemplate(db, sellerId, request.query.kind)
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${file.name}"`)
        .header('Cache-Control', 'no-store')
        .send(file.csv)
    },
  )

  app.post(
    '/admin/products/bulk/import',
    {
      schema: {
        tags,
        summary:
          'Add and change products from a CSV (rows with an id or a known SKU change that product); each row checked, the bad ones reported; dryRun=true saves nothing',
        querystring: bulkImportQuery,
        body: bulkImportBody,
        response: { 200: bulkResultResponse },
      },
      bodyLimit: BODY_LIMIT,
      config: { access: 'backOffice', rateLimit: BULK_RATE_LIMIT },
    },
    async (request) => {
      const data = await importProducts(
        db,
        storage,
        userOf(request),
        { csv: request.body.csv, ...request.query },
        app.deps.now(),
      )
      return { success: true as const, message: resultMessage(data.dryRun, data), data }
    },
  )

  app.post(
    '/admin/products/bulk/stock-price',
    {
      schema: {
        tags,
        summary:
          'Change the stock, price and sale price of many products: a CSV ({ csv }) or JSON ({ items }); blank keeps a value; dryRun=true saves nothing',
        querystring: bulkImportQuery,
        body: stockPriceBody,
        response: { 200: bulkResultResponse },
      },
      bodyLimit: BODY_LIMIT,
      config: { access: 'backOffice', rateLimit: BULK_RATE_LIMIT },
    },
    async (request) => {
      const data = await updateStockAndPrices(
        db,
        userOf(request),
        { ...request.body, ...request.query },
        app.deps.now(),
      )
      return { success: true as const, message: resultMessage(data.dryRun, data), data }
    },
  )
}
