import { z } from 'zod'
import { CART_QUANTITY_MAX } from './order-limits'
import { product } from './catalog'
import { HOME_SECTIONS, LIMITS, PRODUCT_IMAGES_MAX, SECTIONS } from './constants'
import {
  declarationProblems,
  declarationsBody,
  productDeclarations,
  productWarranty,
  warrantyBody,
  warrantyProblems,
} from './declarations'
import { hsnField } from './hsn'
import { plainNumber } from './numbers'
import { requiredText } from './validators'
import { uploadedImageUrl } from './uploads'

/** Form inputs send strings: plain decimal digits only ('' is "missing"). */
const numberInput = (label: string) =>
  plainNumber(label).pipe(z.number().min(0, `${label} must be 0 or more`))

const rupeesInput = (label: string) =>
  numberInput(label).pipe(
    z
      .number()
      .max(10_000_000, `${label} must be at most 1,00,00,000`)
      .refine((n) => Number.isInteger(Math.round(n * 100 * 1e6) / 1e6), {
        message: `${label} can have at most 2 decimals`,
      }),
  )

/** Nothing sells for less than ₹1 (payment gateways refuse smaller amounts too). */
const MIN_PRICE = `₹${LIMITS.productPriceMin}`

/** Blank (or absent) means "the shop's default"; else the most units one order may hold. */
const maxPerOrderInput = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  plainNumber('Max per order')
    .pipe(
      z
        .number()
        .int('Max per order must be a whole number')
        .min(1, 'Max per order must be at least 1')
        .max(CART_QUANTITY_MAX, `Max per order must be at most ${CART_QUANTITY_MAX}`),
    )
    .nullable(),
)

const optionText = (label: string) => requiredText(label, 40).toLowerCase()

/** A product's images in order, the cover first (decision 091). */
const productImages = z
  .array(uploadedImageUrl('Image'), { error: 'Images must be a list of uploaded images' })
  .min(1, 'Add at least one image')
  .max(PRODUCT_IMAGES_MAX, `A product can have at most ${PRODUCT_IMAGES_MAX} images`)
  .refine((urls) => new Set(urls).size === urls.length, {
    message: 'Each image can be added only once',
  })

/**
 * A product as an admin or seller sends it when editing (spec §5: every field but averageReview
 * required). The seller is the signed-in user; `userName` and `averageReview` are accepted for
 * the spec's payload but ignored (the average comes from reviews). The legal declarations and
 * the warranty may be incomplete here: the product is then saved unlisted (decision 066);
 * `newProductBody` is the one for adding, which requires them.
 */
/** The product form's fields, unrefined (a variant family's form shares most of them). */
export const productFields = z.object({
  // `images` is the gallery, the cover first. A client from before galleries sends only
  // `image`: the cover, with the product's other images kept (decision 091).
  image: uploadedImageUrl('Image').optional(),
  images: productImages.optional(),
  title: requiredText('Title', 200),
  description: requiredText('Description', 5000),
  category: optionText('Category'),
  brand: optionText('Brand'),
  // '' or null: no section. A seller's featured/top-deals/trending is saved as a suggestion
  // for an admin to approve; an admin's choice is applied (decision 085).
  section: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z
      .enum(SECTIONS, 'Section must be one of featured, top-deals, trending, accessories')
      .nullable(),
  ),
  // Picked by the seller from the shop's list, never guessed from the title: the invoice's HSN
  // and GST rate follow it.
  hsn: hsnField,
  price: rupeesInput('Price').refine((n) => n >= LIMITS.productPriceMin, {
    message: `Price must be at least ${MIN_PRICE}`,
  }),
  // 0 means "not on sale" (spec: the Sale badge shows when salePrice is above 0).
  salePrice: rupeesInput('Sale Price').refine((n) => n === 0 || n >= LIMITS.productPriceMin, {
    message: `Sale Price must be at least ${MIN_PRICE} (or 0 for no sale)`,
  }),
  totalStock: numberInput('Total Stock').pipe(
    z.number().int('Total Stock must be a whole number').max(1_000_000),
  ),
  maxPerOrder: maxPerOrderInput,
  declarations: declarationsBody,
  warranty: warrantyBody,
  averageReview: z.unknown().optional(),
  userName: z.string().optional(),
})

export const productBody = productFields
  .refine((body) => body.salePrice === 0 || body.salePrice < body.price, {
    message: 'Sale Price must be below Price (or 0 for no sale)',
    path: ['salePrice'],
  })
  .superRefine((body, ctx) => {
    for (const problem of warrantyProblems(body.warranty))
      ctx.addIssue({ code: 'custom', ...problem })
    if (!body.image && !body.images) {
      ctx.addIssue({ code: 'custom', message: 'Image is required', path: ['images'] })
    } else if (body.image && body.images && body.images[0] !== body.image) {
      ctx.addIssue({
        code: 'custom',
        message: 'Image must be the first of the images (the cover)',
        path: ['image'],
      })
    }
  })
  .transform(({ averageReview: _a, userName: _u, image, images, ...rest }) => ({
    ...rest,
    // One of the two is there (checked above); `images` wins, its first is the cover.
    image: images?.[0] ?? image ?? '',
    // The whole gallery in order; null: only the cover was sent (keep the other images).
    images: images ?? null,
  }))
