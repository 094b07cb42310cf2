import { z } from 'zod'
import {
  DEFAULT_SORT,
  DISCOUNT_FILTERS,
  LIMITS,
  OPTION_NAMES,
  RATING_FILTERS,
  SECTIONS,
  SORT_OPTIONS,
} from './constants'
import { listedDeclarations, listedWarranty, productSeller } from './declarations'
import { plainNumber } from './numbers'
import { familySummary, optionValues, productFamily } from './variant-options'

export const product = z.object({
  _id: z.uuid(),
  /** The product page's id: its page is `productPath({ title, shortId })`, `/p/{slug}-{shortId}`. */
  shortId: z.string(),
  image: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  /** Null: in no section (a seller's product whose home section awaits an admin, decision 085). */
  section: z.enum(SECTIONS).nullable(),
  brand: z.string(),
  /** Rupees. */
  price: z.number(),
  /** Rupees; 0 when the product is not on sale. */
  salePrice: z.number(),
  totalStock: z.number().int(),
  /** Most units of this product one order may hold (its own limit, else the shop's). */
  orderLimit: z.number().int(),
  averageReview: z.number(),
  reviewCount: z.number().int(),
  /**
   * Who sells it, as shoppers see it: the seller's business name (its user name until it gave
   * one), or the marketplace's legal name for its own goods; never a person's name.
   */
  username: z.string().nullable(),
  /** A variant's choice per option ("Colour": "Blue"); absent for single-variant products. */
  optionValues: optionValues.optional(),
  /** Listings only, on a family's one card: its title, price range and swatches (decision 090). */
  family: familySummary.optional(),
})
export type Product = z.infer<typeof product>

/**
 * One product as its detail shows it: the listing's product plus what the law asks a listing
 * to show (decision 066). Listings keep the small `product`.
 */
export const productDetail = product.extend({
  /**
   * Every image in order, the cover (`image`) first, 1 to `PRODUCT_IMAGES_MAX`; each has the
   * upload path's smaller sizes beside it, as `image` has (decision 091).
   */
  images: z.array(z.string()).min(1),
  seller: productSeller,
  declarations: listedDeclarations,
  warranty: listedWarranty,
  /** Its family's options and listed variants, for the variant picker; absent: no variants. */
  variants: productFamily.optional(),
})
export type ProductDetail = z.infer<typeof productDetail>

/**
 * A comma-joined list of filter values, in one canonical form: trimmed, lower-case, without
 * blanks or repeats, sorted (the filter is a set), so every spelling of a listing is one page
 * for the API's cache.
 */
const commaList = z
  .string()
  .max(500)
  .transform((value) =>
    [
      ...new Set(
        value
          .split(',')
          .map((part) => part.trim().toLowerCase())
          .filter(Boolean),
      ),
    ].sort(),
  )

/**
 * A price filter bound: whole rupees written as plain digits (a trailing ".0" is the same
 * number), 0 to the filter's maximum. The shop's price filter sends only whole rupees, and
 * refusing fractions, exponents and hex keeps the listing's distinct pages to what a shopper can
 * ask for.
 */
const rupeeBound = z
  .string()
  .regex(/^\d+(\.0+)?$/, 'Price must be a whole number of rupees')
  .transform(Number)
  .pipe(z.number().max(LIMITS.priceFilterMax, `Price must be at most ${LIMITS.priceFilterMax}`))

/** One of a few whole numbers, written in digits (each is one cached page, so only these). */
const oneOf = <T extends readonly number[]>(choices: T, label: string) =>
  z
    .enum(
      choices.map(String) as [string, ...string[]],
      `${label} must be one of ${choices.join(', ')}`,
    )
    .transform((value) => Number(value) as T[number])

/** The listing's filters: what narrows the products, apart from sorting and paging. */
const listingFilterFields = {
  category: commaList.optional(),
  brand: commaList.optional(),
  section: commaList.optional(),
  minPrice: rupeeBound.optional(),
  maxPrice: rupeeBound.optional(),
  /** Average rating at least this many stars (products with no reviews have none). */
  minRating: oneOf(RATING_FILTERS, 'minRating').optional(),
  /** At least this many percent off the M.R.P. */
  minDiscount: oneOf(DISCOUNT_FILTERS, 'minDiscount').optional(),
  /** `1`: only products with stock left. */
  inStock: z
    .enum(['1', 'true'], 'inStock must be 1')
    .transform(() => true as const)
    .optional(),
  /**
   * Variant option values, "colour:blue,storage:256 gb" (decision 090): a product family with a
   * listed variant of each named option's values (any of one option's values, all options).
   */
  options: commaList
    .pipe(z.array(z.string().regex(/^[a-z]+:.+$/, 'options are name:value pairs')).max(12))
    .optional(),
}
const minNotAboveMax = (q: { minPrice?: number; maxPrice?: number }) =>
  q.minPrice == null || q.maxPrice == null || q.minPrice <= q.maxPrice
