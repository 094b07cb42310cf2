import type {
  FilterOptions,
  ListingFacets,
  ListingFilters,
  ListProductsQuery,
  Product,
} from '@techbazaar/shared'
import { paiseToRupees, productPath, rupeesToPaise, SHORT_ID_PATTERN } from '@techbazaar/shared'
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { filterOptions, products, titleSortKey, users } from '../../db/schema'
import { notFound } from '../../lib/errors'

/** The columns a shopper may see, with the seller's display name. */
export const productColumns = {
  id: products.id,
  shortId: products.shortId,
  image: products.image,
  title: products.title,
  description: products.description,
  category: products.category,
  section: products.section,
  brand: products.brand,
  pricePaise: products.pricePaise,
  salePricePaise: products.salePricePaise,
  totalStock: products.totalStock,
  maxPerOrder: products.maxPerOrder,
  averageReview: products.averageReview,
  reviewCount: products.reviewCount,
  sellerName: users.userName,
}

// `_['data']` is a column's type without its nullability; max_per_order may be null.
type ProductRow = Omit<
  { [K in keyof typeof productColumns]: (typeof productColumns)[K]['_']['data'] },
  'maxPerOrder'
> & { maxPerOrder: number | null }

/**
 * The one place a product row becomes the API's product (paise to rupees here);
 * `maxPerProduct` is the shop's limit per order for products without one of their own.
 */
export function toProduct(row: ProductRow, maxPerProduct: number): Product {
  return {
    _id: row.id,
    shortId: row.shortId,
    image: row.image,
    title: row.title,
    description: row.description,
    category: row.category,
    section: row.section,
    brand: row.brand,
    price: paiseToRupees(row.pricePaise),
    salePrice: paiseToRupees(row.salePricePaise),
    totalStock: row.totalStock,
    orderLimit: row.maxPerOrder ?? maxPerProduct,
    averageReview: Number(row.averageReview),
    reviewCount: row.reviewCount,
    username: row.sellerName,
  }
}

const SORTS: Record<ListProductsQuery['sortBy'], SQL[]> = {
  'price-lowtohigh': [asc(products.effectivePricePaise), asc(products.id)],
  'price-hightolow': [desc(products.effectivePricePaise), desc(products.id)],
  'title-atoz': [asc(titleSortKey(products.title)), asc(products.id)],
  'title-ztoa': [desc(titleSortKey(products.title)), desc(products.id)],
}

type FilterGroup = 'category' | 'brand' | 'section'
const GROUP_COLUMNS = {
  category: products.category,
  brand: products.brand,
  section: products.section,
} as const

/** Listed products matching the filters, leaving out one group's choice when asked (facets). */
function filterWhere(filters: ListingFilters, except?: FilterGroup) {
  return and(
    eq(products.listed, true),
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
  )
}

/**
 * The listing's two statements, unexecuted: the page of rows and the total. Exported so the
 * EXPLAIN test checks exactly what the shop runs.
 */
export function listingQueries(db: Db, query: ListProductsQuery) {
  const where = filterWhere(query)
  return {
    rows: db
      .select(productColumns)
      .from(products)
      .innerJoin(users, eq(users.id, products.sellerId))
      .where(where)
      .orderBy(...SORTS[query.sortBy])
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    count: db.select({ total: count() }).from(products).where(where),
  }
}

/**
 * Counting is the listing's only step that grows with the catalog (the page itself is an index
 * range of 24 rows). Small totals are counted every time, so they are always exact; totals of
 * at least CACHED_TOTAL_MIN are kept for TOTAL_TTL_MS per filter combination and database, since
 * "12,408 products" a few seconds old is fine and recounting it on every page view is not.
 */
const CACHED_TOTAL_MIN = 1000
const TOTAL_TTL_MS = 30_000
const TOTALS_MAX = 500

/** Large listing totals kept for a while, per filter combination (one per app, in its deps). */
export interface ListingTotals {
  count(query: ListProductsQuery, statement: PromiseLike<{ total: number }[]>): Promise<number>
}

export function createListingTotals(now: () => number = Date.now): ListingTotals {
  const totals = new Map<string, { total: number; expires: number }>()
  return {
    async count(query, statement) {
      const key = JSON.stringify(filterKey(query))
      const at = now()
      const cached = totals.get(key)
      if (cached && cached.expires > at) return cached.total
      const total = (await statement)[0]?.total ?? 0
      if (total >= CACHED_TOTAL_MIN) {
        if (totals.size >= TOTALS_MAX) totals.clear()
        totals.set(key, { total, expires: at + TOTAL_TTL_MS })
      } else {
        totals.delete(key)
      }
      return total
    },
  }
}

/**
 * The filters of a listing in one form. The query schema already made each list canonical
 * (lower-case, no repeats, sorted) and prices whole rupees; an empty list is no filter.
 */
