import {
  DISCOUNT_FILTERS,
  LIMITS,
  RATING_FILTERS,
  SORT_OPTIONS,
  DEFAULT_SORT,
  type ListingFilters,
  type SortOption,
} from '@techbazaar/shared'

export const LIST_FILTER_GROUPS = ['category', 'brand', 'section'] as const
export type FilterGroup = (typeof LIST_FILTER_GROUPS)[number]

/** sessionStorage key shared with the header's category links and the home page's brand tiles. */
export const FILTERS_STORAGE_KEY = 'filters'

// Shared with the ranking page (static-pages), which explains each option by its label.
export { SORT_LABELS } from '@/lib/catalog/sort-labels'

function parseList(value: string | null | undefined): string[] | undefined {
  if (!value) return undefined
  const parts = value
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean)
  return parts.length ? [...new Set(parts)] : undefined
}

/** Most option values one listing asks for (the API refuses more). */
const OPTION_KEYS_MAX = 12

/**
 * Variant option values, "colour:blue,storage:256 gb" (decision 090): lower-case `name:value`
 * keys, anything else dropped so a mistyped address still lists products rather than failing.
 */
function parseOptionKeys(value: string | null | undefined): string[] | undefined {
  const keys = parseList(value)
    ?.filter((key) => /^[a-z]+:.+$/.test(key))
    .slice(0, OPTION_KEYS_MAX)
  return keys?.length ? keys : undefined
}

/** "colour:blue" -> { name: 'colour', value: 'blue' }. */
export function splitOptionKey(key: string): { name: string; value: string } {
  const at = key.indexOf(':')
  return { name: key.slice(0, at), value: key.slice(at + 1) }
}

/**
 * A whole number of rupees within the price filter's range, or undefined. A negative price is
 * no price at all (ignored, as the panel says when one is typed), never "up to ₹0", which would
 * hide every product and stick in the stored filters.
 */
export function parsePrice(value: unknown): number | undefined {
  if (value == null || value === '') return undefined
  const number = typeof value === 'number' ? value : Number(value)
  if (!Number.isFinite(number) || number < 0) return undefined
  return Math.min(LIMITS.priceFilterMax, Math.round(number))
}

/** One of the offered choices (`RATING_FILTERS`, `DISCOUNT_FILTERS`), or undefined. */
function parseChoice<T extends number>(value: unknown, choices: readonly T[]): T | undefined {
  const number = Number(value)
  return value != null && value !== '' && choices.includes(number as T) ? (number as T) : undefined
}

/** `inStock=1` (or a stored `true`): hide products out of stock. */
function parseInStock(value: unknown): true | undefined {
  return value === '1' || value === 'true' || value === true ? true : undefined
}

/** The single-choice filters (decision 089), read from a URL or stored filters alike. */
function parseChoices(read: (key: 'minRating' | 'minDiscount' | 'inStock') => unknown) {
  return {
    minRating: parseChoice(read('minRating'), RATING_FILTERS),
    minDiscount: parseChoice(read('minDiscount'), DISCOUNT_FILTERS),
    inStock: parseInStock(read('inStock')),
  }
}

export function filtersFromSearchParams(params: URLSearchParams): ListingFilters {
  return normalizeFilters({
    category: parseList(params.get('category')),
    brand: parseList(params.get('brand')),
    section: parseList(params.get('section')),
    options: parseOptionKeys(params.get('options')),
    minPrice: parsePrice(params.get('minPrice')),
    maxPrice: parsePrice(params.get('maxPrice')),
    ...parseChoices((key) => params.get(key)),
  })
}

/** Drops empty groups so `{}` means "no filters" and keys compare equal. */
export function normalizeFilters(filters: ListingFilters): ListingFilters {
  const out: ListingFilters = {}
  for (const group of LIST_FILTER_GROUPS) {
    const values = filters[group]?.filter(Boolean)
    if (values?.length) out[group] = values
  }
  const options = filters.options?.filter(Boolean)
  if (options?.length) out.options = options
  if (filters.minPrice != null) out.minPrice = filters.minPrice
  if (filters.maxPrice != null) out.maxPrice = filters.maxPrice
  if (filters.minRating != null) out.minRating = filters.minRating
  if (filters.minDiscount != null) out.minDiscount = filters.minDiscount
  if (filters.inStock) out.inStock = true
  return out
}

