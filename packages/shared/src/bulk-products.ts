import { z } from 'zod'

/**
 * Bulk product files (docs/decisions/095-bulk-product-csv.md): a seller's (or an admin's, for
 * one seller) products added and changed from a CSV, and stock and prices changed in bulk.
 * The rows are checked with the same schema as the product form (`productBody`).
 */

/** The largest file taken, in UTF-8 bytes, and the most rows (the header aside). */
export const BULK_CSV_MAX_BYTES = 2 * 1024 * 1024
export const BULK_CSV_MAX_ROWS = 5000
/** The most products one JSON stock and price request may change. */
export const BULK_STOCK_PRICE_MAX_ITEMS = 1000
/** Between the image URLs of one cell; the first is the cover. */
export const BULK_IMAGE_SEPARATOR = '|'

/**
 * The product file's columns, in the template's order, named as the product API's fields (the
 * declarations and the warranty flattened). `id` or `sku` names a product to change; a row with
 * neither (or a SKU none of the seller's products has) adds one. Optional ones may be left out.
 */
export const PRODUCT_CSV_COLUMNS = [
  { name: 'id', required: false, example: '' },
  { name: 'sku', required: false, example: 'BUDS3-BLK' },
  { name: 'title', required: true, example: 'Samsung Galaxy Buds 3' },
  { name: 'description', required: true, example: 'Wireless earbuds, 30 hours with the case.' },
  { name: 'category', required: true, example: 'electronics' },
  { name: 'brand', required: true, example: 'samsung' },
  { name: 'section', required: false, example: '' },
  { name: 'hsn', required: true, example: '851830' },
  { name: 'price', required: true, example: '9999' },
  { name: 'salePrice', required: true, example: '7999.50' },
  { name: 'totalStock', required: true, example: '25' },
  { name: 'maxPerOrder', required: false, example: '' },
  {
    name: 'images',
    required: true,
    example:
      '/uploads/u/0123456789abcdef0123456789abcdef.webp|/uploads/u/fedcba9876543210fedcba9876543210.webp',
  },
  { name: 'manufacturerName', required: true, example: 'Samsung India Electronics Pvt. Ltd.' },
  {
    name: 'manufacturerAddress',
    required: true,
    example: '6th Floor, DLF Centre, Sansad Marg, New Delhi 110001',
  },
  { name: 'packerRole', required: true, example: 'manufacturer' },
  { name: 'packerName', required: false, example: '' },
  { name: 'packerAddress', required: false, example: '' },
  { name: 'countryOfOrigin', required: true, example: 'India' },
  { name: 'genericName', required: true, example: 'Wireless earbuds' },
  { name: 'netQuantity', required: true, example: '1 N' },
  { name: 'careName', required: true, example: 'Samsung Customer Care' },
  {
    name: 'careAddress',
    required: true,
    example: '6th Floor, DLF Centre, Sansad Marg, New Delhi 110001',
  },
  { name: 'carePhone', required: true, example: '1800 40 7267864' },
  { name: 'careEmail', required: true, example: 'support@samsung.example' },
  { name: 'warrantyMonths', required: true, example: '12' },
  { name: 'warrantyBy', required: true, example: 'Manufacturer' },
] as const
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number]['name']

/**
 * The stock and price file's columns: `id` or `sku` names the product; a blank price, sale price
 * or stock keeps what it has. `title` is there to read by (the download fills it) and is ignored.
 */
export const STOCK_PRICE_CSV_COLUMNS = [
  { name: 'id', required: false, example: '' },
  { name: 'sku', required: false, example: 'BUDS3-BLK' },
  { name: 'title', required: false, example: 'Samsung Galaxy Buds 3' },
  { name: 'price', required: false, example: '9999' },
  { name: 'salePrice', required: false, example: '7999' },
  { name: 'totalStock', required: false, example: '40' },
] as const

/** Read by the error report's own extra column, so a fixed report can be sent back as it is. */
export const BULK_ERROR_COLUMN = 'error'

export const BULK_TEMPLATE_KINDS = ['products', 'stock-price'] as const
export type BulkTemplateKind = (typeof BULK_TEMPLATE_KINDS)[number]

const dryRunFlag = z
  .enum(['true', 'false'], 'dryRun must be true or false')
  .optional()
  .transform((v) => v === 'true')

/** Admins: the seller whose products the file holds (none: the admin's own). Sellers: ignored. */
const sellerIdField = z.uuid('sellerId must be a seller’s id').optional()

export const bulkTemplateQuery = z.strictObject({
  kind: z.enum(BULK_TEMPLATE_KINDS, 'kind must be products or stock-price').default('products'),
  sellerId: sellerIdField,
})
export type BulkTemplateQuery = z.output<typeof bulkTemplateQuery>

export const bulkImportQuery = z.strictObject({
  /** true: every row is checked and counted, nothing is saved. */
  dryRun: dryRunFlag,
  sellerId: sellerIdField,
})
export type BulkImportQuery = z.output<typeof bulkImportQuery>

/** Bytes of `text` in UTF-8, as the file had them (the shared code runs without TextEncoder's types). */
export function utf8Bytes(text: string): number {
  let bytes = 0
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4
  }
  return bytes
}

/** A CSV file's text, read by the browser and sent whole (as the payouts' bank status file). */
const csvText = z
  .string('Choose a CSV file')
  .min(1, 'Choose a CSV file')
  .refine((text) => utf8Bytes(text) <= BULK_CSV_MAX_BYTES, {
    message: `The file is larger than ${BULK_CSV_MAX_BYTES / 1024 / 1024} MB`,
  })

export const bulkImportBody = z.object({ csv: csvText })
export type BulkImportInput = z.input<typeof bulkImportBody>

/** One product's new stock and prices; a missing (or blank) one is kept. Checked by the server. */
export const stockPriceItem = z.object({
  id: z.string().max(100).optional(),
  sku: z.string().max(100).optional(),
  price: z.union([z.string().max(30), z.number()]).optional(),
  salePrice: z.union([z.string().max(30), z.number()]).optional(),
  totalStock: z.union([z.string().max(30), z.number()]).optional(),
})
export type StockPriceItem = z.infer<typeof stockPriceItem>

/** Either a stock and price CSV or the same rows as JSON (for API clients). */
export const stockPriceBody = z.union([
  bulkImportBody,
  z.object({
    items: z
      .array(stockPriceItem)
      .min(1, 'Give at least one product')
      .max(
        BULK_STOCK_PRICE_MAX_ITEMS,
        `At most ${BULK_STOCK_PRICE_MAX_ITEMS} products per request`,
      ),
  }),
])
export type StockPriceInput = z.input<typeof stockPriceBody>

/**
 * A row's problem. `row` is as a spreadsheet numbers it (the header is row 1; for JSON items,
 * the item's place from 1); `column` is the file's column, or null for the row as a whole.
 */
export const bulkRowError = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
})
export type BulkRowError = z.infer<typeof bulkRowError>

export const bulkResult = z.object({
  dryRun: z.boolean(),
  /** Rows checked (not counting the header). */
  rows: z.number().int(),
  /** Added, changed (or, on a dry run, that would be) and refused rows. */
  created: z.number().int(),
  updated: z.number().int(),
  failed: z.number().int(),
  errors: z.array(bulkRowError),
  /** The refused rows as sent, with an `error` column; null when every row is fine. */
  errorReport: z.string().nullable(),
})
export type BulkResult = z.infer<typeof bulkResult>

export const bulkResultResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: bulkResult,
})
export type BulkResultResponse = z.infer<typeof bulkResultResponse>