const minNotAboveMaxError = { message: 'minPrice must not be above maxPrice', path: ['minPrice'] }

export const listProductsQuery = z
  .strictObject({
    ...listingFilterFields,
    sortBy: z.enum(SORT_OPTIONS, 'Unknown sort option').default(DEFAULT_SORT),
    page: plainNumber('page')
      .pipe(z.number().int('page must be a whole number').min(1).max(10_000))
      .default(1),
    limit: plainNumber('limit')
      .pipe(z.number().int('limit must be a whole number').min(1).max(LIMITS.listingPageSizeMax))
      .default(LIMITS.listingPageSize),
  })
  .refine(minNotAboveMax, minNotAboveMaxError)
export type ListProductsQuery = z.output<typeof listProductsQuery>

/** The facet counts' query: the listing's filters alone (one count per filter combination). */
export const listingFacetsQuery = z
  .strictObject(listingFilterFields)
  .refine(minNotAboveMax, minNotAboveMaxError)
export type ListingFilters = z.output<typeof listingFacetsQuery>

/** Option value -> listed products; options without any are absent. */
const facetCounts = z.record(z.string(), z.number().int())
/**
 * For each filter group, how many listed products each option would show with every OTHER
 * group's chosen filters and the price range applied (its own group's choice left out, so
 * options of one group can be combined).
 */
/**
 * Variant option values (decision 090) per option, in `OPTION_NAMES` order: each value's filter
 * key (what `options` takes), its label as a family spells it, a colour's swatch, and how many
 * listed products (one per family) it would show with every other filter, other options'
 * choices included, applied. Options and values with none are absent.
 */
const optionFacets = z.array(
  z.object({
    name: z.enum(OPTION_NAMES),
    values: z.array(
      z.object({
        /** "colour:blue": the value's key in the `options` filter. */
        key: z.string(),
        /** "Blue". */
        value: z.string(),
        /** A colour's swatch hex; null when no family gave one. */
        swatch: z.string().nullable(),
        count: z.number().int(),
      }),
    ),
  }),
)
/**
 * Per group, the values whose count is a lower bound (decision 099): with a price, rating or
 * discount filter each value is counted only up to `LIMITS.facetCountCap`, and a value with more
 * matches reads that cap, shown as "1,000+". Empty lists otherwise: every count is exact.
 */
const approximateCounts = z.object({
  category: z.array(z.string()),
  brand: z.array(z.string()),
  section: z.array(z.string()),
})
export const listingFacetsResponse = z.object({
  success: z.literal(true),
  data: z.object({
    category: facetCounts,
    brand: facetCounts,
    section: facetCounts,
    options: optionFacets,
    approximate: approximateCounts,
  }),
})
export type ListingFacetsReply = z.infer<typeof listingFacetsResponse>
export type ListingFacets = ListingFacetsReply['data']
export type OptionFacet = ListingFacets['options'][number]

export const productListResponse = z.object({
  success: z.literal(true),
  data: z.array(product),
  /** Listed products matching the filters; at least this many when `totalIsApproximate`. */
  total: z.number().int(),
  /**
   * True when the total was counted only up to `LIMITS.listingTotalCap` and there are more
   * ("10,000+", decision 099): a price, rating, discount or option filter over a large catalog.
   * `totalPages` is then a lower bound too, and a full page means there may be another.
   */
  totalIsApproximate: z.boolean(),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
})
export type ProductList = z.infer<typeof productListResponse>

export const productResponse = z.object({ success: z.literal(true), data: productDetail })
export type ProductReply = z.infer<typeof productResponse>

/**
 * `GET /shop/products/by-path/:path`: the product a page path's short id names (the same object
 * `GET /shop/products/get/:id` answers) and the path its page lives at now. A caller holding
 * another path (an old title's slug) answers a 301 to `canonicalPath`.
 */
export const productByPathResponse = productResponse.extend({ canonicalPath: z.string() })
export type ProductByPathReply = z.infer<typeof productByPathResponse>

export const filterOptionsResponse = z.object({
  success: z.literal(true),
  data: z.object({ category: z.array(z.string()), brand: z.array(z.string()) }),
})
export type FilterOptionsReply = z.infer<typeof filterOptionsResponse>
export type FilterOptions = FilterOptionsReply['data']

// The home banners' shapes live in banners.ts (their link targets are defined there).