export type ProductInput = z.input<typeof productBody>
export type ProductValues = z.output<typeof productBody>

/**
 * A new product: as `productBody`, with every declaration and the warranty required, each
 * missing one named under its field (a seller lists what it adds; drafts are not a thing).
 */
export const newProductBody = productBody.superRefine((body, ctx) => {
  for (const problem of declarationProblems(body.declarations, body.warranty)) {
    ctx.addIssue({ code: 'custom', ...problem })
  }
})

/** What the back office sees: the shop's product plus whether shoppers can see it. */
export const adminProduct = product.extend({
  /** Every image in order, the cover (`image`) first (decision 091). */
  images: z.array(z.string()).min(1),
  listed: z.boolean(),
  /** The product's own limit per order as its form set it; null uses the shop's default. */
  maxPerOrder: z.number().int().nullable(),
  /** The six-digit HSN its form set; shoppers' product views do not carry it. */
  hsn: z.string(),
  declarations: productDeclarations,
  warranty: productWarranty,
  /** Every declaration and the warranty given: it may be listed (decision 066). */
  declarationsComplete: z.boolean(),
  /** The home section its seller asked for, waiting for an admin; null: none (decision 085). */
  suggestedSection: z.enum(HOME_SECTIONS).nullable(),
  /** Its variant family (edited through the family form, decision 090); null: none. */
  familyId: z.uuid().nullable(),
})
export type AdminProduct = z.infer<typeof adminProduct>

/** What the back office's product list can be narrowed to (issue 31, item 8). */
export const ADMIN_PRODUCT_STATUSES = [
  'listed',
  'hidden',
  'incomplete',
  'out-of-stock',
  'suggested',
] as const
export type AdminProductStatus = (typeof ADMIN_PRODUCT_STATUSES)[number]
export const ADMIN_PRODUCT_STATUS_LABELS: Record<AdminProductStatus, string> = {
  listed: 'In the shop',
  hidden: 'Hidden from the shop',
  incomplete: 'Declarations missing',
  'out-of-stock': 'Out of stock',
  suggested: 'Section suggested',
}
export const ADMIN_PRODUCTS_PAGE_SIZE = 24

/**
 * One page of the back office's products, newest first. `q` finds a title or brand containing
 * it; `status` keeps `listed` (shoppers see it), `hidden` (they do not), `incomplete`
 * (declarations missing), `out-of-stock` or `suggested` (a home section awaits an admin) ones.
 */
export const adminProductsQuery = z.strictObject({
  /** Admins: one seller's products. Sellers always get their own, whatever this says. */
  userName: z
    .string()
    .trim()
    .max(60)
    .optional()
    .transform((name) => name || undefined),
  /** Admins: one seller's products, by its id (user names need not be unique). */
  sellerId: z.uuid('sellerId must be a seller’s id').optional(),
  q: z
    .string()
    .trim()
    .max(100, 'Search must be at most 100 characters')
    .optional()
    .transform((q) => q || undefined),
  status: z.enum(ADMIN_PRODUCT_STATUSES, 'Unknown product status').optional(),
  page: plainNumber('page')
    .pipe(z.number().int('page must be a whole number').min(1).max(10_000))
    .default(1),
  limit: plainNumber('limit')
    .pipe(z.number().int('limit must be a whole number').min(1).max(100))
    .default(ADMIN_PRODUCTS_PAGE_SIZE),
})
export type AdminProductsQuery = z.output<typeof adminProductsQuery>
export type AdminProductsQueryInput = z.input<typeof adminProductsQuery>

export const adminProductListResponse = z.object({
  success: z.literal(true),
  data: z.array(adminProduct),
  /** Products matching the filters, over all pages. */
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** The seller's (or, for an admin, the shop's) products whose declarations are missing, whatever the filters: the banner's count. */
  incomplete: z.number().int(),
  /** The seller's (or the shop's) products whose suggested home section awaits an admin. */
  suggested: z.number().int(),
})
export type AdminProductListResponse = z.infer<typeof adminProductListResponse>
export type AdminProductList = AdminProductListResponse
export const adminProductResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: adminProduct,
})
export type AdminProductResponse = z.infer<typeof adminProductResponse>

export const createFilterBody = z.object({
  category: optionText('Category'),
  brand: optionText('Brand'),
})
export type CreateFilterInput = z.input<typeof createFilterBody>

/** Which filter list an option belongs to. */
export const FILTER_KINDS = ['category', 'brand'] as const
export type FilterKind = (typeof FILTER_KINDS)[number]

/** DELETE /admin/filters/:kind/:value: one option to remove (refused while products use it). */
export const filterOptionParams = z.object({
  kind: z.enum(FILTER_KINDS, 'kind must be category or brand'),
  value: z.string().trim().min(1).max(40),
})
export type FilterOptionParams = z.infer<typeof filterOptionParams>
