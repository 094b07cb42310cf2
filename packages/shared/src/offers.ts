import { z } from 'zod'
import { idParam } from './api'
import { formatRupees } from './money'

/** Decision 092: coupons, who pays for a discount, and scheduled sale prices. */
export const COUPON_KINDS = ['percent', 'fixed'] as const
export type CouponKind = (typeof COUPON_KINDS)[number]
/** Which lines a coupon discounts: all, one category, one brand, or one seller's products. */
export const COUPON_SCOPES = ['all', 'category', 'brand', 'seller'] as const
export type CouponScope = (typeof COUPON_SCOPES)[number]
/** Who bears a discount: the marketplace (the seller is paid the full price) or the seller. */
export const DISCOUNT_FUNDERS = ['marketplace', 'seller'] as const
export type DiscountFunder = (typeof DISCOUNT_FUNDERS)[number]

/** Codes are kept upper-case: `welcome10` and `WELCOME10` are one coupon. */
export const normaliseCouponCode = (code: string) => code.trim().toUpperCase()

const couponCode = z
  .string()
  .trim()
  .min(3, 'A coupon code has at least 3 characters')
  .max(20, 'A coupon code has at most 20 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ only in a coupon code')
  .transform(normaliseCouponCode)

const rupees = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .nonnegative(`${label} cannot be negative`)
    .max(10_000_000, `${label} is too large`)
    .multipleOf(0.01, `${label} has at most 2 decimals`)

/** What the admin (or a seller, for its own products) fills in for a coupon; amounts in rupees. */
export const couponBody = z
  .object({
    code: couponCode,
    description: z.string().trim().max(200).default(''),
    kind: z.enum(COUPON_KINDS, 'Choose percent or fixed'),
    /** Percent (1-100) or rupees off. */
    value: z
      .number({ error: 'Enter the discount' })
      .min(0.01, 'The discount must be above 0')
      .max(10_000_000, 'The discount is too large')
      .multipleOf(0.01, 'The discount has at most 2 decimals'),
    minOrder: rupees('The minimum order').default(0),
    /** Rupees: the most a percent coupon takes off; null: no cap. */
    maxDiscount: rupees('The maximum discount').positive().nullable().default(null),
    startsAt: z.iso.datetime({ offset: true, error: 'Enter when the coupon starts' }),
    endsAt: z.iso.datetime({ offset: true, error: 'Enter when the coupon ends' }),
    /** Orders the coupon may be used on in all; null: no limit. */
    totalLimit: z
      .number()
      .int()
      .positive('The total limit must be at least 1')
      .nullable()
      .default(null),
    perShopperLimit: z.number().int().positive('Each shopper may use it at least once').default(1),
    firstOrderOnly: z.boolean().default(false),
    scope: z.enum(COUPON_SCOPES, 'Choose which items the coupon is for').default('all'),
    /** The category or brand for those scopes; ignored otherwise. */
    scopeValue: z.string().trim().max(100).nullable().default(null),
    /** The seller for scope `seller` (a seller's own coupon: set by the server). */
    sellerId: idParam.nullable().default(null),
    fundedBy: z.enum(DISCOUNT_FUNDERS, 'Choose who pays for the discount').default('marketplace'),
    active: z.boolean().default(true),
  })
  .superRefine((c, ctx) => {
    if (c.kind === 'percent' && c.value > 100) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage is at most 100' })
    }
    if (Date.parse(c.endsAt) <= Date.parse(c.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must be after the start' })
    }
    if ((c.scope === 'category' || c.scope === 'brand') && !c.scopeValue) {
      ctx.addIssue({ code: 'custom', path: ['scopeValue'], message: `Choose the ${c.scope}` })
    }
    if (c.fundedBy === 'seller' && c.scope !== 'seller') {
      ctx.addIssue({
        code: 'custom',
        path: ['fundedBy'],
        message: 'A coupon the seller pays for is for that seller’s products only',
      })
    }
  })
export type CouponInput = z.infer<typeof couponBody>

