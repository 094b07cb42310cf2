import type { AdminFamily, FamilyValues, SessionUser, VariantRowValues } from '@techbazaar/shared'
import {
  byOptionOrder,
  declarationProblems,
  paiseToRupees,
  rupeesToPaise,
  variantTitle,
} from '@techbazaar/shared'
import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { filterOptions, productFamilies, products } from '../../db/schema'
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors'
import type { Storage } from '../../lib/storage'
import { relistProducts } from '../vendors'
import { placement } from './placement'

type Problem = { path: string; message: string }

function fail(problems: Problem[]): void {
  const first = problems[0]
  if (first) throw badRequest(first.message, problems)
}

/**
 * What the database must confirm of a family: its category and brand are the shop's, each new
 * image was uploaded, and no SKU is another live product's of the same seller.
 */
async function checkFamily(
  db: Db,
  storage: Storage,
  sellerId: string,
  input: FamilyValues,
  known: { familyId?: string; images: ReadonlySet<string> },
) {
  const options = await db
    .select({ kind: filterOptions.kind, value: filterOptions.value })
    .from(filterOptions)
  const has = (kind: 'category' | 'brand', value: string) =>
    options.some((o) => o.kind === kind && o.value === value)
  const problems: Problem[] = []
  if (!has('category', input.product.category))
    problems.push({
      path: 'product.category',
      message: 'Category is not one of the shop’s categories',
    })
  if (!has('brand', input.product.brand))
    problems.push({ path: 'product.brand', message: 'Brand is not one of the shop’s brands' })
  for (const [i, row] of input.variants.entries()) {
    if (!known.images.has(row.image) && !(await storage.exists(row.image)))
      problems.push({ path: `variants.${i}.image`, message: 'Image must be uploaded first' })
  }
  const skus = input.variants.flatMap((row) => (row.sku ? [row.sku] : []))
  if (skus.length) {
    const taken = await db
      .select({ sku: products.sku })
      .from(products)
      .where(
        and(
          eq(products.sellerId, sellerId),
          inArray(products.sku, skus),
          isNull(products.deletedAt),
          known.familyId ? ne(products.familyId, known.familyId) : undefined,
        ),
      )
    const takenSet = new Set(taken.map((row) => row.sku))
    input.variants.forEach((row, i) => {
      if (row.sku && takenSet.has(row.sku))
        problems.push({
          path: `variants.${i}.sku`,
          message: 'Another of your products has this SKU',
        })
    })
  }
  fail(problems)
}

/** The columns every variant of the family shares, and one variant's own. */
function sharedColumns(input: FamilyValues) {
  const p = input.product
  return {
    description: p.description,
    category: p.category,
    brand: p.brand,
    maxPerOrder: p.maxPerOrder,
    ...p.declarations,
    warrantyMonths: p.warranty.months,
    warrantyBy: p.warranty.by,
  }
}

function variantColumns(input: FamilyValues, row: VariantRowValues) {
  return {
    title: variantTitle(input.product.title, input.options, row.optionValues),
    optionValues: row.optionValues,
    sku: row.sku,
    image: row.image,
    hsn: row.hsn ?? input.product.hsn,
    pricePaise: rupeesToPaise(row.price),
    salePricePaise: rupeesToPaise(row.salePrice),
    totalStock: row.totalStock,
  }
}

/** Two requests racing for one SKU: the unique index answers, as a 409. */
async function skuGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (e) {
    const code = (e as { code?: unknown; cause?: { code?: unknown } }).code
    const causeCode = (e as { cause?: { code?: unknown } }).cause?.code
    if (code === '23505' || causeCode === '23505')
      throw new AppError(409, 'Another of your products has one of these SKUs')
    throw e
  }
}

/**
 * Adds a family with its variants, sold by the signed-in admin or seller, with its declarations
 * complete; each variant is listed when its seller may sell (`relistProducts`).
 */
export async function addFamily(
  db: Db,
  storage: Storage,
  user: SessionUser,
  input: FamilyValues,
): Promise<AdminFamily> {
  fail(
    declarationProblems(input.product.declarations, input.product.warranty).map((p) => ({
      path: ['product', ...p.path].join('.'),
      message: p.message,
    })),
  )
  await checkFamily(db, storage, user.id, input, { images: new Set() })
  const familyId = await skuGuard(() =>
    db.transaction(async (tx) => {
      const [family] = await tx
        .insert(productFamilies)
        .values({ sellerId: user.id, title: input.product.title, options: input.options })
        .returning({ id: productFamilies.id })
      if (!family) throw new Error('family insert returned nothing')
      const place = placement(user, input.product.section, null)
      const ids = await tx
        .insert(products)
        .values(
          input.variants.map((row) => ({
            ...sharedColumns(input),
            ...variantColumns(input, row),
            ...place,
            familyId: family.id,
            sellerId: user.id,
            listed: false,
          })),
        )
        .returning({ id: products.id })
      await relistProducts(
        tx,
        user.id,
        ids.map((row) => row.id),
      )
      return family.id
    }),
  )
  return getFamily(db, user, familyId)
}