export function hasFilters(filters: ListingFilters): boolean {
  return Object.keys(normalizeFilters(filters)).length > 0
}

export function countFilters(filters: ListingFilters): number {
  const f = normalizeFilters(filters)
  return (
    (f.category?.length ?? 0) +
    (f.brand?.length ?? 0) +
    (f.section?.length ?? 0) +
    (f.options?.length ?? 0) +
    (f.minPrice != null ? 1 : 0) +
    (f.maxPrice != null ? 1 : 0) +
    (f.minRating != null ? 1 : 0) +
    (f.minDiscount != null ? 1 : 0) +
    (f.inStock ? 1 : 0)
  )
}

/**
 * Writes the filters into a copy of `params` (comma-joined per group), keeping unrelated
 * parameters such as `sortBy` and `product`.
 */
export function applyFiltersToSearchParams(
  params: URLSearchParams,
  filters: ListingFilters,
): URLSearchParams {
  const next = new URLSearchParams(params)
  const f = normalizeFilters(filters)
  for (const group of LIST_FILTER_GROUPS) {
    const values = f[group]
    if (values) next.set(group, values.join(','))
    else next.delete(group)
  }
  if (f.options) next.set('options', f.options.join(','))
  else next.delete('options')
  for (const key of ['minPrice', 'maxPrice', 'minRating', 'minDiscount'] as const) {
    const value = f[key]
    if (value != null) next.set(key, String(value))
    else next.delete(key)
  }
  if (f.inStock) next.set('inStock', '1')
  else next.delete('inStock')
  return next
}

export function sortFromSearchParams(params: URLSearchParams): SortOption {
  const value = params.get('sortBy')
  return (SORT_OPTIONS as readonly string[]).includes(value ?? '')
    ? (value as SortOption)
    : DEFAULT_SORT
}

/** The stored `filters` value as it stands; null when there is none or no storage (server). */
export function readStoredFiltersRaw(): string | null {
  try {
    return sessionStorage.getItem(FILTERS_STORAGE_KEY)
  } catch {
    return null
  }
}

/** Reads `filters` from sessionStorage; anything unreadable counts as no filters. */
export function readStoredFilters(raw = readStoredFiltersRaw()): ListingFilters {
  try {
    if (!raw) return {}
    const value: unknown = JSON.parse(raw)
    if (!value || typeof value !== 'object') return {}
    const record = value as Record<string, unknown>
    const list = (v: unknown) =>
      Array.isArray(v) ? parseList(v.filter((x) => typeof x === 'string').join(',')) : undefined
    return normalizeFilters({
      category: list(record.category),
      brand: list(record.brand),
      section: list(record.section),
      options: Array.isArray(record.options)
        ? parseOptionKeys(record.options.filter((x) => typeof x === 'string').join(','))
        : undefined,
      minPrice: parsePrice(record.minPrice),
      maxPrice: parsePrice(record.maxPrice),
      ...parseChoices((key) => record[key]),
    })
  } catch {
    return {}
  }
}

export function writeStoredFilters(filters: ListingFilters): void {
  try {
    const f = normalizeFilters(filters)
    if (hasFilters(f)) sessionStorage.setItem(FILTERS_STORAGE_KEY, JSON.stringify(f))
    else sessionStorage.removeItem(FILTERS_STORAGE_KEY)
  } catch {
    // Storage can be full or blocked (private mode); the URL still carries the filters.
  }
}

/**
 * A change to the filters, applied to the latest ones: quick successive changes (a brand, then a
 * price before the page re-rendered) must build on each other, never on a stale render's copy.
 */
export type FiltersUpdate = (current: ListingFilters) => ListingFilters