/** A coupon as the back office lists it (rupees). */
export const couponView = z.object({
  _id: z.uuid(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number(),
  minOrder: z.number(),
  maxDiscount: z.number().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  totalLimit: z.number().int().nullable(),
  perShopperLimit: z.number().int(),
  firstOrderOnly: z.boolean(),
  scope: z.enum(COUPON_SCOPES),
  scopeValue: z.string().nullable(),
  sellerId: z.uuid().nullable(),
  fundedBy: z.enum(DISCOUNT_FUNDERS),
  active: z.boolean(),
  /** Orders that used it (unpaid ones that ended give their use back). */
  usedCount: z.number().int(),
})
export type CouponView = z.infer<typeof couponView>
export const couponListResponse = z.object({ success: z.literal(true), data: z.array(couponView) })
export const couponResponse = z.object({ success: z.literal(true), data: couponView })
export const couponParams = z.object({ id: idParam })

/** A coupon code sent with the quote or the order. */
export const couponCodeField = z
  .string()
  .trim()
  .min(1, 'Enter a coupon code')
  .max(40, 'This coupon code is not valid')
  .transform(normaliseCouponCode)

/** The coupon a quote or an order carries: its code and what it takes off (rupees). */
export const appliedCoupon = z.object({
  code: z.string(),
  discount: z.number(),
  fundedBy: z.enum(DISCOUNT_FUNDERS),
})
export type AppliedCoupon = z.infer<typeof appliedCoupon>

/** The refusals a shopper reads when a coupon cannot be used (decision 092). */
export const couponMessages = {
  unknown: 'This coupon code is not valid',
  notStarted: 'This coupon is not active yet',
  expired: 'This coupon has expired',
  minOrder: (shortRupees: number) => `Add ${formatRupees(shortRupees)} more to use this coupon`,
  firstOrder: 'This coupon is for first orders only',
  usedByYou: 'You have already used this coupon',
  usedUp: 'This coupon has been fully used',
  notForItems: 'This coupon is not valid for these items',
} as const

/** How far in the past a sale may be set to start (a form filled in slowly), in minutes. */
export const SCHEDULED_SALE_START_GRACE_MINUTES = 5

const salePrice = z
  .number({ error: 'Enter the sale price' })
  .min(1, 'The sale price must be at least ₹1')
  .max(10_000_000, 'The sale price is too large')
  .multipleOf(0.01, 'The sale price has at most 2 decimals')

/** When a sale runs; the server also refuses a start in the past and overlapping sales. */
const saleWindow = z.object({
  /** Rupees; below the product's price (the server checks it against the product). */
  salePrice,
  startsAt: z.iso.datetime({ offset: true, error: 'Enter when the sale starts' }),
  endsAt: z.iso.datetime({ offset: true, error: 'Enter when the sale ends' }),
})
const endAfterStart = {
  path: ['endsAt'],
  message: 'The end must be after the start',
}

/** A sale price a product takes between two moments (an automatic offer, rupees). */
export const scheduledSaleBody = saleWindow
  .extend({ productId: idParam })
  .refine((s) => Date.parse(s.endsAt) > Date.parse(s.startsAt), endAfterStart)
export type ScheduledSaleInput = z.infer<typeof scheduledSaleBody>

/** A change to a sale that has not started: its price and window (the product stays). */
export const scheduledSaleEditBody = saleWindow.refine(
  (s) => Date.parse(s.endsAt) > Date.parse(s.startsAt),
  endAfterStart,
)
export type ScheduledSaleEditInput = z.infer<typeof scheduledSaleEditBody>

/** An admin may narrow the list to one seller's products; a seller always sees its own. */
export const scheduledSaleListQuery = z.object({ sellerId: idParam.optional() })
export const scheduledSaleParams = z.object({ id: idParam })

/**
 * Where a sale stands: upcoming (not applied yet), running (its price is the product's),
 * ended (its end came) or cancelled (called off before its start, or ended early).
 */
export const SCHEDULED_SALE_STATUSES = ['upcoming', 'running', 'ended', 'cancelled'] as const
export type ScheduledSaleStatus = (typeof SCHEDULED_SALE_STATUSES)[number]

/** A scheduled sale as the back office lists it (rupees). */
export const scheduledSaleView = z.object({
  _id: z.uuid(),
  productId: z.uuid(),
  productTitle: z.string(),
  sellerId: z.uuid(),
  sellerName: z.string(),
  /** The product's price now (its M.R.P. as listed), for comparison. */
  price: z.number(),
  salePrice: z.number(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(SCHEDULED_SALE_STATUSES),
  /** When it ended or was called off; null while upcoming or running. */
  endedAt: z.string().nullable(),
})
export type ScheduledSaleView = z.infer<typeof scheduledSaleView>
export const scheduledSaleListResponse = z.object({
  success: z.literal(true),
  data: z.array(scheduledSaleView),
})
export const scheduledSaleResponse = z.object({ success: z.literal(true), data: scheduledSaleView })
