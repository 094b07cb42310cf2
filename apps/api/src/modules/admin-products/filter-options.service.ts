import type { FilterKind } from '@techbazaar/shared'
import { and, count, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { filterOptions, products } from '../../db/schema'
import { conflict, notFound } from '../../lib/errors'

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

/**
 * Removes a category or brand from the filter lists (decision 085). Refused with 409 naming
 * the count while products that are not deleted (listed or hidden) still use it: an edit of
 * such a product would fail on an option it cannot pick any more. Deleted products keep their
 * text, as past orders do. The filter_options trigger empties the catalog cache on commit.
 */
export async function removeFilterOption(db: Db, kind: FilterKind, value: string) {
  const column = kind === 'category' ? products.category : products.brand
  await db.transaction(async (tx) => {
    const [used] = await tx
      .select({ n: count() })
      .from(products)
      .where(and(eq(column, value), isNull(products.deletedAt)))
    const n = used?.n ?? 0
    if (n > 0) {
      throw conflict(
        `${n} ${n === 1 ? 'product uses' : 'products use'} the ${kind} “${value}”; move ${n === 1 ? 'it' : 'them'} to another ${kind} or delete ${n === 1 ? 'it' : 'them'} first`,
      )
    }
    const removed = await tx
      .delete(filterOptions)
      .where(and(eq(filterOptions.kind, kind), eq(filterOptions.value, value)))
      .returning({ id: filterOptions.id })
    if (removed.length === 0) throw notFound(`There is no ${kind} “${value}”`)
  })
}
