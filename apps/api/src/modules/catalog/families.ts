import type { FamilySummary, ProductFamily } from '@techbazaar/shared'
import { byOptionOrder, optionKey, paiseToRupees, productPath } from '@techbazaar/shared'
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { productFamilies, products, type FamilyListingSummary } from '../../db/schema'

/** A family's card as stored: its title and `summary` (paise). */
export type FamilyCard = FamilyListingSummary & { title: string }

/**
 * The listing card of a lead row's family, read by primary key per row of the page (24 rows);
 * null for products without one and for a family none of whose variants is listed.
 */
export const familyCard = sql<FamilyCard | null>`(SELECT CASE WHEN ${productFamilies.summary} IS NULL THEN NULL ELSE ${productFamilies.summary} || jsonb_build_object('title', ${productFamilies.title}) END FROM ${productFamilies} WHERE ${productFamilies.id} = ${products.familyId})`

export function toFamilySummary(card: FamilyCard): FamilySummary {
  return {
    title: card.title,
    minPrice: paiseToRupees(card.minPricePaise),
    maxPrice: paiseToRupees(card.maxPricePaise),
    swatches: card.swatches,
    variantCount: card.variantCount,
  }
}

/** A product's family for its detail: the options and every listed variant (the picker's data). */
export async function productFamilyOf(db: Db, familyId: string): Promise<ProductFamily> {
  const [family] = await db
    .select({ title: productFamilies.title, options: productFamilies.options })
    .from(productFamilies)
    .where(eq(productFamilies.id, familyId))
  if (!family) throw new Error(`family ${familyId} of a listed product is missing`)
  const rows = await db
    .select({
      id: products.id,
      shortId: products.shortId,
      title: products.title,
      optionValues: products.optionValues,
      pricePaise: products.pricePaise,
      salePricePaise: products.salePricePaise,
      inStock: products.inStock,
      image: products.image,
    })
    .from(products)
    .where(and(eq(products.familyId, familyId), eq(products.listed, true)))
    .orderBy(asc(products.createdAt), asc(products.id))
  return {
    id: familyId,
    title: family.title,
    options: family.options.map((o) => ({
      name: o.name,
      values: o.values.map((v) => ({ value: v.value, swatch: v.swatch })),
    })),
    variants: rows
      .map((row) => ({
        _id: row.id,
        shortId: row.shortId,
        path: productPath(row),
        optionValues: row.optionValues ?? {},
        price: paiseToRupees(row.pricePaise),
        salePrice: paiseToRupees(row.salePricePaise),
        inStock: row.inStock,
        image: row.image,
      }))
      .sort(byOptionOrder(family.options)),
  }
}

/**
 * Keeps each named family's listing in step with its variants (decision 090): the lead is its
 * cheapest listed variant with stock (else its cheapest listed one), the only variant whose
 * `family_lead` is true and which carries the family's option keys; the family's `summary` holds
 * the listed variants' price range and colour swatches (null when none is listed). Called by
 * every write that changes a variant's price, stock by a form, listing or deletion.
 */
export async function refreshFamilies(db: Db | Tx, familyIds: readonly string[]): Promise<void> {
  for (const familyId of new Set(familyIds)) {
    const [family] = await db
      .select({ options: productFamilies.options })
      .from(productFamilies)
      .where(eq(productFamilies.id, familyId))
    if (!family) continue
    const listed = await db
      .select({
        id: products.id,
        price: products.effectivePricePaise,
        optionValues: products.optionValues,
      })
      .from(products)
      .where(
        and(eq(products.familyId, familyId), eq(products.listed, true), isNull(products.deletedAt)),
      )
      .orderBy(desc(products.inStock), asc(products.effectivePricePaise), asc(products.createdAt))
    const lead = listed[0]
    const keys = new Set<string>()
    const colours = new Set<string>()
    for (const row of listed) {
      for (const [name, value] of Object.entries(row.optionValues ?? {})) {
        keys.add(optionKey(name, value))
        if (name === 'Colour') colours.add(value)
      }
    }
    const swatches = (family.options.find((o) => o.name === 'Colour')?.values ?? [])
      .filter((v) => colours.has(v.value))
      .map((v) => ({ value: v.value, swatch: v.swatch }))
    const prices = listed.map((row) => row.price)
    // Only rows whose flag or keys change are written: most refreshes move nothing.
    await db
      .update(products)
      .set({ familyLead: false, familyOptionKeys: sql`'{}'::text[]` })
      .where(
        and(
          eq(products.familyId, familyId),
          lead ? sql`${products.id} <> ${lead.id}` : undefined,
          sql`(${products.familyLead} OR ${products.familyOptionKeys} <> '{}'::text[])`,
        ),
      )
    if (lead) {
      await db
        .update(products)
        .set({ familyLead: true, familyOptionKeys: [...keys].sort() })
        .where(eq(products.id, lead.id))
    }
    await db
      .update(productFamilies)
      .set({
        summary: lead
          ? {
              minPricePaise: Math.min(...prices),
              maxPricePaise: Math.max(...prices),
              swatches,
              variantCount: listed.length,
            }
          : null,
      })
      .where(eq(productFamilies.id, familyId))
  }
}

/**
 * The outbox's side of `queueFamilyLeadCheck` (kernel): the families' rows locked in id order,
 * as checkout and cancellations lock products, so an order taking a sibling meanwhile waits or
 * is waited for and never deadlocks with the refresh; then their leads and cards are made true.
 */
export async function refreshFamiliesLocked(db: Db, familyIds: readonly string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.familyId, [...familyIds]))
      .orderBy(asc(products.id))
      .for('update')
    await refreshFamilies(tx, familyIds)
  })
}

/** The families of a seller's live variants (or of the given products), for `refreshFamilies`. */
export async function familiesOf(
  db: Db | Tx,
  sellerId: string,
  productIds?: readonly string[],
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ familyId: products.familyId })
    .from(products)
    .where(
      and(
        eq(products.sellerId, sellerId),
        productIds ? inArray(products.id, [...productIds]) : undefined,
        sql`${products.familyId} IS NOT NULL`,
      ),
    )
  return rows.flatMap((row) => (row.familyId ? [row.familyId] : []))
}
