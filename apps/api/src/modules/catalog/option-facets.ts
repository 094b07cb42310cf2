import type { ListingFacets, ListingFilters, OptionName } from '@techbazaar/shared'
import { OPTION_NAMES } from '@techbazaar/shared'
import { sql, type SQL } from 'drizzle-orm'
import { products } from '../../db/schema'
import { hasRangeFilters, keptOptionKeys, OPTION_LABELS } from './listing-counts'
import { filterWhere, keysByOption } from './listing-where'

/**
 * The Colour, Storage, RAM and Size facets (decision 090): per option value, how many listed
 * family leads carry it in `family_option_keys`, counted with every other filter applied and,
 * as a filter group's options are, without the option's own chosen values (Blue and Black can be
 * combined). Its label and swatch are the families' spelling, kept per key (decision 099).
 */

export type OptionRow = {
  key: string
  name: OptionName
  value: string
  swatch: string | null
  count: number
}

/**
 * The statements: one per option with chosen values (that option's own choice left out) and one
 * for the options without any (every filter applied); unexecuted, so the EXPLAIN test checks them.
 * Counts come from the kept counts (decision 099) when only category, brand, section and stock
 * filter them; otherwise the matching family leads' keys are counted (only family leads carry
 * keys, so `family_id IS NOT NULL` lets the family leads' indexes serve: as many rows as there are
 * families, not products). Labels and swatches come from the kept labels by key.
 */
export function optionFacetQueries(filters: ListingFilters): Record<string, SQL> {
  const chosen = keysByOption(filters.options)
  const statement = (names: readonly OptionName[], exceptOption?: string) => {
    const otherOptions = [...chosen.keys()].some((name) => name !== exceptOption)
    const counts =
      !hasRangeFilters(filters) && !otherOptions
        ? keptOptionKeys(filters)
        : // Leads counted per set of keys first (few sets, however many leads), then per key.
          sql`SELECT key, sum(n)::int AS count FROM (
            SELECT ${products.familyOptionKeys} AS keys, count(*) AS n FROM ${products}
            WHERE ${filterWhere(filters, exceptOption ? { option: exceptOption } : undefined)}
              AND ${products.familyId} IS NOT NULL
            GROUP BY 1) AS sets, unnest(sets.keys) AS key
          GROUP BY 1`
    return sql`SELECT l.key, l.name, l.value, l.swatch, counts.count
      FROM (${counts}) AS counts JOIN ${OPTION_LABELS} ON l.key = counts.key
      WHERE l.name IN (${sql.join(
        names.map((name) => sql`${name}`),
        sql`, `,
      )})`
  }
  const statements: Record<string, SQL> = {}
  const rest = OPTION_NAMES.filter((name) => !chosen.has(name.toLowerCase()))
  if (rest.length) statements.options = statement(rest)
  for (const name of OPTION_NAMES) {
    const lower = name.toLowerCase()
    if (chosen.has(lower)) statements[`option ${lower}`] = statement([name], lower)
  }
  return statements
}

/** The statements' rows laid out by option, then by value (sizes by size). */
export function optionFacets(rows: OptionRow[]): ListingFacets['options'] {
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
