import { z } from 'zod'
import { DEFAULT_SORT, LIMITS, SECTIONS, SORT_OPTIONS } from './constants'
import { plainNumber } from './numbers'

export const product = z.object({
  _id: z.uuid(),
  image: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  section: z.enum(SECTIONS),
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
  /** The seller's display name ("Not Available" is the UI's job when missing). */
  username: z.string().nullable(),
})
export type Product = z.infer<typeof product>

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

export const listProductsQuery = z
  .strictObject({
    category: commaList.optional(),
    brand: commaList.optional(),
    section: commaList.optional(),
    minPrice: rupeeBound.optional(),
    maxPrice: rupeeBound.optional(),
    sortBy: z.enum(SORT_OPTIONS, 'Unknown sort option').default(DEFAULT_SORT),
    page: plainNumber('page')
      .pipe(z.number().int('page must be a whole number').min(1).max(10_000))
      .default(1),
    limit: plainNumber('limit')
      .pipe(z.number().int('limit must be a whole number').min(1).max(LIMITS.listingPageSizeMax))
      .default(LIMITS.listingPageSize),
  })
  .refine((q) => q.minPrice == null || q.maxPrice == null || q.minPrice <= q.maxPrice, {
    message: 'minPrice must not be above maxPrice',
    path: ['minPrice'],
  })
export type ListProductsQuery = z.output<typeof listProductsQuery>

export const productListResponse = z.object({
  success: z.literal(true),
  data: z.array(product),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
})
export type ProductList = z.infer<typeof productListResponse>

export const productResponse = z.object({ success: z.literal(true), data: product })
export type ProductReply = z.infer<typeof productResponse>

export const filterOptionsResponse = z.object({
  success: z.literal(true),
  data: z.object({ category: z.array(z.string()), brand: z.array(z.string()) }),
})
export type FilterOptionsReply = z.infer<typeof filterOptionsResponse>
export type FilterOptions = FilterOptionsReply['data']

export const featureImage = z.object({
  _id: z.uuid(),
  image: z.string(),
  title: z.string().nullable(),
  /** A banner may point at one product (spec: "one banner links to a specific product"). */
  productId: z.uuid().nullable(),
})
export type FeatureImage = z.infer<typeof featureImage>
export const featureListResponse = z.object({
  success: z.literal(true),
  data: z.array(featureImage),
})
export type FeatureListReply = z.infer<typeof featureListResponse>