/** The family `id` if `user` may change it (its seller, or an admin), else 404/403. */
async function ownedFamily(db: Db | Tx, user: SessionUser, id: string) {
  const [family] = await db.select().from(productFamilies).where(eq(productFamilies.id, id))
  if (!family) throw notFound('Product family not found')
  if (user.type !== 'admin' && family.sellerId !== user.id)
    throw forbidden('You can only change your own products')
  return family
}

/** A family with its live variants, as the back office's form starts from. */
export async function getFamily(db: Db, user: SessionUser, id: string): Promise<AdminFamily> {
  const family = await ownedFamily(db, user, id)
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.familyId, id), isNull(products.deletedAt)))
    .orderBy(asc(products.createdAt), asc(products.id))
  return {
    id: family.id,
    title: family.title,
    options: family.options,
    variants: rows
      .map((row) => ({
        _id: row.id,
        optionValues: row.optionValues ?? {},
        sku: row.sku,
        image: row.image,
        price: paiseToRupees(row.pricePaise),
        salePrice: paiseToRupees(row.salePricePaise),
        totalStock: row.totalStock,
        hsn: row.hsn,
        listed: row.listed,
      }))
      .sort(byOptionOrder(family.options)),
  }
}

/**
 * Saves a family's form: the shared fields go to every variant (so they stay equal), rows with
 * an id edit that variant, rows without one add a variant, and live variants missing from the
 * rows are removed (the soft delete of a product: past orders keep their lines). A family whose
 * variants had complete declarations keeps them complete (as `editProduct`, decision 066).
 */
export async function editFamily(
  db: Db,
  storage: Storage,
  user: SessionUser,
  id: string,
  input: FamilyValues,
  at: Date,
): Promise<AdminFamily> {
  const family = await ownedFamily(db, user, id)
  const current = await db
    .select({
      id: products.id,
      image: products.image,
      section: products.section,
      suggestedSection: products.suggestedSection,
      declarationsComplete: products.declarationsComplete,
    })
    .from(products)
    .where(and(eq(products.familyId, id), isNull(products.deletedAt)))
  const byId = new Map(current.map((row) => [row.id, row]))
  const problems: Problem[] = []
  input.variants.forEach((row, i) => {
    if (row.id && !byId.has(row.id))
      problems.push({
        path: `variants.${i}.id`,
        message: 'This variant is not one of the product’s',
      })
  })
  if (current.some((row) => row.declarationsComplete)) {
    for (const p of declarationProblems(input.product.declarations, input.product.warranty))
      problems.push({ path: ['product', ...p.path].join('.'), message: p.message })
  }
  fail(problems)
  await checkFamily(db, storage, family.sellerId, input, {
    familyId: id,
    images: new Set(current.map((row) => row.image)),
  })
  const kept = new Set(input.variants.flatMap((row) => (row.id ? [row.id] : [])))
  const removed = current.filter((row) => !kept.has(row.id)).map((row) => row.id)
  const first = current[0] ?? null
  const place = placement(user, input.product.section, first)
  await skuGuard(() =>
    db.transaction(async (tx) => {
      await tx
        .update(productFamilies)
        .set({ title: input.product.title, options: input.options, updatedAt: at })
        .where(eq(productFamilies.id, id))
      if (removed.length) {
        // Removed first, so a new row may take a removed one's SKU.
        await tx
          .update(products)
          .set({ deletedAt: at, listed: false, familyLead: false, updatedAt: at })
          .where(inArray(products.id, removed))
      }
      const ids: string[] = []
      for (const row of input.variants) {
        const values = { ...sharedColumns(input), ...variantColumns(input, row), ...place }
        if (row.id) {
          await tx
            .update(products)
            .set({ ...values, listed: false, updatedAt: at })
            .where(eq(products.id, row.id))
          ids.push(row.id)
        } else {
          const [added] = await tx
            .insert(products)
            .values({ ...values, familyId: id, sellerId: family.sellerId, listed: false })
            .returning({ id: products.id })
          if (added) ids.push(added.id)
        }
      }
      await relistProducts(tx, family.sellerId, ids)
    }),
  )
  return getFamily(db, user, id)
}
