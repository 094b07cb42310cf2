import type { BulkRowError, SessionUser } from '@techbazaar/shared'
import { and, eq, inArray, isNull, or } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { products, users } from '../../db/schema'
import { badRequest } from '../../lib/errors'

/** A live product a bulk row may name, with what a change of it needs to know. */
export interface KnownProduct {
  id: string
  sellerId: string
  sku: string | null
  image: string
  extraImages: string[]
  declarationsComplete: boolean
  section: (typeof products.$inferSelect)['section']
  suggestedSection: (typeof products.$inferSelect)['suggestedSection']
  familyId: string | null
  pricePaise: number
  salePricePaise: number
  totalStock: number
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Whose products a bulk file holds: a seller's own, always (a `sellerId` it sends is ignored, as
 * the product list ignores it); for an admin, the seller it names, or itself (the marketplace's
 * own goods, as the product form adds them). Every row is held to that one seller.
 */
export async function sellerOfFile(
  db: Db,
  user: SessionUser,
  sellerId: string | undefined,
): Promise<string> {
  if (user.type !== 'admin' || !sellerId || sellerId === user.id) return user.id
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, sellerId), eq(users.type, 'vendor')))
  if (!row)
    throw badRequest('sellerId is not a seller', [{ path: 'sellerId', message: 'Unknown seller' }])
  return row.id
}

/** The products a file's rows name, by id (any seller's, to tell "not yours" from "none") and by SKU (the seller's). */
export interface ProductIndex {
  byId: ReadonlyMap<string, KnownProduct>
  bySku: ReadonlyMap<string, KnownProduct>
}

export async function indexProducts(
  db: Db,
  sellerId: string,
  ids: readonly string[],
  skus: readonly string[],
): Promise<ProductIndex> {
  const validIds = [...new Set(ids.filter((id) => UUID.test(id)))]
  const uniqueSkus = [...new Set(skus.filter(Boolean))]
  const byId = new Map<string, KnownProduct>()
  const bySku = new Map<string, KnownProduct>()
  if (validIds.length === 0 && uniqueSkus.length === 0) return { byId, bySku }
  // In slices: PostgreSQL takes at most 65,535 parameters in one statement.
  for (let i = 0; i < Math.max(validIds.length, uniqueSkus.length); i += 1000) {
    const idSlice = validIds.slice(i, i + 1000)
    const skuSlice = uniqueSkus.slice(i, i + 1000)
    const rows = await db
      .select({
        id: products.id,
        sellerId: products.sellerId,
        sku: products.sku,
        image: products.image,
        extraImages: products.extraImages,
        declarationsComplete: products.declarationsComplete,
        section: products.section,
        suggestedSection: products.suggestedSection,
        familyId: products.familyId,
        pricePaise: products.pricePaise,
        salePricePaise: products.salePricePaise,
        totalStock: products.totalStock,
      })
      .from(products)
      .where(
        and(
          isNull(products.deletedAt),
          or(
            idSlice.length ? inArray(products.id, idSlice) : undefined,
            skuSlice.length
              ? and(eq(products.sellerId, sellerId), inArray(products.sku, skuSlice))
              : undefined,
          ),
        ),
      )
    for (const row of rows) {
      byId.set(row.id, row)
      if (row.sku && row.sellerId === sellerId) bySku.set(row.sku, row)
    }
  }
  return { byId, bySku }
}

export type Target =
  | { kind: 'update'; product: KnownProduct }
  | { kind: 'create' }
  | { kind: 'refused'; error: BulkRowError }

/**
 * What a row's `id` and `sku` name: the product with that id (which must be the file seller's),
 * else the seller's product with that SKU, else nothing (a new product, when `mayCreate`).
 */
export function targetOf(
  index: ProductIndex,
  user: SessionUser,
  sellerId: string,
  row: number,
  key: { id: string; sku: string | null },
  mayCreate: boolean,
): Target {
  const refuse = (column: string | null, message: string): Target => ({
    kind: 'refused',
    error: { row, column, message },
  })
  if (key.id) {
    const product = UUID.test(key.id) ? index.byId.get(key.id.toLowerCase()) : undefined
    if (!product) return refuse('id', 'No product has this id (leave it blank to add one)')
    if (product.sellerId !== sellerId) {
      return refuse(
        'id',
        user.type === 'admin'
          ? 'This product is another seller’s: choose that seller to change it'
          : 'You can only change your own products',
      )
    }
    return { kind: 'update', product }
  }
  const bySku = key.sku ? index.bySku.get(key.sku) : undefined
  if (bySku) return { kind: 'update', product: bySku }
  if (!mayCreate) {
    return refuse(
      key.sku ? 'sku' : 'id',
      key.sku ? 'None of the products has this SKU' : 'Give the product’s id or SKU',
    )
  }
  return { kind: 'create' }
}

/**
 * Refuses the second row that names a product (or a new SKU) the file already named: two rows
 * changing one product would leave whichever ran last, which the seller cannot tell from the file.
 */
export function firstMention() {
  const seen = new Map<string, number>()
  return (key: string, row: number): number | null => {
    const earlier = seen.get(key)
    if (earlier !== undefined) return earlier
    seen.set(key, row)
    return null
  }
}
