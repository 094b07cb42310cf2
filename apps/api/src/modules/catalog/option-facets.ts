import type { ListingFacets, ListingFilters, OptionName } from '@techbazaar/shared'
import { OPTION_NAMES } from '@techbazaar/shared'
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { productFamilies, products } from '../../db/schema'
import { filterWhere, keysByOption } from './listing-where'

/**
 * The Colour, Storage, RAM and Size facets (decision 090): per option value, how many listed
 * family leads carry it in `family_option_keys`, counted with every other filter applied and,
 * as a filter group's options are, without the option's own chosen values (Blue and Black can be
 * combined). Its label and swatch come from the families' `options`, joined by primary key.
 */

type OptionRow = {
  key: string
  name: OptionName
  value: string
  swatch: string | null
  count: number
}

/**
 * The statements: one per option with chosen values (that option's own choice left out) and one
 * for the options without any (every filter applied); unexecuted, so the EXPLAIN test checks them.
 * Only family leads carry keys, so the scan is of `products_family_idx` (partial on
 * `family_id IS NOT NULL`), ANDed with whichever listing index the other filters use.
 */
export function optionFacetQueries(filters: ListingFilters): Record<string, SQL> {
  const chosen = keysByOption(filters.options)
  const statement = (names: readonly OptionName[], exceptOption?: string) => sql`
    SELECT lower((o.opt->>'name') || ':' || (v.val->>'value')) AS key,
      o.opt->>'name' AS name, min(v.val->>'value') AS value, min(v.val->>'swatch') AS swatch,
      count(DISTINCT ${products.id})::int AS count
    FROM ${products}
    JOIN ${productFamilies} ON ${productFamilies.id} = ${products.familyId}
    CROSS JOIN LATERAL jsonb_array_elements(${productFamilies.options}) AS o(opt)
    CROSS JOIN LATERAL jsonb_array_elements(o.opt->'values') AS v(val)
    WHERE ${filterWhere(filters, exceptOption ? { option: exceptOption } : undefined)}
      AND ${products.familyId} IS NOT NULL
      AND o.opt->>'name' IN (${sql.join(
        names.map((name) => sql`${name}`),
        sql`, `,
      )})
      AND lower((o.opt->>'name') || ':' || (v.val->>'value')) = ANY(${products.familyOptionKeys})
    GROUP BY 1, 2`
  const statements: Record<string, SQL> = {}
  const rest = OPTION_NAMES.filter((name) => !chosen.has(name.toLowerCase()))
  if (rest.length) statements.options = statement(rest)
  for (const name of OPTION_NAMES) {
    const lower = name.toLowerCase()
    if (chosen.has(lower)) statements[`option ${lower}`] = statement([name], lower)
  }
  return statements
}

/** Runs the statements and lays the rows out by option, then by value (sizes by size). */
export async function optionFacets(
  db: Db,
  statements: Record<string, SQL>,
): Promise<ListingFacets['options']> {
  const results = await Promise.all(Object.values(statements).map((s) => db.execute(s)))
  // node-postgres and PGlite both answer raw statements with `.rows`.
  const rows = results.flatMap((result) => (result as unknown as { rows: OptionRow[] }).rows)
  return OPTION_NAMES.flatMap((name) => {
    const values = rows
      .filter((row) => row.name === name && row.count > 0)
      .map(({ key, value, swatch, count }) => ({ key, value, swatch, count }))
      .sort((a, b) => compareValues(a.value, b.value))
    return values.length ? [{ name, values }] : []
  })
}

const UNITS: Record<string, number> = { mb: 1 / 1024, gb: 1, tb: 1024 }

/** "8 GB" before "16 GB" before "1 TB"; other values alphabetically, numbers as numbers. */
function compareValues(a: string, b: string): number {
  const size = (value: string) => {
    const match = /^(\d+(?:\.\d+)?)\s*(mb|gb|tb)$/i.exec(value.trim())
    return match ? Number(match[1]) * (UNITS[match[2]!.toLowerCase()] ?? 1) : null
  }
  const sa = size(a)
  const sb = size(b)
  if (sa != null && sb != null && sa !== sb) return sa - sb
  return a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' })
}