function filterKey(query: ListingFilters) {
  const list = (values?: readonly string[]) => (values?.length ? values : null)
  return [
    list(query.category),
    list(query.brand),
    list(query.section),
    query.minPrice ?? null,
    query.maxPrice ?? null,
  ]
}

/**
 * The facet counts' statements, unexecuted: per group, listed products per option with every
 * other group's filter applied. Each is a grouped count over the narrow facets index.
 */
export function facetQueries(db: Db, filters: ListingFilters) {
  const countBy = (group: FilterGroup) =>
    db
      .select({ value: GROUP_COLUMNS[group], count: count() })
      .from(products)
      .where(filterWhere(filters, group))
      .groupBy(GROUP_COLUMNS[group])
  return { category: countBy('category'), brand: countBy('brand'), section: countBy('section') }
}

/** Counts per option of each filter group (see listingFacetsResponse). */
export async function listingFacets(db: Db, filters: ListingFilters): Promise<ListingFacets> {
  const statements = facetQueries(db, filters)
  const [category, brand, section] = await Promise.all([
    statements.category,
    statements.brand,
    statements.section,
  ])
  const record = (rows: { value: string; count: number }[]) =>
    Object.fromEntries(rows.map((row) => [row.value, row.count]))
  return { category: record(category), brand: record(brand), section: record(section) }
}

/** One string per filter combination (the catalog cache's key for its facet counts). */
export function facetsKey(filters: ListingFilters): string {
  return `facets:${JSON.stringify(filterKey(filters))}`
}

/** One string per distinct listing (the catalog cache's key). */
export function listingKey(query: ListProductsQuery): string {
  return JSON.stringify([...filterKey(query), query.sortBy, query.page, query.limit])
}

/** One string per product for its details (ids are UUIDs, which may come in either case). */
export function productKey(id: string): string {
  return `product:${id.toLowerCase()}`
}

/** Listed products matching the filters, sorted and paginated on the server. */
export async function listProducts(
  db: Db,
  totals: ListingTotals,
  query: ListProductsQuery,
  maxPerProduct: number,
) {
  const statements = listingQueries(db, query)
  const [rows, total] = await Promise.all([statements.rows, totals.count(query, statements.count)])
  return {
    data: rows.map((row) => toProduct(row, maxPerProduct)),
    total,
    page: query.page,
    limit: query.limit,
    totalPages: Math.ceil(total / query.limit),
  }
}

/** One listed product; unlisted and unknown ids are both "not found" to shoppers. */
export async function getProduct(db: Db, id: string, maxPerProduct: number): Promise<Product> {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(and(eq(products.id, id), eq(products.listed, true)))
  if (!row) throw notFound('Product not found')
  return toProduct(row, maxPerProduct)
}

/** What a product page's short id names (issue 29): see `productPageLookup`. */
export type ProductPageLookup =
  | { status: 'listed'; product: Product; canonicalPath: string }
  | { status: 'missing' }
  | { status: 'gone' }

/**
 * The product a page's short id names, as the page may show it: `listed` with the same product
 * `getProduct` answers and the path its page lives at now (`/p/{slug}-{shortId}`, the slug from
 * today's title); `gone` once it is deleted (410); `missing` for an unknown id and for a product
 * that is not listed (its seller unapproved or suspended), which shoppers must not learn exists
 * (404). `maxPerProduct` is the shop's limit per order (config.orderLimits.maxQtyPerProduct).
 * docs/decisions/065-product-urls-and-sitemaps.md
 */
export async function productPageLookup(
  db: Db,
  shortId: string,
  maxPerProduct: number,
): Promise<ProductPageLookup> {
  if (!SHORT_ID_PATTERN.test(shortId)) return { status: 'missing' }
  const [row] = await db
    .select({ ...productColumns, listed: products.listed, deletedAt: products.deletedAt })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(eq(products.shortId, shortId))
  if (!row) return { status: 'missing' }
  if (row.deletedAt) return { status: 'gone' }
  if (!row.listed) return { status: 'missing' }
  const { listed: _listed, deletedAt: _deletedAt, ...columns } = row
  const product = toProduct(columns, maxPerProduct)
  return { status: 'listed', product, canonicalPath: productPath(product) }
}

/** One string per product page (the catalog cache's key for `GET /shop/products/by-path`). */
export function productPageKey(shortId: string): string {
  return `product-page:${shortId}`
}

/** The admin-managed category and brand lists, alphabetically. */
export async function getFilterOptions(db: Db): Promise<FilterOptions> {
  const rows = await db
    .select({ kind: filterOptions.kind, value: filterOptions.value })
    .from(filterOptions)
    .orderBy(asc(filterOptions.value))
  return {
    category: rows.filter((r) => r.kind === 'category').map((r) => r.value),
    brand: rows.filter((r) => r.kind === 'brand').map((r) => r.value),
  }
}
