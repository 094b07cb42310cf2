/** Product sections shown on the home page and used as a listing filter. */
export const SECTIONS = ['featured', 'top-deals', 'trending', 'accessories'] as const
export type Section = (typeof SECTIONS)[number]
/**
 * The sections the home page shows: only admins place products there; a seller's choice of one
 * is a suggestion an admin approves (decision 085). 'accessories' is a plain section.
 */
export const HOME_SECTIONS = ['featured', 'top-deals', 'trending'] as const
export type HomeSection = (typeof HOME_SECTIONS)[number]
export const isHomeSection = (section: string | null | undefined): section is HomeSection =>
  (HOME_SECTIONS as readonly string[]).includes(section ?? '')

/** The seeded filter options; admins can add more categories and brands later. */
export const SEED_CATEGORIES = ['electronics', 'accessories'] as const
export const SEED_BRANDS = [
  'apple',
  'samsung',
  'xiaomi',
  'oneplus',
  'nothing',
  'realme',
  'boat',
] as const

export const SORT_OPTIONS = [
  'price-lowtohigh',
  'price-hightolow',
  'title-atoz',
  'title-ztoa',
] as const
export type SortOption = (typeof SORT_OPTIONS)[number]
export const DEFAULT_SORT: SortOption = 'price-lowtohigh'

export const ORDER_STATUSES = [
  'pending',
  'confirmed',
  'inProcess',
  'inShipping',
  'delivered',
  'rejected',
  'cancelled',
  'paymentFailed',
  'expired',
  'returned',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]
/** The statuses an admin may pick in the order details dialog. */
export const ADMIN_ORDER_STATUSES = [
  'pending',
  'inProcess',
  'inShipping',
  'delivered',
  'rejected',
] as const

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

export const PAYMENT_METHODS = ['PAYU', 'GATEPAY', 'CASHFREE', 'COD'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

export const ROLES = ['user', 'admin'] as const
export type Role = (typeof ROLES)[number]
export const USER_TYPES = ['user', 'vendor', 'admin'] as const
export type UserType = (typeof USER_TYPES)[number]
export const VENDOR_STATUSES = ['Pending', 'Approved', 'Rejected'] as const
export type VendorStatus = (typeof VENDOR_STATUSES)[number]

/**
 * The listing's rating choices, "4★ & above" and "3★ & above" (decision 089). Here, with no
 * zod, so the storefront's filter panel reads them without the request schemas.
 */
export const RATING_FILTERS = [4, 3] as const
/**
 * Product variants' options (decision 090): a family names up to three of these. Here, with no
 * zod, so the storefront's option filters read them without the variant schemas.
 */
export const OPTION_NAMES = ['Colour', 'Storage', 'RAM', 'Size'] as const
export type OptionName = (typeof OPTION_NAMES)[number]
/** The listing's discount choices: "10% or more" and so on, off the M.R.P. (decision 089). */
export const DISCOUNT_FILTERS = [10, 25, 50] as const

/** Images one product may have: the cover and up to seven more, in order (decision 091). */
export const PRODUCT_IMAGES_MAX = 8

export const LIMITS = {
  maxAddresses: 3,
  priceFilterMax: 300_000,
  /** The lowest price (and sale price, when on sale) of a product, in rupees. */
  productPriceMin: 1,
  lowStockBelow: 10,
  cartPageSize: 10,
  listingPageSize: 24,
  listingPageSizeMax: 100,
  /** A listing total above this many is answered "10,000+" (decision 099). */
  listingTotalCap: 10_000,
  /** With a price, rating or discount filter, a facet count above this reads "1,000+". */
  facetCountCap: 1_000,
  ratingMin: 1,
  ratingMax: 5,
  searchMinChars: 4,
  searchDelayMs: 1000,
  searchMaxResults: 50,
  searchMaxChars: 100,
  bannerRotateMs: 15_000,
  carouselScrollMs: 3_000,
  filterCacheSeconds: 300,
  reviewMaxChars: 2000,
  /** Reviews per page of a product's list (decision 094). */
  reviewPageSize: 10,
  /** Photos a shopper may attach to one review. */
  reviewMaxPhotos: 3,
} as const
