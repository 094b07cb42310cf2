import type { ListingFacets, ListingFilters } from '@techbazaar/shared'
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { products } from '../../db/schema'
import { FACET_CAP, hasRangeFilters, keptGroupValues, resultRows } from './listing-counts'
import { filterWhere, GROUP_COLUMNS, type FilterGroup } from './listing-where'
import { optionFacetQueries, optionFacets, type OptionRow } from './option-facets'

/**
 * The facet counts (decision 099): per filter group, listed products per value with every other
 * group's filter applied, never by counting every match per request:
 * - no range or option filter: the kept counts' sums, exact;
 * - a variant option filter: the matching family leads counted, exact (as many rows as families,
 *   read index-only from the family leads' indexes, however many products there are);
 * - a price, rating or discount filter: each value's matches counted up to FACET_CAP + 1, exact
 *   below the cap and "1,000+" (in `approximate`) above it.
 */
const GROUPS = ['category', 'brand', 'section'] as const

/**
 * The matching family leads counted per value of `groups`, in one pass (GROUPING SETS): either
 * one group with a choice (left out of its own count) or the groups without one, which share the
 * same WHERE. Answers `facet` (the group) with each value.
 */
function familyLeadGroups(filters: ListingFilters, groups: readonly FilterGroup[]): SQL {
  const [only] = groups
  const where = filterWhere(filters, groups.length === 1 ? only : undefined)
  const sets = sql.join(
    groups.map((group) => sql`(${GROUP_COLUMNS[group]})`),
    sql`, `,
  )
  const facet = sql.join(
    groups.map((group) => sql`WHEN GROUPING(${GROUP_COLUMNS[group]}) = 0 THEN ${group}`),
    sql` `,
  )
  const value = sql.join(
    groups.map((group) => GROUP_COLUMNS[group]),
    sql`, `,
  )
  return sql`SELECT CASE ${facet} END AS facet, coalesce(${value}) AS value, count(*)::int AS count,
      false AS capped
    FROM ${products} WHERE ${where} AND ${products.familyId} IS NOT NULL
    GROUP BY GROUPING SETS (${sets})`
}

function groupStatement(filters: ListingFilters, group: FilterGroup): SQL {
  const column = GROUP_COLUMNS[group]
  if (!hasRangeFilters(filters)) {
    return sql`SELECT ${group}::text AS facet, v.value, v.n AS count, false AS capped
      FROM ${keptGroupValues(filters, group)}`
  }
  return sql`SELECT ${group}::text AS facet, v.value, least(m.matched, ${FACET_CAP})::int AS count,
      m.matched > ${FACET_CAP} AS capped
    FROM ${keptGroupValues(filters, group)} CROSS JOIN LATERAL (
      SELECT count(*) AS matched FROM (
        SELECT 1 FROM ${products} WHERE ${filterWhere(filters, group)} AND ${column} = v.value
        LIMIT ${FACET_CAP + 1}) AS matches) AS m
    WHERE m.matched > 0`
}

/**
 * The facet counts' statements, unexecuted, so the EXPLAIN test checks them, each answering
 * (facet, value, count, capped): the groups' (per group; with an option filter, one pass for the
 * groups without a choice and one per group with one), then the variant options' (named
 * "options" or "option <name>": one, or one per option with chosen values).
 */
export function facetQueries(_db: Db, filters: ListingFilters): Record<string, SQL> {
  const groups: Record<string, SQL> = {}
  if (filters.options?.length) {
    const open = GROUPS.filter((group) => !filters[group]?.length)
    if (open.length) groups[open.join(' ')] = familyLeadGroups(filters, open)
    for (const group of GROUPS.filter((g) => filters[g]?.length)) {
      groups[group] = familyLeadGroups(filters, [group])
    }
  } else {
    for (const group of GROUPS) groups[group] = groupStatement(filters, group)
  }
  return { ...groups, ...optionFacetQueries(filters) }
}

/** Whether a statement of `facetQueries` is a variant option's (else a filter group's). */
export const isOptionFacet = (name: string) => name.startsWith('option')

type GroupRow = { value: string | null; count: number; capped: boolean }
type FacetRow = GroupRow & {
  facet: string
  key: string | null
  name: string | null
  swatch: string | null
}

/**
 * Counts per option of each filter group (see listingFacetsResponse): the statements above run
 * as one, so a panel's counts are one round trip and one pooled connection, not five.
 */
export async function listingFacets(db: Db, filters: ListingFilters): Promise<ListingFacets> {
  const parts = Object.entries(facetQueries(db, filters)).map(([name, statement]) =>
    !isOptionFacet(name)
      ? sql`(SELECT facet::text, value::text, count, capped, NULL::text AS key,
          NULL::text AS name, NULL::text AS swatch FROM (${statement}) AS counts)`
      : sql`(SELECT 'option'::text AS facet, value, count, false AS capped, key, name, swatch
          FROM (${statement}) AS counts)`,
  )
  const rows = resultRows<FacetRow>(await db.execute(sql.join(parts, sql` UNION ALL `)))
  const of = (facet: string) => rows.filter((row) => row.facet === facet)
  // Products in no section (decision 085) are not an option of the Section filter.
  const record = (rows: GroupRow[]) =>
    Object.fromEntries(rows.flatMap((row) => (row.value === null ? [] : [[row.value, row.count]])))
  const capped = (rows: GroupRow[]) =>
    rows.flatMap((row) => (row.capped && row.value !== null ? [row.value] : [])).sort()
  const options = of('option').map((row) => ({
    key: row.key!,
    name: row.name as OptionRow['name'],
    value: row.value!,
    swatch: row.swatch,
    count: row.count,
  }))
  return {
    category: record(of('category')),
    brand: record(of('brand')),
    section: record(of('section')),
    options: optionFacets(options),
    approximate: {
      category: capped(of('category')),
      brand: capped(of('brand')),
      section: capped(of('section')),
    },
  }
}
