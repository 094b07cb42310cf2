import type { AdminProduct, ProductValues, SessionUser } from '@techbazaar/shared'
import { rupeesToPaise } from '@techbazaar/shared'
import { and, desc, eq, isNull, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { filterOptions, products, users, vendorProfiles } from '../../db/schema'
import { badRequest, forbidden, notFound } from '../../lib/errors'
import type { Storage } from '../../lib/storage'
import { productColumns, toProduct } from '../catalog'
import { sellerMaySell } from '../vendors'

const adminColumns = {
  ...productColumns,
  listed: products.listed,
  sellerId: products.sellerId,
  hsn: products.hsn,
}

/** `maxPerProduct`: the shop's limit per order, for products without one of their own. */
async function selectProducts(
  db: Db | Tx,
  where: SQL | undefined,
  maxPerProduct: number,
): Promise<AdminProduct[]> {
  const rows = await db
    .select(adminColumns)
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(and(isNull(products.deletedAt), where))
    .orderBy(desc(products.createdAt), desc(products.id))
  return rows.map((row) => ({
    ...toProduct(row, maxPerProduct),
    listed: row.listed,
    maxPerOrder: row.maxPerOrder,
    hsn: row.hsn,
  }))
}

/**
 * The back office's product list: a seller always gets only its own products (whatever
 * `userName` says); an admin gets all, or one seller's by user name. Deleted ones are gone.
 */
export function listAdminProducts(
  db: Db,
  user: SessionUser,
  maxPerProduct: number,
  userName?: string,
) {
  if (user.type === 'vendor') {
    return selectProducts(db, eq(products.sellerId, user.id), maxPerProduct)
  }
  return selectProducts(db, userName ? eq(users.userName, userName) : undefined, maxPerProduct)
}

/** Shoppers see a seller's products only while it may sell (decisions #3 and #44). */
export async function sellerIsListable(db: Db | Tx, sellerId: string): Promise<boolean> {
  const [row] = await db
    .select({
      type: users.type,
      status: vendorProfiles.status,
      gstNumber: vendorProfiles.gstNumber,
    })
    .from(users)
    .leftJoin(vendorProfiles, eq(vendorProfiles.userId, users.id))
    .where(eq(users.id, sellerId))
  return row?.type === 'admin' || (row?.type === 'vendor' && sellerMaySell(row))
}

/** Category and brand must be admin-managed options; the image must be one we stored. */
async function checkReferences(
  db: Db,
  storage: Storage,
  input: ProductValues,
  previousImage?: string,
) {
  const options = await db
    .select({ kind: filterOptions.kind, value: filterOptions.value })
    .from(filterOptions)
  const has = (kind: 'category' | 'brand', value: string) =>
    options.some((o) => o.kind === kind && o.value === value)
  const errors: { path: string; message: string }[] = []
  if (!has('category', input.category)) {
    errors.push({ path: 'category', message: 'Category is not one of the shop’s categories' })
  }
  if (!has('brand', input.brand)) {
    errors.push({ path: 'brand', message: 'Brand is not one of the shop’s brands' })
  }
  if (input.image !== previousImage && !(await storage.exists(input.image))) {
    errors.push({ path: 'image', message: 'Image must be uploaded first' })
  }
  const first = errors[0]
  if (first) throw badRequest(first.message, errors)
}

function columnsOf(input: ProductValues) {
  return {
    title: input.title,
    description: input.description,
    image: input.image,
    category: input.category,
    brand: input.brand,
    section: input.section,
    hsn: input.hsn,
    pricePaise: rupeesToPaise(input.price),
    salePricePaise: rupeesToPaise(input.salePrice),
    totalStock: input.totalStock,
    maxPerOrder: input.maxPerOrder,
  }
}

async function getOne(db: Db | Tx, id: string, maxPerProduct: number): Promise<AdminProduct> {
  const [product] = await selectProducts(db, eq(products.id, id), maxPerProduct)
  if (!product) throw notFound('Product not found')
  return product
}

/** Adds a product sold by the signed-in admin or seller; listed only if that seller is approved. */
export async function addProduct(
  db: Db,
  storage: Storage,
  user: SessionUser,
  input: ProductValues,
  maxPerProduct: number,
): Promise<AdminProduct> {
  await checkReferences(db, storage, input)
  const listed = await sellerIsListable(db, user.id)
  const [row] = await db
    .insert(products)
    .values({ ...columnsOf(input), sellerId: user.id, listed })
    .returning({ id: products.id })
  if (!row) throw new Error('product insert returned nothing')
  return getOne(db, row.id, maxPerProduct)
}

/** The live product `id` if `user` may change it (its seller, or an admin), else 404/403. */
async function ownedProduct(db: Db, user: SessionUser, id: string) {
  const [row] = await db
    .select({ sellerId: products.sellerId, image: products.image })
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
  if (!row) throw notFound('Product not found')
  if (user.type !== 'admin' && row.sellerId !== user.id) {
    throw forbidden('You can only change your own products')
  }
  return row
}

/** Edits a product; `listed` follows its seller's approval (not the editor's). */
export async function editProduct(
  db: Db,
  storage: Storage,
  user: SessionUser,
  id: string,
  input: ProductValues,
  maxPerProduct: number,
  at: Date,
): Promise<AdminProduct> {
  const current = await ownedProduct(db, user, id)
  await checkReferences(db, storage, input, current.image)
  const listed = await sellerIsListable(db, current.sellerId)
  await db
    .update(products)
    .set({ ...columnsOf(input), listed, updatedAt: at })
    .where(eq(products.id, id))
  return getOne(db, id, maxPerProduct)
}

/** Soft delete: past orders keep their lines; the shop and the back office stop showing it. */
export async function deleteProduct(
  db: Db,
  user: SessionUser,
  id: string,
  at: Date,
): Promise<void> {
  await ownedProduct(db, user, id)
  await db
    .update(products)
    .set({ deletedAt: at, listed: false, updatedAt: at })
    .where(eq(products.id, id))
}

/** Adds the category and brand to the filter lists when they are new; existing ones stay. */
export async function createFilterOptions(db: Db, input: { category: string; brand: string }) {
  await db
    .insert(filterOptions)
    .values([
      { kind: 'category', value: input.category },
      { kind: 'brand', value: input.brand },
    ])
    .onConflictDoNothing()
}
