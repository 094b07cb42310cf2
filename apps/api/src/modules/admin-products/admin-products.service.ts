import type {
  AdminProduct,
  AdminProductList,
  AdminProductsQuery,
  ProductValues,
  SessionUser,
} from '@techbazaar/shared'
import { declarationProblems, rupeesToPaise } from '@techbazaar/shared'
import { and, count, desc, eq, ilike, isNotNull, isNull, not, or, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { filterOptions, products, users } from '../../db/schema'
import { badRequest, forbidden, notFound } from '../../lib/errors'
import { likeContaining } from '../../lib/like'
import type { Storage } from '../../lib/storage'
import {
  declarationColumns,
  productColumns,
  refreshFamilies,
  toDeclarations,
  toProduct,
} from '../catalog'
import { relistProducts } from '../vendors'
import { placement } from './placement'

const adminColumns = {
  ...productColumns,
  ...declarationColumns,
  listed: products.listed,
  sellerId: products.sellerId,
  hsn: products.hsn,
  declarationsComplete: products.declarationsComplete,
  suggestedSection: products.suggestedSection,
  extraImages: products.extraImages,
  familyId: products.familyId,
}

/** How products read in the back office: the shop's limit per order and the marketplace's name. */
export interface ProductShape {
  /** The shop's limit per order, for products without one of their own. */
  maxPerProduct: number
  /** Shown as the seller of the marketplace's own goods. */
  marketplaceName: string
}

async function selectProducts(
  db: Db | Tx,
  where: SQL | undefined,
  shape: ProductShape,
  page?: { limit: number; offset: number },
): Promise<AdminProduct[]> {
  const query = db
    .select(adminColumns)
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(and(isNull(products.deletedAt), where))
    .orderBy(desc(products.createdAt), desc(products.id))
  const rows = await (page ? query.limit(page.limit).offset(page.offset) : query)
  return rows.map((row) => ({
    ...toProduct(row, shape.maxPerProduct, shape.marketplaceName),
    ...toDeclarations(row),
    images: [row.image, ...row.extraImages],
    listed: row.listed,
    maxPerOrder: row.maxPerOrder,
    hsn: row.hsn,
    declarationsComplete: row.declarationsComplete,
    suggestedSection: row.suggestedSection,
    familyId: row.familyId,
  }))
}

const STATUS_FILTERS: Record<NonNullable<AdminProductsQuery['status']>, SQL> = {
  listed: eq(products.listed, true),
  hidden: eq(products.listed, false),
  incomplete: eq(products.declarationsComplete, false),
  'out-of-stock': eq(products.totalStock, 0),
  suggested: isNotNull(products.suggestedSection),
}

/**
 * What the back office's search box matches: part of the title or the brand, ignoring case.
 * Both have trigram indexes, so a million products are searched without reading them all.
 */
function productSearch(q: string): SQL {
  const pattern = likeContaining(q)
  return or(ilike(products.title, pattern), ilike(products.brand, pattern))!
}

async function countProducts(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(and(isNull(products.deletedAt), where))
  return row?.n ?? 0
}

/**
 * The back office's product list, one page: a seller always gets only its own products
 * (whatever `userName` or `sellerId` say); an admin gets all, or one seller's by id or user name.
 * Deleted ones are
 * gone. `incomplete` counts the products whose declarations are missing among the seller's (or
 * all), whatever the other filters, for the banner that asks for them.
 */
export async function listAdminProducts(
  db: Db,
  user: SessionUser,
  shape: ProductShape,
  query: AdminProductsQuery,
): Promise<Omit<AdminProductList, 'success'>> {
  const owner =
    user.type === 'vendor'
      ? eq(products.sellerId, user.id)
      : and(
          query.sellerId ? eq(products.sellerId, query.sellerId) : undefined,
          query.userName ? eq(users.userName, query.userName) : undefined,
        )
  const where = and(
    owner,
    query.q ? productSearch(query.q) : undefined,
    query.status ? STATUS_FILTERS[query.status] : undefined,
  )
  const [data, total, incomplete, suggested] = await Promise.all([
    selectProducts(db, where, shape, {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    }),
    countProducts(db, where),
    countProducts(db, and(owner, not(products.declarationsComplete))),
    countProducts(db, and(owner, isNotNull(products.suggestedSection))),
  ])
  return { data, total, page: query.page, limit: query.limit, incomplete, suggested }
}

/**
 * Category and brand must be admin-managed options; every image new to the product must be one
 * we stored (the ones it already has were checked when they were added).
 */
async function checkReferences(
  db: Db,
  storage: Storage,
  input: ProductValues,
  previousImages: readonly string[] = [],
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
  const added = (input.images ?? [input.image]).filter((url) => !previousImages.includes(url))
  const stored = await Promise.all(added.map((url) => storage.exists(url)))
  if (stored.includes(false)) {
    errors.push({
      path: input.images ? 'images' : 'image',
      message: added.length > 1 ? 'Images must be uploaded first' : 'Image must be uploaded first',
    })
  }
  const first = errors[0]
  if (first) throw badRequest(first.message, errors)
}

/**
 * The images after the cover: the sent gallery's, or (a client that sent only the cover) the
 * product's own others, without the new cover should it have been one of them (decision 091).
 */
function extraImagesOf(input: ProductValues, current: readonly string[]): string[] {
  if (input.images) return input.images.slice(1)
  return current.filter((url) => url !== input.image)
}

/** A product's columns from the form's values (the bulk file's rows too). */
export function columnsOf(input: ProductValues, currentExtraImages: readonly string[] = []) {
  return {
    title: input.title,
    description: input.description,
    image: input.image,
    extraImages: extraImagesOf(input, currentExtraImages),
    category: input.category,
    brand: input.brand,
    hsn: input.hsn,
    pricePaise: rupeesToPaise(input.price),
    salePricePaise: rupeesToPaise(input.salePrice),
    totalStock: input.totalStock,
    maxPerOrder: input.maxPerOrder,
    ...input.declarations,
    warrantyMonths: input.warranty.months,
    warrantyBy: input.warranty.by,
  }
}

export async function getOne(db: Db | Tx, id: string, shape: ProductShape): Promise<AdminProduct> {
  const [product] = await selectProducts(db, eq(products.id, id), shape)
  if (!product) throw notFound('Product not found')
  return product
}

/** 400 naming every missing declaration (the route's `newProductBody` already asks for them). */
function requireDeclarations(input: ProductValues) {
  const problems = declarationProblems(input.declarations, input.warranty)
  const first = problems[0]
  if (first) {
    throw badRequest(
      first.message,
      problems.map((p) => ({ path: p.path.join('.'), message: p.message })),
    )
  }
}

/**
 * Adds a product sold by the signed-in admin or seller, with its declarations complete; listed
 * when that seller may sell (`relistProducts`), in one transaction.
 */
export async function addProduct(
  db: Db,
  storage: Storage,
  user: SessionUser,
  input: ProductValues,
  shape: ProductShape,
): Promise<AdminProduct> {
  requireDeclarations(input)
  await checkReferences(db, storage, input)
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(products)
      .values({
        ...columnsOf(input),
        ...placement(user, input.section, null),
        sellerId: user.id,
        listed: false,
      })
      .returning({ id: products.id })
    if (!row) throw new Error('product insert returned nothing')
    await relistProducts(tx, user.id, row.id)
    return row.id
  })
  return getOne(db, id, shape)
}

