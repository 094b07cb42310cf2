import type {
  Section,
  FilterOptions,
  ListingFilters,
  ListProductsQuery,
  OptionValues,
  Product,
  ProductDeclarations,
  ProductDetail,
  ProductSeller,
  ProductWarranty,
} from '@techbazaar/shared'
import {
  GST_STATES,
  listedDeclarations,
  listedWarranty,
  paiseToRupees,
  productPath,
  SHORT_ID_PATTERN,
} from '@techbazaar/shared'
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { filterOptions, products, users, vendorProfiles } from '../../db/schema'
import { notFound } from '../../lib/errors'
import { familyCard, productFamilyOf, toFamilySummary, type FamilyCard } from './families'
import { resultRows } from './listing-counts'
import { countStatement, pageOf, SORTS } from './listing-plan'

export { facetQueries, listingFacets } from './listing-facets'

/**
 * The seller's business name, read per product row by its primary key (so the listing's
 * statements keep their plans and joins); null for admins and sellers without one.
 */
const businessName = sql<
  string | null
>`(SELECT ${vendorProfiles.businessName} FROM ${vendorProfiles} WHERE ${vendorProfiles.userId} = ${products.sellerId})`

/** The columns a shopper may see, with what names the seller (see `sellerName`). */
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
  sellerType: users.type,
  businessName,
  optionValues: products.optionValues,
}

type ProductRow = {
  [
    K in Exclude<
      keyof typeof productColumns,
      'maxPerOrder' | 'businessName' | 'section' | 'optionValues'
    >
  ]: (typeof productColumns)[K]['_']['data']
} & {
  maxPerOrder: number | null
  businessName: string | null
  section: Section | null
  optionValues: OptionValues | null
  /** Listings and search only: the family's card (see `familyCard`). */
  familyCard?: FamilyCard | null
}

/**
 * Who sells it as shoppers read it: a vendor's business name (its user name until it gave one),
 * the marketplace's legal name for an admin's product; never a person's name (decision 066).
 */
function sellerName(row: ProductRow, marketplaceName: string): string {
  return row.sellerType === 'admin' ? marketplaceName : (row.businessName ?? row.sellerName)
}

/**
 * The one place a product row becomes the API's product (paise to rupees here);
 * `maxPerProduct` is the shop's limit per order for products without one of their own,
 * `marketplaceName` the seller shown for the marketplace's own goods.
 */
export function toProduct(
  row: ProductRow,
  maxPerProduct: number,
  marketplaceName: string,
): Product {
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
    username: sellerName(row, marketplaceName),
    ...(row.optionValues ? { optionValues: row.optionValues } : {}),
    ...(row.familyCard ? { family: toFamilySummary(row.familyCard) } : {}),
  }
}

/** A product's package declarations and warranty columns (decision 066). */
export const declarationColumns = {
  manufacturerName: products.manufacturerName,
  manufacturerAddress: products.manufacturerAddress,
  packerRole: products.packerRole,
  packerName: products.packerName,
  packerAddress: products.packerAddress,
  countryOfOrigin: products.countryOfOrigin,
  genericName: products.genericName,
  netQuantity: products.netQuantity,
  careName: products.careName,
  careAddress: products.careAddress,
  carePhone: products.carePhone,
  careEmail: products.careEmail,
  warrantyMonths: products.warrantyMonths,
  warrantyBy: products.warrantyBy,
}
type DeclarationRow = {
  [K in keyof typeof declarationColumns]: (typeof declarationColumns)[K]['_']['data'] | null
}

/** The declaration columns as the API's `declarations` and `warranty`. */
export function toDeclarations(row: DeclarationRow): {
  declarations: ProductDeclarations
  warranty: ProductWarranty
} {
  const { warrantyMonths, warrantyBy, ...declarations } = row
  return { declarations, warranty: { months: warrantyMonths, by: warrantyBy } }
}

