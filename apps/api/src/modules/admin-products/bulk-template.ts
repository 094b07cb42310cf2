import {
  BULK_CSV_MAX_ROWS,
  PRODUCT_CSV_COLUMNS,
  STOCK_PRICE_CSV_COLUMNS,
  type BulkTemplateKind,
} from '@techbazaar/shared'
import { and, desc, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { products } from '../../db/schema'
import { csvNumber, csvRupees, toCsv } from '../../lib/csv'

/**
 * A file to fill in. `products`: the columns and one example row (the example's images are
 * made-up names: real ones come from uploading). `stock-price`: the seller's live products,
 * newest first (at most a file's worth), with their stock and prices to edit; the example row
 * when it has none yet.
 */
export async function bulkTemplate(
  db: Db,
  sellerId: string,
  kind: BulkTemplateKind,
): Promise<{ name: string; csv: string }> {
  if (kind === 'products') {
    return {
      name: 'products-template.csv',
      csv: toCsv(
        PRODUCT_CSV_COLUMNS.map((c) => c.name),
        [PRODUCT_CSV_COLUMNS.map((c) => c.example)],
      ),
    }
  }
  const rows = await db
    .select({
      id: products.id,
      sku: products.sku,
      title: products.title,
      pricePaise: products.pricePaise,
      salePricePaise: products.salePricePaise,
      totalStock: products.totalStock,
    })
    .from(products)
    .where(and(eq(products.sellerId, sellerId), isNull(products.deletedAt)))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(BULK_CSV_MAX_ROWS)
  const header = STOCK_PRICE_CSV_COLUMNS.map((c) => c.name)
  return {
    name: 'stock-and-prices.csv',
    csv: toCsv(
      header,
      rows.length
        ? rows.map((p) => [
            p.id,
            p.sku,
            p.title,
            csvRupees(p.pricePaise),
            csvRupees(p.salePricePaise),
            csvNumber(p.totalStock),
          ])
        : [STOCK_PRICE_CSV_COLUMNS.map((c) => c.example)],
    ),
  }
}