/** The live product `id` if `user` may change it (its seller, or an admin), else 404/403. */
async function ownedProduct(db: Db, user: SessionUser, id: string) {
  const [row] = await db
    .select({
      sellerId: products.sellerId,
      image: products.image,
      extraImages: products.extraImages,
      declarationsComplete: products.declarationsComplete,
      section: products.section,
      suggestedSection: products.suggestedSection,
      familyId: products.familyId,
    })
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
  if (!row) throw notFound('Product not found')
  if (user.type !== 'admin' && row.sellerId !== user.id) {
    throw forbidden('You can only change your own products')
  }
  return row
}

/**
 * Edits a product; `listed` follows its seller's standing (not the editor's) and its
 * declarations. A product from before the declarations may be saved without them (it stays
 * hidden); one whose declarations are complete keeps them complete, so an edit never hides a
 * listed product by a blanked field (decision 066).
 */
export async function editProduct(
  db: Db,
  storage: Storage,
  user: SessionUser,
  id: string,
  input: ProductValues,
  shape: ProductShape,
  at: Date,
): Promise<AdminProduct> {
  const current = await ownedProduct(db, user, id)
  if (current.declarationsComplete) requireDeclarations(input)
  await checkReferences(db, storage, input, [current.image, ...current.extraImages])
  await db.transaction(async (tx) => {
    await tx
      .update(products)
      .set({
        ...columnsOf(input, current.extraImages),
        ...placement(user, input.section, current),
        listed: false,
        updatedAt: at,
      })
      .where(eq(products.id, id))
    await relistProducts(tx, current.sellerId, id)
  })
  return getOne(db, id, shape)
}

/** Soft delete: past orders keep their lines; the shop and the back office stop showing it. */
export async function deleteProduct(
  db: Db,
  user: SessionUser,
  id: string,
  at: Date,
): Promise<void> {
  const current = await ownedProduct(db, user, id)
  await db.transaction(async (tx) => {
    await tx
      .update(products)
      .set({ deletedAt: at, listed: false, familyLead: false, updatedAt: at })
      .where(eq(products.id, id))
    // A removed variant leaves its family's range and lead (decision 090).
    if (current.familyId) await refreshFamilies(tx, [current.familyId])
  })
}
