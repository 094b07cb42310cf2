import {
  paiseToRupees,
  productFields,
  rupeesToPaise,
  STOCK_PRICE_CSV_COLUMNS,
  type BulkResult,
  type BulkRowError,
  type SessionUser,
  type StockPriceItem,
} from '@techbazaar/shared'
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { products } from '../../db/schema'
import { applyInBatches } from './bulk-apply'
import { errorReport, readBulkFile, type BulkFile } from './bulk-csv'
import { firstMention, indexProducts, sellerOfFile, targetOf } from './bulk-targets'

/** The product form's own rules for each of the three fields (price from ₹1, 2 decimals, …). */
const FIELDS = {
  price: productFields.shape.price,
  salePrice: productFields.shape.salePrice,
  totalStock: productFields.shape.totalStock,
} as const
type Field = keyof typeof FIELDS

/** Only what the row gives is written: a stock left blank is not overwritten with a stale read. */
interface Change {
  row: number
  id: string
  set: { pricePaise?: number; salePricePaise?: number; totalStock?: number }
}

const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '')

/**
 * Changes the stock, price and sale price of many of a seller's products at once (decision
 * 095): from a CSV file (`csv`) or as JSON (`items`, their row being their place from 1). Each
 * row names a product by id or SKU; a field left blank keeps its value. Every value is checked
 * as the product form checks it, and the sale price against the price the product will have.
 * Rows with a problem are reported and left out; a dry run saves nothing.
 */
export async function updateStockAndPrices(
  db: Db,
  user: SessionUser,
  input: ({ csv: string } | { items: StockPriceItem[] }) & { dryRun: boolean; sellerId?: string },
  at: Date,
): Promise<BulkResult> {
  const sellerId = await sellerOfFile(db, user, input.sellerId)
  let file: BulkFile | null = null
  let items: (StockPriceItem & { row: number })[]
  const errors: BulkRowError[] = []
  if ('csv' in input) {
    file = readBulkFile(input.csv, STOCK_PRICE_CSV_COLUMNS)
    errors.push(...file.errors)
    items = file.rows
      .filter((r) => !r.refused)
      .map((r) => ({
        row: r.row,
        id: r.get('id'),
        sku: r.get('sku'),
        price: r.get('price'),
        salePrice: r.get('salePrice'),
        totalStock: r.get('totalStock'),
      }))
  } else {
    items = input.items.map((item, i) => ({ ...item, row: i + 1 }))
  }
  const index = await indexProducts(
    db,
    sellerId,
    items.map((i) => i.id?.trim() ?? ''),
    items.map((i) => i.sku?.trim() ?? ''),
  )

  const mentioned = firstMention()
  const changes: Change[] = []
  for (const item of items) {
    const problems: BulkRowError[] = []
    const fail = (column: string | null, message: string) =>
      problems.push({ row: item.row, column, message })
    const target = targetOf(
      index,
      user,
      sellerId,
      item.row,
      { id: item.id?.trim() ?? '', sku: item.sku?.trim() || null },
      false,
    )
    if (target.kind === 'refused') {
      errors.push(target.error)
      continue
    }
    if (target.kind !== 'update') continue
    const product = target.product
    const earlier = mentioned(product.id, item.row)
    if (earlier !== null) fail(item.id ? 'id' : 'sku', `Row ${earlier} already names this product`)

    const given: Partial<Record<Field, number>> = {}
    for (const field of Object.keys(FIELDS) as Field[]) {
      if (blank(item[field])) continue
      const parsed = FIELDS[field].safeParse(item[field])
      if (parsed.success) given[field] = parsed.data
      else fail(field, parsed.error.issues[0]?.message ?? `${field} is not valid`)
    }
    if (problems.length === 0 && Object.keys(given).length === 0) {
      fail(null, 'Nothing to change: give a price, a sale price or the stock')
    }
    // The sale price is held to the price the product will have, given or kept.
    const price = given.price ?? paiseToRupees(product.pricePaise)
    const salePrice = given.salePrice ?? paiseToRupees(product.salePricePaise)
    if (problems.length === 0 && salePrice !== 0 && salePrice >= price) {
      fail(
        given.salePrice === undefined ? 'price' : 'salePrice',
        given.salePrice === undefined
          ? `Price must be above the sale price (₹${salePrice}), or set the sale price to 0`
          : 'Sale Price must be below Price (or 0 for no sale)',
      )
    }
    if (problems.length) {
      errors.push(...problems)
      continue
    }
    changes.push({
      row: item.row,
      id: product.id,
      set: {
        ...(given.price !== undefined && { pricePaise: rupeesToPaise(given.price) }),
        ...(given.salePrice !== undefined && { salePricePaise: rupeesToPaise(given.salePrice) }),
        ...(given.totalStock !== undefined && { totalStock: given.totalStock }),
      },
    })
  }

  let updated = changes.length
  if (!input.dryRun) {
    const applied = await applyInBatches(db, sellerId, changes, async (tx, change) => {
      const [row] = await tx
        .update(products)
        .set({ ...change.set, updatedAt: at })
        .where(
          and(
            eq(products.id, change.id),
            eq(products.sellerId, sellerId),
            isNull(products.deletedAt),
          ),
        )
        .returning({ id: products.id })
      return (
        row?.id ?? { row: change.row, column: null, message: 'The product was deleted meanwhile' }
      )
    })
    errors.push(...applied.errors)
    updated = applied.written.length
  }

  errors.sort((a, b) => a.row - b.row)
  return {
    dryRun: input.dryRun,
    rows: file ? file.rows.length : items.length,
    created: 0,
    updated,
    failed: new Set(errors.map((e) => e.row)).size,
    errors,
    errorReport: file ? errorReport(file, errors) : null,
  }
}
