import type { ListingFilters } from '@techbazaar/shared'
import { rupeesToPaise } from '@techbazaar/shared'
import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm'
import { products } from '../../db/schema'

/** The listing's WHERE clause, shared by its rows, its total and every facet count. */

export type FilterGroup = 'category' | 'brand' | 'section'
export const GROUP_COLUMNS = {
  category: products.category,
  brand: products.brand,
  section: products.section,
} as const

/** What a facet count leaves out of the filters: one group's choice, or one option's values. */
export type FacetExcept = FilterGroup | { option: string }

/**
 * Listed products matching the filters, leaving out one group's choice or one variant option's
 * values when asked (facets: a group's options are counted without its own choice).
 */
export function filterWhere(filters: ListingFilters, except?: FacetExcept) {
  const exceptOption = typeof except === 'object' ? except.option : undefined
  return and(
    eq(products.listed, true),
    // One card per family: its lead (decision 090); every listing index is partial on both.
    eq(products.familyLead, true),
    ...optionFilters(filters.options, exceptOption),
    ...(['category', 'brand', 'section'] as const).map((group) => {
      const values = filters[group]
      return group !== except && values?.length ? inArray(GROUP_COLUMNS[group], values) : undefined
    }),
    filters.minPrice != null
      ? gte(products.effectivePricePaise, rupeesToPaise(filters.minPrice))
      : undefined,
    filters.maxPrice != null
      ? lte(products.effectivePricePaise, rupeesToPaise(filters.maxPrice))
      : undefined,
    // Decision 089: the three read the generated/maintained columns in the facets index, so a
    // total stays an index-only scan (no average computed per request).
    filters.minRating != null ? gte(products.averageReview, filters.minRating) : undefined,
    filters.minDiscount != null ? gte(products.discountPercent, filters.minDiscount) : undefined,
    filters.inStock ? eq(products.inStock, true) : undefined,
  )
}

/** The chosen option keys grouped by their option's (lower-case) name, in the keys' order. */
export function keysByOption(keys: readonly string[] | undefined): Map<string, string[]> {
  const byOption = new Map<string, string[]>()
  for (const key of keys ?? []) {
    const name = key.slice(0, key.indexOf(':'))
    byOption.set(name, [...(byOption.get(name) ?? []), key])
  }
  return byOption
}

/**
 * "colour:blue,colour:black,storage:256 gb": a family with a listed variant in blue or black,
 * and one in 256 GB (any value of one option, every option), read from the lead's
 * keys. Keys are lower-case on both sides. `except` (a lower-case option name) is left out.
 */
function optionFilters(keys: readonly string[] | undefined, except?: string): SQL[] {
  return [...keysByOption(keys)]
    .filter(([name]) => name !== except)
    .map(
      ([, values]) =>
        sql`${products.familyOptionKeys} && ARRAY[${sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        )}]::text[]`,
    )
}