/**
 * The listing's two statements, unexecuted: the page of rows and the total (`{ total,
 * approximate }`). Exported so the EXPLAIN test checks exactly what the shop runs. How the page
 * is found and counted: `listing-plan.ts` (decision 099).
 */
export function listingQueries(db: Db, query: ListProductsQuery) {
  const page = pageOf(query)
  return {
    rows: db
      .select({ ...productColumns, familyCard })
      .from(products)
      .innerJoin(users, eq(users.id, products.sellerId))
      .where(page.where)
      .orderBy(...SORTS[query.sortBy])
      .limit(page.limit)
      .offset(page.offset),
    count: countStatement(db, query),
  }
}

/** A listing's total: exact, or at least `total` ("10,000+") when `approximate`. */
export interface ListingTotal {
  total: number
  approximate: boolean
}

/**
 * An approximate total ("10,000+", counted up to the cap) is kept for TOTAL_TTL_MS per filter
 * combination and database, since it says only "at least" anyway and counting to the cap is the
 * listing's costliest step; exact totals (kept counts, or fewer matches than the cap) are
 * answered fresh every time (decision 099, which replaced decision 016's cache of large exact
 * totals).
 */
const TOTAL_TTL_MS = 30_000
const TOTALS_MAX = 500

/** Approximate listing totals kept for a while, per filter combination (one per app, in its deps). */
export interface ListingTotals {
  count(query: ListProductsQuery, statement: () => Promise<ListingTotal>): Promise<ListingTotal>
}

