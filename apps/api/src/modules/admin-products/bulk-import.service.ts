import {
  BULK_IMAGE_SEPARATOR,
  declarationProblems,
  PRODUCT_CSV_COLUMNS,
  productBody,
  skuField,
  type BulkResult,
  type BulkRowError,
  type ProductValues,
  type SessionUser,
} from '@techbazaar/shared'
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { filterOptions, products } from '../../db/schema'
import type { Storage } from '../../lib/storage'
import { columnsOf } from './admin-products.service'
import { applyInBatches, storedImages } from './bulk-apply'
import { errorReport, readBulkFile, type BulkRow } from './bulk-csv'
import {
  firstMention,
  indexProducts,
  sellerOfFile,
  targetOf,
  type KnownProduct,
} from './bulk-targets'
import { placement } from './placement'

/** The product form's values a row holds, as the form would send them. */
function productInputOf(r: BulkRow) {
  return {
    title: r.get('title'),
    description: r.get('description'),
    category: r.get('category'),
    brand: r.get('brand'),
    section: r.get('section'),
    hsn: r.get('hsn'),
    price: r.get('price'),
    // A spreadsheet's empty cell: not on sale (the form's 0), not a missing value.
    salePrice: r.get('salePrice').trim() === '' ? '0' : r.get('salePrice'),
    totalStock: r.get('totalStock'),
    maxPerOrder: r.get('maxPerOrder'),
    images: r
      .get('images')
      .split(BULK_IMAGE_SEPARATOR)
      .map((url) => url.trim())
      .filter(Boolean),
    declarations: {
      manufacturerName: r.get('manufacturerName'),
      manufacturerAddress: r.get('manufacturerAddress'),
      packerRole: r.get('packerRole'),
      packerName: r.get('packerName'),
      packerAddress: r.get('packerAddress'),
      countryOfOrigin: r.get('countryOfOrigin'),
      genericName: r.get('genericName'),
      netQuantity: r.get('netQuantity'),
      careName: r.get('careName'),
      careAddress: r.get('careAddress'),
      carePhone: r.get('carePhone'),
      careEmail: r.get('careEmail'),
    },
    warranty: { months: r.get('warrantyMonths'), by: r.get('warrantyBy') },
  }
}

/** The file's column a field of the form's values came from. */
function columnOf(path: readonly PropertyKey[]): string {
  const [first, second] = path
  if (first === 'declarations' && typeof second === 'string') return second
  if (first === 'warranty') return second === 'by' ? 'warrantyBy' : 'warrantyMonths'
  if (first === 'image' || first === 'images') return 'images'
  return String(first ?? '')
}

/** A checked row, ready to be written. */
interface ReadyRow {
  row: number
  values: ProductValues
  sku: string | null
  product: KnownProduct | null
}

/**
 * Adds and changes a seller's products from a CSV file (docs/decisions/095-bulk-product-csv.md).
 * Every row is checked as the product form is (the same `productBody`; declarations required of
 * new products and of those that have them), its images must be in the shop's storage, and the
 * product it names must be the file seller's. Rows with a problem are reported with their row
 * and column and left out; the others are saved, each whole or not at all, a batch per
 * transaction. A dry run checks and counts, and saves nothing.
 */
