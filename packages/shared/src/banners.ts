import { z } from 'zod'
import { LIMITS } from './constants'
import { uploadedImageUrl } from './uploads'

/**
 * Where a home banner goes when it is clicked (issue 31.3): one product, a category or a brand of
 * the listing, or a search. The server checks that the product, category or brand exists.
 */
export const BANNER_LINK_KINDS = ['product', 'category', 'brand', 'search'] as const
export type BannerLinkKind = (typeof BANNER_LINK_KINDS)[number]

export const BANNER_LINK_KIND_LABELS: Record<BannerLinkKind, string> = {
  product: 'A product',
  category: 'A category',
  brand: 'A brand',
  search: 'A search',
}

const optionValue = (what: string) =>
  z
    .string(`Choose a ${what}`)
    .trim()
    .toLowerCase()
    .min(1, `Choose a ${what}`)
    .max(60, `Choose a ${what}`)

export const bannerLink = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('product'), productId: z.uuid('Choose a product') }),
    z.object({ kind: z.literal('category'), value: optionValue('category') }),
    z.object({ kind: z.literal('brand'), value: optionValue('brand') }),
    z.object({
      kind: z.literal('search'),
      value: z
        .string('Enter the words to search for')
        .trim()
        .min(
          LIMITS.searchMinChars,
          `Search words need at least ${LIMITS.searchMinChars} characters`,
        )
        .max(100, 'Search words can be at most 100 characters'),
    }),
  ],
  { error: 'Choose where the banner links to' },
)
export type BannerLink = z.infer<typeof bannerLink>

/** Where the storefront sends a banner's link that is not a product (a product's page has its own path). */
export function bannerLinkPath(link: Exclude<BannerLink, { kind: 'product' }>): string {
  switch (link.kind) {
    case 'category':
      return `/shop/listing?category=${encodeURIComponent(link.value)}`
    case 'brand':
      return `/shop/listing?brand=${encodeURIComponent(link.value)}`
    case 'search':
      return `/shop/search?q=${encodeURIComponent(link.value)}`
  }
}

export const featureImage = z.object({
  _id: z.uuid(),
  image: z.string(),
  /**
   * The banner's phone artwork (portrait, readable text), chosen by the browser below 640 px;
   * null: phones get the wide image, shrunk.
   */
  mobileImage: z.string().nullable(),
  /** Alt text: what the banner says (null only on banners added before it was required). */
  title: z.string().nullable(),
  /** The linked product's id when the link is a product (spec: "one banner links to a product"). */
  productId: z.uuid().nullable(),
  /** Where a click goes, as the admin set it; null: a picture only. */
  link: bannerLink.nullable(),
  /** The storefront path the link opens (a product's page, a listing, a search); null: no link. */
  href: z.string().nullable(),
  sortOrder: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
})
export type FeatureImage = z.infer<typeof featureImage>
export const featureListResponse = z.object({
  success: z.literal(true),
  data: z.array(featureImage),
})
export type FeatureListReply = z.infer<typeof featureListResponse>

const when = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label} must be a date and time` })
    // Years a banner can run in (the database's timestamps refuse year 0 and before).
    .refine((at) => at >= '2000' && at < '2100', `${label} must be in 2000-2099`)
    .nullable()

/** What an admin may set on a banner besides its images (added with them, or changed later). */
const bannerSettings = z.object({
  /** Alt text: what the banner says, read by screen readers and shown when the image fails. */
  title: z
    .string('Alt text is required')
    .trim()
    .min(1, 'Alt text is required')
    .max(120, 'Alt text can be at most 120 characters'),
  /** Where a click goes; null: the banner is a picture only. */
  link: bannerLink.nullable(),
  /** Its place in the rotation: lower first, ties by when they were added. */
  sortOrder: z.coerce
    .number('Order must be a whole number')
    .int('Order must be a whole number')
    .min(0, 'Order must be 0 or more')
    .max(999, 'Order can be at most 999'),
  /** Shown from then (null: at once) until `endsAt` (null: until deleted). */
  startsAt: when('Start'),
  endsAt: when('End'),
})

const endAfterStart = (
  value: { startsAt?: string | null; endsAt?: string | null },
  ctx: z.RefinementCtx,
) => {
  if (value.startsAt && value.endsAt && Date.parse(value.endsAt) <= Date.parse(value.startsAt)) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'End must be after the start' })
  }
}

export const addFeatureBody = bannerSettings
  .extend({
    image: uploadedImageUrl('Image'),
    /** Optional portrait artwork for phones (uploaded with kind `bannerPhone`). */
    mobileImage: uploadedImageUrl('Phone image').optional(),
    link: bannerLink.nullable().default(null),
    /** Unset: after every other banner. */
    sortOrder: bannerSettings.shape.sortOrder.optional(),
    startsAt: bannerSettings.shape.startsAt.default(null),
    endsAt: bannerSettings.shape.endsAt.default(null),
  })
  .superRefine(endAfterStart)
export type AddFeatureInput = z.input<typeof addFeatureBody>
export type AddFeatureBody = z.output<typeof addFeatureBody>

/** PATCH /common/feature/:id: any of the settings; the images stay. */
export const updateFeatureBody = bannerSettings.partial().superRefine(endAfterStart)
export type UpdateFeatureInput = z.input<typeof updateFeatureBody>
export type UpdateFeatureBody = z.output<typeof updateFeatureBody>

export const featureResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: featureImage,
})
export type FeatureResponse = z.infer<typeof featureResponse>

/** The admin's list: every banner, live or not, with whether the home page shows it now. */
export const adminFeatureImage = featureImage.extend({ live: z.boolean() })
export type AdminFeatureImage = z.infer<typeof adminFeatureImage>
export const adminFeatureListResponse = z.object({
  success: z.literal(true),
  data: z.array(adminFeatureImage),
})
export type AdminFeatureListReply = z.infer<typeof adminFeatureListResponse>
