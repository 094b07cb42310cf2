import { inArray, sql } from 'drizzle-orm'
import type { Tx } from '../client'
import { productFamilies, products } from '../schema'
import { refreshFamilies } from '../../modules/catalog'
import { SEED_FAMILIES, familyProducts, seedSku } from './catalog-families'

/**
 * Groups the seeded variant rows into their families (decision 090): one family row each, the
 * variants' family, option values and SKU set, then each family's lead and summary computed as
 * the family service does.
 */
export async function seedFamilies(
  tx: Tx,
  rows: readonly { id: string; title: string; sellerId: string }[],
): Promise<void> {
  const byTitle = new Map(rows.map((row) => [row.title, row]))
  const familyIds: string[] = []
  for (const family of SEED_FAMILIES) {
    const variants = familyProducts(family).map((p) => {
      const row = byTitle.get(p.title)
      if (!row || !p.family) throw new Error(`seed: no variant ${p.title}`)
      return { row, values: p.family.values }
    })
    const sellerId = variants[0]?.row.sellerId
    if (!sellerId) throw new Error(`seed: family ${family.key} has no variants`)
    const [created] = await tx
      .insert(productFamilies)
      .values({ sellerId, title: family.base.title, options: family.options })
      .returning({ id: productFamilies.id })
    if (!created) throw new Error('seed: family insert returned nothing')
    familyIds.push(created.id)
    // One statement per family: each row's values come from a VALUES list joined by id.
    const values = sql.join(
      variants.map(
        ({ row, values: v }) =>
          sql`(${row.id}::uuid, ${JSON.stringify(v)}::jsonb, ${seedSku(family.key, v)})`,
      ),
      sql`, `,
    )
    await tx.execute(sql`
      UPDATE ${products} SET family_id = ${created.id}, option_values = v.option_values, sku = v.sku
      FROM (VALUES ${values}) AS v(id, option_values, sku)
      WHERE ${products.id} = v.id`)
    // Checked, so a title typo cannot leave a variant outside its family.
    const grouped = await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.familyId, [created.id]))
    if (grouped.length !== variants.length) throw new Error(`seed: family ${family.key} split`)
  }
  await refreshFamilies(tx, familyIds)
}