export function createListingTotals(now: () => number = Date.now): ListingTotals {
  const totals = new Map<string, { total: ListingTotal; expires: number }>()
  return {
    async count(query, statement) {
      const key = JSON.stringify(filterKey(query))
      const at = now()
      const cached = totals.get(key)
      if (cached && cached.expires > at) return cached.total
      const total = await statement()
      if (total.approximate) {
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
    query.minRating ?? null,
    query.minDiscount ?? null,
    query.inStock ?? null,
    list(query.options),
  ]
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
  marketplaceName: string,
) {
  const statements = listingQueries(db, query)
  const [rows, { total, approximate }] = await Promise.all([
    statements.rows,
    totals.count(query, async () => {
      const [row] = resultRows<ListingTotal>(await db.execute(statements.count))
      return { total: row?.total ?? 0, approximate: row?.approximate ?? false }
    }),
  ])
  return {
    data: rows.map((row) => toProduct(row, maxPerProduct, marketplaceName)),
    total,
    totalIsApproximate: approximate,
    page: query.page,
    limit: query.limit,
    // A lower bound while the total is: the shop offers the next page while a page comes full.
    totalPages: Math.ceil(total / query.limit),
  }
}

/** The marketplace as the seller of its own goods (config `marketplace`). */
export interface MarketplaceSeller {
  legalName: string
  address: string[]
  gstin: string
  carePhone: string
  careEmail: string
}

/** How a product reads: the shop's limit per order and the marketplace as a seller. */
export interface DetailShape {
  maxPerProduct: number
  marketplace: MarketplaceSeller
}

/**
 * A seller's rating: its live products' ratings averaged, each weighted by its reviews; for
 * the marketplace, over every admin's products. Null with no reviews yet.
 */
async function sellerRating(db: Db, sellerId: string, marketplace: boolean) {
  const [row] = await db
    .select({
      sum: sql<string | null>`sum(${products.averageReview} * ${products.reviewCount})`,
      count: sql<string | null>`sum(${products.reviewCount})`,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(
      and(
        marketplace ? eq(users.type, 'admin') : eq(products.sellerId, sellerId),
        isNull(products.deletedAt),
      ),
    )
  const ratingCount = Number(row?.count ?? 0)
  const rating = ratingCount > 0 ? Math.round((Number(row?.sum) / ratingCount) * 10) / 10 : null
  return { rating, ratingCount }
}

/**
 * One listed product with what the law asks its listing to show: the seller (the marketplace
 * for an admin's product, never a person), the package declarations and the warranty.
 * Unlisted and unknown ids are both "not found" to shoppers.
 */
export async function getProduct(db: Db, id: string, shape: DetailShape): Promise<ProductDetail> {
  const [row] = await db
    .select({
      ...productColumns,
      ...declarationColumns,
      extraImages: products.extraImages,
      sellerId: products.sellerId,
      familyId: products.familyId,
      sellerEmail: users.email,
      sellerMobile: users.mobile,
      gstNumber: vendorProfiles.gstNumber,
      addressLine: vendorProfiles.addressLine,
      city: vendorProfiles.city,
      stateCode: vendorProfiles.stateCode,
      pincode: vendorProfiles.pincode,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(vendorProfiles, eq(vendorProfiles.userId, products.sellerId))
    .where(and(eq(products.id, id), eq(products.listed, true)))
  if (!row) throw notFound('Product not found')
  const { marketplace } = shape
  const ours = row.sellerType === 'admin'
  const { declarations, warranty } = toDeclarations(row)
  const rating = await sellerRating(db, row.sellerId, ours)
  const seller: ProductSeller = ours
    ? {
        legalName: marketplace.legalName,
        address: marketplace.address.join(', '),
        gstin: marketplace.gstin,
        phone: marketplace.carePhone,
        email: marketplace.careEmail,
        ...rating,
        marketplace: true,
      }
    : {
        legalName: row.businessName ?? row.sellerName,
        address: vendorAddress(row),
        // Listed vendors have one (sellerMaySell); '' would be a bug the response shows.
        gstin: row.gstNumber ?? '',
        phone: row.sellerMobile,
        email: row.sellerEmail,
        ...rating,
        marketplace: false,
      }
  // A listed product's declarations are complete (products_listed_declared_check), so these
  // parses only turn the nullable columns into the listed types; a failure is a bug (500).
  return {
    ...toProduct(row, shape.maxPerProduct, marketplace.legalName),
    images: [row.image, ...row.extraImages],
    seller,
    declarations: listedDeclarations.parse(declarations),
    warranty: listedWarranty.parse(warranty),
    ...(row.familyId ? { variants: await productFamilyOf(db, row.familyId) } : {}),
  }
}

/** "12, MG Road, Bengaluru, Karnataka 560001": the seller's geographic address on one line. */
function vendorAddress(row: {
  addressLine: string | null
  city: string | null
  stateCode: string | null
  pincode: string | null
}): string | null {
  if (!row.addressLine) return null
  const state = row.stateCode ? GST_STATES[row.stateCode] : undefined
  const place = [state, row.pincode].filter(Boolean).join(' ')
  return [row.addressLine, row.city, place].filter(Boolean).join(', ')
}

/** What a product page's short id names (issue 29): see `productPageLookup`. */
export type ProductPageLookup =
  | { status: 'listed'; id: string; canonicalPath: string }
  | { status: 'missing' }
  | { status: 'gone' }

/**
 * The product a page's short id names: `listed` with its id and the path its page lives at now
 * (`/p/{slug}-{shortId}`, the slug from today's title); `gone` once it is deleted (410);
 * `missing` for an unknown id and for a product that is not listed (its seller unapproved or
 * suspended, its declarations incomplete), which shoppers must not learn exists (404).
 * docs/decisions/065-product-urls-and-sitemaps.md
 */
export async function productPageLookup(db: Db, shortId: string): Promise<ProductPageLookup> {
  if (!SHORT_ID_PATTERN.test(shortId)) return { status: 'missing' }
  const [row] = await db
    .select({
      id: products.id,
      title: products.title,
      shortId: products.shortId,
      listed: products.listed,
      deletedAt: products.deletedAt,
    })
    .from(products)
    .where(eq(products.shortId, shortId))
  if (!row) return { status: 'missing' }
  if (row.deletedAt) return { status: 'gone' }
  if (!row.listed) return { status: 'missing' }
  return { status: 'listed', id: row.id, canonicalPath: productPath(row) }
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
