import type { ListingFilters, ListProductsQuery } from '@techbazaar/shared'
import { and, asc, desc, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { products, sectionKey, titleSortKey } from '../../db/schema'
import { filterWhere, GROUP_COLUMNS, type FilterGroup } from './listing-where'
import { keptCombinations, keptCountable, keptTotal, TOTAL_CAP } from './listing-counts'

/**
 * How a listing page's rows are found (decision 099). A btree gives rows in order only along one
 * range, so a filter that is not one range would walk an index past the rows it rejects, or
 * sort every match: "Samsung or Apple" by title (two ranges of the brand index), "accessories
 * by Samsung" by title (titles start with the brand, so the brand's range holds all its
 * electronics first). Those become one index range per value or per category, brand and section
 * combination (from the kept counts), each read only as far as the page, merged and cut:
 * - `plain`: no group filter, one group with one value, or variant options (the family leads'
 *   own indexes are few enough to walk with any other filter);
 * - `values`: one group with several values, one range of its group index per value;
 * - `combos`: two or three groups, one range of `products_combo_*` per combination.
 */
export type Driver =
  { kind: 'plain' } | { kind: 'values'; group: FilterGroup; values: string[] } | { kind: 'combos' }

export function driverOf(filters: ListingFilters): Driver {
  if (filters.options?.length) return { kind: 'plain' }
  const groups = (['category', 'brand', 'section'] as const).filter(
    (group) => filters[group]?.length,
  )
  if (groups.length >= 2) return { kind: 'combos' }
  const [group] = groups
  const values = group ? (filters[group] ?? []) : []
  return group && values.length > 1 ? { kind: 'values', group, values } : { kind: 'plain' }
}

type Sort = ListProductsQuery['sortBy']

/** The sort's key and direction; `id` breaks ties in the same direction. */
function sortKey(sortBy: Sort): { key: SQL; descending: boolean } {
  const byTitle = sortBy === 'title-atoz' || sortBy === 'title-ztoa'
  return {
    key: byTitle ? titleSortKey(products.title) : sql`${products.effectivePricePaise}`,
    descending: sortBy === 'price-hightolow' || sortBy === 'title-ztoa',
  }
}

export const SORTS: Record<Sort, SQL[]> = {
  'price-lowtohigh': [asc(products.effectivePricePaise), asc(products.id)],
  'price-hightolow': [desc(products.effectivePricePaise), desc(products.id)],
  'title-atoz': [asc(titleSortKey(products.title)), asc(products.id)],
  'title-ztoa': [desc(titleSortKey(products.title)), desc(products.id)],
}

/** The filters without the three groups (each range fixes them itself). */
function withoutGroups(filters: ListingFilters): ListingFilters {
  return { ...filters, category: undefined, brand: undefined, section: undefined }
}

/** Variant options are on family leads only: naming it lets the family leads' indexes serve. */
function listingWhere(filters: ListingFilters): SQL | undefined {
  return and(
    filterWhere(filters),
    filters.options?.length ? sql`${products.familyId} IS NOT NULL` : undefined,
  )
}

/**
 * The ranges of a `values` or `combos` driver as one FROM, `b`: each range's SELECT of `what`
 * from products, filtered, in the sort's `order` (none for a count) and cut at `take` rows.
 */
function ranges(
  driver: Exclude<Driver, { kind: 'plain' }>,
  filters: ListingFilters,
  what: SQL,
  order: SQL | null,
  take: number,
): SQL {
  const rest = filterWhere(withoutGroups(filters))
  const tail = order ? sql`ORDER BY ${order} LIMIT ${take}` : sql`LIMIT ${take}`
  if (driver.kind === 'values') {
    const values = sql.join(
      driver.values.map((value) => sql`${value}`),
      sql`, `,
    )
    return sql`unnest(ARRAY[${values}]::text[]) AS v(value) CROSS JOIN LATERAL (
      SELECT ${what} FROM ${products}
      WHERE ${rest} AND ${GROUP_COLUMNS[driver.group]} = v.value ${tail}) AS b`
  }
  const combo = sql`${rest} AND ${products.category} = c.category AND ${products.brand} = c.brand
    AND ${sectionKey(products.section)} = c.section`
  return sql`${keptCombinations(filters)} CROSS JOIN LATERAL (
    SELECT ${what} FROM ${products} WHERE ${combo} ${tail}) AS b`
}

/**
 * Where a page's rows are and how many to take: the filters themselves (`plain`), or the ids
 * of the page picked from the driver's ranges (merged in the sort's order, cut at the page).
 * The caller orders by `SORTS[sortBy]` and takes `limit` rows from `offset`.
 */
export function pageOf(query: ListProductsQuery): {
  where: SQL | undefined
  limit: number
  offset: number
} {
  const driver = driverOf(query)
  const offset = (query.page - 1) * query.limit
  const { key, descending } = sortKey(query.sortBy)
  const direction = descending ? sql`DESC` : sql`ASC`
  const order = sql`${key} ${direction}, ${products.id} ${direction}`
  let page: SQL
  if (driver.kind === 'plain') {
    if (!query.options?.length) return { where: listingWhere(query), limit: query.limit, offset }
    // The page's ids alone first: an index-only walk of the family leads' index, which carries
    // every filter column; the rows are then read by primary key.
    page = sql`SELECT ${products.id} FROM ${products} WHERE ${listingWhere(query)}
      ORDER BY ${order} LIMIT ${query.limit} OFFSET ${offset}`
  } else {
    const what = sql`${products.id} AS id, ${key} AS s`
    page = sql`SELECT b.id FROM ${ranges(driver, query, what, order, offset + query.limit)}
      ORDER BY b.s ${direction}, b.id ${direction} LIMIT ${query.limit} OFFSET ${offset}`
  }
  return { where: sql`${products.id} IN (${page})`, limit: query.limit, offset: 0 }
}

/**
 * The total: the kept counts' sum when they can answer it (exact, a few hundred kept rows), else
 * the matching products counted up to TOTAL_CAP + 1 (exact below the cap, "10,000+" above it), so
 * no request counts a broad filter's every match.
 */
export function countStatement(db: Db, filters: ListingFilters): SQL {
  if (keptCountable(filters)) {
    return sql`SELECT total, false AS approximate FROM (${keptTotal(db, filters)}) AS kept`
  }
  const driver = driverOf(filters)
  const matches =
    driver.kind === 'plain'
      ? sql`SELECT 1 FROM ${products} WHERE ${listingWhere(filters)}`
      : sql`SELECT 1 FROM ${ranges(driver, filters, sql`1`, null, TOTAL_CAP + 1)}`
  return sql`SELECT least(count(*), ${TOTAL_CAP})::int AS total, count(*) > ${TOTAL_CAP} AS approximate
    FROM (${matches} LIMIT ${TOTAL_CAP + 1}) AS matches`
}
