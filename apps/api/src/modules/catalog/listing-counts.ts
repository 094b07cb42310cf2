import { LIMITS, type ListingFilters } from '@techbazaar/shared'
import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { listingCounts, listingOptionLabels, sectionKey } from '../../db/schema'
import type { FilterGroup } from './listing-where'

/**
 * The kept listing counts (decision 099): `listing_counts` holds, per category, section, brand,
 * stock and option key, how many listed products (family leads) there are, as rows that sum to
 * it; migration 0060's triggers add a row for each statement that changes a count, in the same
 * transaction, so a sum is exact at any snapshot. Reading them costs a pass over a few hundred
 * rows however large the catalog is; counting the products themselves is left to the filters
 * the kept counts cannot answer (price, rating, discount, variant options).
 */

/** The largest listing total counted per request; above it the total reads "10,000+". */
export const TOTAL_CAP = LIMITS.listingTotalCap
/** The largest facet count counted per request when a price, rating or discount filter is on. */
export const FACET_CAP = LIMITS.facetCountCap

/** The filters the kept counts cannot answer (each needs the products counted). */
export function hasRangeFilters(filters: ListingFilters): boolean {
  return (
    filters.minPrice != null ||
    filters.maxPrice != null ||
    filters.minRating != null ||
    filters.minDiscount != null
  )
}

/** Whether the listing's total is a sum of kept counts: no range filter and no option filter. */
export function keptCountable(filters: ListingFilters): boolean {
  return !hasRangeFilters(filters) && !filters.options?.length
}

const KEPT_COLUMNS = {
  category: listingCounts.category,
  brand: listingCounts.brand,
  section: listingCounts.section,
} as const

/**
 * The kept rows matching the filters' category, brand, section and stock choices, leaving one
 * group's choice out when asked; `optionKeys`: the products' own rows ('') or the option keys'.
 */
export function keptWhere(
  filters: ListingFilters,
  options: { except?: FilterGroup; optionKeys?: boolean } = {},
): SQL | undefined {
  return and(
    options.optionKeys ? ne(listingCounts.optionKey, '') : eq(listingCounts.optionKey, ''),
    ...(['category', 'brand', 'section'] as const).map((group) => {
      const values = filters[group]
      return group !== options.except && values?.length
        ? inArray(KEPT_COLUMNS[group], values)
        : undefined
    }),
    filters.inStock ? eq(listingCounts.inStock, true) : undefined,
  )
}

/** The listing's exact total from the kept counts (only when `keptCountable`). */
export function keptTotal(db: Db, filters: ListingFilters) {
  return db
    .select({ total: sql<number>`coalesce(sum(${listingCounts.n}), 0)::int`.as('total') })
    .from(listingCounts)
    .where(keptWhere(filters))
}

/**
 * The category, section and brand combinations holding listed products that match the filters'
 * choices of the three, as a subquery `c(category, brand, section)`, the section as
 * `sectionKey` spells it: each is one range of the `products_combo_*` indexes (decision 099).
 */
export function keptCombinations(filters: ListingFilters): SQL {
  return sql`(SELECT ${listingCounts.category} AS category, ${listingCounts.brand} AS brand,
      ${sectionKey(listingCounts.section)} AS section
    FROM ${listingCounts} WHERE ${keptWhere(filters)}
    GROUP BY 1, 2, 3 HAVING sum(${listingCounts.n}) > 0) AS c`
}

/**
 * One group's values holding listed products with the other groups' choices applied, as a
 * subquery `v(value)`, with each value's kept count as `n` (exact without range filters).
 */
export function keptGroupValues(filters: ListingFilters, group: FilterGroup): SQL {
  const column = KEPT_COLUMNS[group]
  return sql`(SELECT ${column} AS value, sum(${listingCounts.n})::int AS n
    FROM ${listingCounts} WHERE ${keptWhere(filters, { except: group })} AND ${column} IS NOT NULL
    GROUP BY 1 HAVING sum(${listingCounts.n}) > 0) AS v`
}

/** Kept counts per option key, with the groups' and stock choices applied (no other option's). */
export function keptOptionKeys(filters: ListingFilters): SQL {
  return sql`SELECT ${listingCounts.optionKey} AS key, sum(${listingCounts.n})::int AS count
    FROM ${listingCounts} WHERE ${keptWhere(filters, { optionKeys: true })}
    GROUP BY 1 HAVING sum(${listingCounts.n}) > 0`
}

/**
 * Each option key's label and swatch as the families spell it, as a subquery
 * `l(key, name, value, swatch)`: the least spelling of any family (as "Black" over "black").
 */
export const OPTION_LABELS = sql`(SELECT option_key AS key, min(name) AS name, min(label) AS value,
    min(swatch) AS swatch
  FROM (SELECT ${listingOptionLabels.optionKey} AS option_key, ${listingOptionLabels.name} AS name,
      ${listingOptionLabels.label} AS label, ${listingOptionLabels.swatch} AS swatch
    FROM ${listingOptionLabels} GROUP BY 1, 2, 3, 4 HAVING sum(${listingOptionLabels.n}) > 0) AS spelt
  GROUP BY 1) AS l`

/** Rows of a raw `db.execute` answer: node-postgres and PGlite both put them in `.rows`. */
export function resultRows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}

/**
 * Sums each table's deltas into one row per combination (the job `listing-counts-fold`, and the
 * bench after generating a catalog). Safe beside writers and readers: the DELETE takes only the
 * rows its snapshot sees, whose sum it writes back in the same transaction, so a reader sees
 * either the rows or their sum and a delta committed meanwhile stays as it is. Answers whether
 * there was anything to fold.
 */
export async function foldListingCounts(db: Db): Promise<boolean> {
  const pending = await db.execute(
    sql`SELECT (EXISTS (SELECT 1 FROM ${listingCounts} WHERE delta)
      OR EXISTS (SELECT 1 FROM ${listingOptionLabels} WHERE delta)) AS pending`,
  )
  const [row] = resultRows<{ pending: boolean }>(pending)
  if (!row?.pending) return false
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      WITH gone AS (DELETE FROM listing_counts
        RETURNING category, section, brand, in_stock, option_key, n)
      INSERT INTO listing_counts (category, section, brand, in_stock, option_key, n, delta)
      SELECT category, section, brand, in_stock, option_key, sum(n)::int, false FROM gone
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0`)
    await tx.execute(sql`
      WITH gone AS (DELETE FROM listing_option_labels
        RETURNING option_key, name, label, swatch, n)
      INSERT INTO listing_option_labels (option_key, name, label, swatch, n, delta)
      SELECT option_key, name, label, swatch, sum(n)::int, false FROM gone
      GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0`)
  })
  return true
}
