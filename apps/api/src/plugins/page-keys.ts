import { DISCOUNT_FILTERS, LIMITS, RATING_FILTERS, SORT_OPTIONS } from '@techbazaar/shared'

/**
 * The page cache's key for an anonymous page request: the path and, in a fixed order, the
 * query parameters that page reads, or null when the page is not kept (rendered per request).
 *
 * A page is rendered from its key, never from the raw URL, so a kept page is exactly the page
 * its key names. Parameters the storefront never reads (utm_source, fbclid, ...) are left out,
 * so a campaign link shares the plain page. A parameter the page does read is kept only in the
 * one spelling the shop itself writes (lower-case option lists, whole rupees, a known sort, a
 * trimmed keyword); any other spelling is rendered for its request and not kept, so anonymous
 * URLs cannot fill the cache with copies of one page. The same rules as the catalog cache's keys
 * (catalog.service.ts listingKey), seen from the page's side.
 */
export function pageKey(url: string): string | null {
  const [pathname = '', search = ''] = url.split('?', 2)
  const reads =
    PAGE_PARAMS.get(pathname) ?? PATTERN_PAGES.find(([pattern]) => pattern.test(pathname))?.[1]
  if (!reads) return null
  const params = new URLSearchParams(search)
  const kept: string[] = []
  for (const [name, canonical] of Object.entries(reads)) {
    const values = params.getAll(name)
    if (values.length === 0) continue
    if (values.length > 1 || !canonical(values[0]!)) return null
    kept.push(`${name}=${encodeURIComponent(values[0]!)}`)
  }
  return kept.length ? `${pathname}?${kept.join('&')}` : pathname
}

type Canonical = (value: string) => boolean

/** A comma-separated option list as the listing writes it: lower-case slugs, no repeats. */
const optionList: Canonical = (value) => {
  const parts = value.split(',')
  return (
    parts.length <= 20 &&
    new Set(parts).size === parts.length &&
    parts.every((part) => /^[a-z0-9][a-z0-9-]{0,39}$/.test(part))
  )
}
const rupees: Canonical = (value) =>
  /^(0|[1-9]\d{0,6})$/.test(value) && Number(value) <= LIMITS.priceFilterMax
/** One of the listing's offered choices, in digits (decision 089). */
const choice =
  (choices: readonly number[]): Canonical =>
  (value) =>
    choices.map(String).includes(value)
const sort: Canonical = (value) => (SORT_OPTIONS as readonly string[]).includes(value)
const productId: Canonical = (value) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value)
/** As the search page writes ?q=: trimmed, one space between words, at most 100 characters. */
const keyword: Canonical = (value) =>
  value.length > 0 && value.length <= 100 && value === value.trim().replace(/\s+/g, ' ')

const STATIC_PAGES = [
  '/aboutUs',
  '/shipping-policy',
  '/return',
  '/returnAndRefunds',
  '/privacy-policy',
  '/term-conditions',
  '/ranking-parameters',
  '/contact-us',
  '/forgot-password',
]

/** The paths whose anonymous pages are kept (routed directly, see web.ts). */
export function keptPagePaths(): string[] {
  return [...PAGE_PARAMS.keys()]
}

const LISTING_PARAMS: Record<string, Canonical> = {
  category: optionList,
  brand: optionList,
  section: optionList,
  minPrice: rupees,
  maxPrice: rupees,
  minRating: choice(RATING_FILTERS),
  minDiscount: choice(DISCOUNT_FILTERS),
  inStock: (value) => value === '1',
  sortBy: sort,
  product: productId,
}
/** The listing's parameters but one group, which a landing page's path fixes. */
const { category: _category, ...CATEGORY_PAGE_PARAMS } = LISTING_PARAMS
const { brand: _brand, ...BRAND_PAGE_PARAMS } = LISTING_PARAMS

/**
 * Pages at a path with a name in it, kept only in the spelling the shop writes (lower-case);
 * another spelling is answered per request (a product's page redirects to its own address).
 */
const PATTERN_PAGES: [RegExp, Record<string, Canonical>][] = [
  // A product's page reads no parameters: campaign tags and the like share its one copy.
  [/^\/p\/[a-z0-9-]{1,120}$/, {}],
  [/^\/c\/[a-z0-9][a-z0-9-]{0,39}$/, CATEGORY_PAGE_PARAMS],
  [/^\/b\/[a-z0-9][a-z0-9-]{0,39}$/, BRAND_PAGE_PARAMS],
]

/** The anonymous pages kept, with the parameters each reads (in key order). */
const PAGE_PARAMS = new Map<string, Record<string, Canonical>>([
  ['/', {}],
  ['/shop/listing', LISTING_PARAMS],
  ['/shop/search', { q: keyword }],
  ...STATIC_PAGES.map((page) => [page, {}] as [string, Record<string, Canonical>]),
])