export async function importProducts(
  db: Db,
  storage: Storage,
  user: SessionUser,
  input: { csv: string; dryRun: boolean; sellerId?: string },
  at: Date,
): Promise<BulkResult> {
  const sellerId = await sellerOfFile(db, user, input.sellerId)
  const file = readBulkFile(input.csv, PRODUCT_CSV_COLUMNS)
  const errors: BulkRowError[] = [...file.errors]
  const rows = file.rows.filter((r) => !r.refused)
  const skus = rows.map((r) => skuField.safeParse(r.get('sku')).data ?? '')
  const index = await indexProducts(
    db,
    sellerId,
    rows.map((r) => r.get('id')),
    skus,
  )
  const options = await db
    .select({ kind: filterOptions.kind, value: filterOptions.value })
    .from(filterOptions)
  const has = (kind: 'category' | 'brand', value: string) =>
    options.some((o) => o.kind === kind && o.value === value)

  const mentioned = firstMention()
  const checked: (ReadyRow & { newImages: string[] })[] = []
  for (const r of rows) {
    const problems: BulkRowError[] = []
    const fail = (column: string | null, message: string) =>
      problems.push({ row: r.row, column, message })
    const sku = skuField.safeParse(r.get('sku'))
    if (!sku.success) fail('sku', sku.error.issues[0]?.message ?? 'SKU is not valid')
    const target = targetOf(
      index,
      user,
      sellerId,
      r.row,
      { id: r.get('id'), sku: sku.data ?? null },
      true,
    )
    const product = target.kind === 'update' ? target.product : null
    if (target.kind === 'refused') problems.push(target.error)
    if (product?.familyId) {
      fail('id', 'This product is a variant: change it in its product’s variants form')
    }
    const newSku = sku.data && sku.data !== product?.sku ? sku.data : null
    if (newSku && index.bySku.has(newSku)) fail('sku', 'Another of your products has this SKU')
    for (const [key, column] of [
      [product ? `id:${product.id}` : null, 'id'],
      [newSku ? `sku:${newSku}` : null, 'sku'],
    ] as const) {
      const earlier = key ? mentioned(key, r.row) : null
      if (earlier !== null) fail(column, `Row ${earlier} already names this product`)
    }

    const parsed = productBody.safeParse(productInputOf(r))
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const n = issue.path[0] === 'images' ? issue.path[1] : undefined
        const which = typeof n === 'number' ? ` (image ${n + 1})` : ''
        fail(columnOf(issue.path), issue.message + which)
      }
    } else {
      const values = parsed.data
      // New products are listed at once, so they need every declaration; a product that has them
      // keeps them (decision 066).
      if (!product || product.declarationsComplete) {
        for (const p of declarationProblems(values.declarations, values.warranty))
          fail(columnOf(p.path), p.message)
      }
      if (!has('category', values.category))
        fail('category', 'Category is not one of the shop’s categories')
      if (!has('brand', values.brand)) fail('brand', 'Brand is not one of the shop’s brands')
      if (problems.length === 0) {
        const known = product ? [product.image, ...product.extraImages] : []
        const newImages = (values.images ?? [values.image]).filter((u) => !known.includes(u))
        checked.push({ row: r.row, values, sku: sku.data ?? null, product, newImages })
      }
    }
    errors.push(...problems)
  }

  const stored = await storedImages(
    storage,
    checked.flatMap((c) => c.newImages),
  )
  const ready: ReadyRow[] = []
  for (const c of checked) {
    const missing = c.newImages.filter((url) => !stored.has(url))
    if (missing.length === 0) ready.push(c)
    for (const url of missing) {
      errors.push({
        row: c.row,
        column: 'images',
        message: `${url} is not an image uploaded to the shop: upload it first (images from other sites are not taken)`,
      })
    }
  }

  let created = ready.filter((r) => !r.product).length
  let updated = ready.length - created
  if (!input.dryRun) {
    const applied = await applyInBatches(db, sellerId, ready, async (tx, item) => {
      const { values, product } = item
      if (!product) {
        const [row] = await tx
          .insert(products)
          .values({
            ...columnsOf(values),
            ...placement(user, values.section, null),
            sellerId,
            sku: item.sku,
            listed: false,
          })
          .returning({ id: products.id })
        if (!row) throw new Error('product insert returned nothing')
        return row.id
      }
      const [row] = await tx
        .update(products)
        .set({
          ...columnsOf(values, product.extraImages),
          ...placement(user, values.section, product),
          // A blank SKU keeps the product's: only a SKU given changes it.
          sku: item.sku ?? product.sku,
          listed: false,
          updatedAt: at,
        })
        .where(
          and(
            eq(products.id, product.id),
            eq(products.sellerId, sellerId),
            isNull(products.deletedAt),
          ),
        )
        .returning({ id: products.id })
      return (
        row?.id ?? { row: item.row, column: 'id', message: 'The product was deleted meanwhile' }
      )
    })
    errors.push(...applied.errors)
    created = applied.written.filter((r) => !r.product).length
    updated = applied.written.length - created
  }

  errors.sort((a, b) => a.row - b.row)
  const failed = new Set(errors.map((e) => e.row)).size
  return {
    dryRun: input.dryRun,
    rows: file.rows.length,
    created,
    updated,
    failed,
    errors,
    errorReport: errorReport(file, errors),
  }
}
