import { z } from 'zod'
import { idParam } from './api'
import { buyNowLine, buyNowQueryComplete, buyNowQueryFields } from './buy-now'
import { appliedCoupon, couponCodeField } from './offers'
import { ORDER_STATUSES, PAYMENT_STATUSES } from './constants'
import { ORDER_ACTORS, ORDER_HISTORY_EVENTS } from './order-lifecycle'
import { LINE_STATES } from './order-standing'
import { creditNoteSummary, refund } from './refunds'
import { orderReturn } from './returns'
import { orderParcel } from './shipping'
import { checkPincodeState, whenValid } from './business-address'
import { GST_STATES } from './gst-states'
import { gstStateName } from './pincode-states'
import { gstinProblem, pincodeField, requiredText } from './validators'

/** Every method an order may carry; PHONEPAY is a deposit mode, not offered at checkout. */
export const ORDER_PAYMENT_METHODS = ['PAYU', 'GATEPAY', 'CASHFREE', 'PHONEPAY', 'COD'] as const
export type OrderPaymentMethod = (typeof ORDER_PAYMENT_METHODS)[number]

export const BUYER_GSTIN_MESSAGE = 'Enter a valid GSTIN like 29AAGCB7383J1Z4'

/**
 * A business buyer's billing address: the recipient's address on its tax invoices (rule 46(1)(e)),
 * its place of business in its GSTIN's state (a GSTIN is issued per state), with a PIN code that
 * can be in that state. The goods may still be delivered elsewhere (decision 069).
 */
export const buyerBillingAddress = z
  .object(
    {
      addressLine: requiredText('Address', 300),
      city: requiredText('City', 100),
      stateCode: z
        .string({ error: 'State is required' })
        .refine((code) => Object.hasOwn(GST_STATES, code), 'State is required'),
      pincode: pincodeField(),
    },
    { error: 'The billing address is required' },
  )
  .superRefine(checkPincodeState, whenValid('pincode', 'stateCode'))
export type BuyerBillingAddressInput = z.input<typeof buyerBillingAddress>
export type BuyerBillingAddress = z.output<typeof buyerBillingAddress>

/** The billing address's state must be the GSTIN's: its first two digits. */
export function billingStateProblem(gstin: string, stateCode: string): string | null {
  const gstinState = gstin.slice(0, 2)
  if (!Object.hasOwn(GST_STATES, gstinState) || gstinState === stateCode) return null
  return `A GSTIN starting ${gstinState} is registered in ${gstStateName(gstinState)}: the billing address must be there`
}

/** A billing address on one line, as the order details print it beside the GSTIN. */
export function formatBillingAddress(address: {
  addressLine: string
  city: string
  stateCode: string
  pincode: string
}): string {
  return `${address.addressLine}, ${address.city} ${address.pincode}, ${gstStateName(address.stateCode)}`
}

/**
 * A business buyer, printed as the recipient on its invoices so it can claim the input tax
 * credit: its GSTIN (check character verified: a typo would put the credit on no one), legal name
 * and billing address ("Billed to"). The delivery address ("Shipped to") may be in another state;
 * the checkout then says the input tax credit may not be available (issue 30.1).
 */
export const orderBuyerInput = z
  .object(
    {
      gstin: z
        .string({ error: 'GSTIN is required' })
        .trim()
        .toUpperCase()
        .min(1, 'GSTIN is required')
        .refine((gstin) => gstinProblem(gstin) === null, BUYER_GSTIN_MESSAGE),
      legalName: z
        .string({ error: 'Legal name is required' })
        .trim()
        .min(1, 'Legal name is required')
        .min(2, 'Legal name must be at least 2 characters')
        .max(100, 'Legal name must be at most 100 characters'),
      billingAddress: buyerBillingAddress,
    },
    { error: 'Business details must have a GSTIN, a legal name and a billing address' },
  )
  .superRefine(
    (buyer, ctx) => {
      const problem = billingStateProblem(buyer.gstin, buyer.billingAddress.stateCode)
      if (problem) {
        ctx.addIssue({ code: 'custom', path: ['billingAddress', 'stateCode'], message: problem })
      }
    },
    whenValid('gstin', 'billingAddress'),
  )
export type OrderBuyerInput = z.input<typeof orderBuyerInput>
export type OrderBuyer = z.output<typeof orderBuyerInput>

/**
 * The spec's payload. Only `userId`, `addressInfo.addressId`, `paymentMethod` and a business
 * `buyer` are used: the lines, prices, totals and statuses come from the server's catalog and the
 * caller's cart, so the other fields are accepted for compatibility and ignored.
 */
export const createOrderBody = z.object({
  userId: idParam,
  cartId: z.string().max(100).optional(),
  cartItems: z.array(z.unknown()).max(200).optional(),
  addressInfo: z.object(
    { addressId: z.uuid('Please select one address to proceed.') },
    { error: 'Please select one address to proceed.' },
  ),
  orderStatus: z.unknown().optional(),
  paymentMethod: z.enum(ORDER_PAYMENT_METHODS, 'Please choose a payment method'),
  /** Absent for a personal purchase. */
  buyer: orderBuyerInput.optional(),
  /** Buy Now: the order is this one line, not the cart (which stays as it is). Decision 089. */
  buyNow: buyNowLine.optional(),
  /** A coupon to use, checked again as the order is placed (decision 092). */
  couponCode: couponCodeField.optional(),
  paymentStatus: z.unknown().optional(),
  totalAmount: z.unknown().optional(),
  orderDate: z.unknown().optional(),
  orderUpdateDate: z.unknown().optional(),
  paymentId: z.unknown().optional(),
  payerId: z.unknown().optional(),
})
export type CreateOrderInput = z.infer<typeof createOrderBody>

/** The shop's order limits, shown at checkout before the shopper pays. */
export const orderLimits = z.object({
  /** Units of one product an order may hold when the product sets no limit of its own. */
  maxPerProduct: z.number().int(),
  /** Rupees: the largest order total cash on delivery accepts. */
  codMaxAmount: z.number(),
  /** Orders one account may place per hour. */
  ordersPerHour: z.number().int(),
  /** Minutes an online order waits for its payment before it ends (PAYMENT_WINDOW_MINUTES). */
  paymentWindowMinutes: z.number().int(),
  /**
   * Units one account's unpaid online orders may hold at once, the new order's included
   * (UNPAID_HOLD_MAX_UNITS, issue 26.15); cash on delivery is not counted.
   */
  unpaidHoldMaxUnits: z.number().int(),
  /** Units the caller's unpaid online orders hold now (0 for a guest). */
  unpaidHeldUnits: z.number().int(),
})
export type OrderLimits = z.infer<typeof orderLimits>
export const orderLimitsResponse = z.object({ success: z.literal(true), data: orderLimits })
export type OrderLimitsResponse = z.infer<typeof orderLimitsResponse>

/** GET /shop/order/quote: the saved address the order would go to, once one is chosen. */
export const orderQuoteQuery = z
  .object({
    addressId: z.uuid('Please select one address to proceed.').optional(),
    /** Buy Now: price this one line instead of the cart (decision 089). */
    ...buyNowQueryFields,
    /** A coupon to price in; one that cannot be used is named in `couponRefusal` (decision 092). */
    couponCode: couponCodeField.optional(),
  })
  .refine(...buyNowQueryComplete)
export type OrderQuoteQuery = z.infer<typeof orderQuoteQuery>

/**
 * What the caller's cart would cost as an order now, in its parts (rupees), as the order itself
 * will be priced: the checkout shows this breakup of the total (Consumer Protection (E-Commerce)
 * Rules 2020, decision 67). Lines no longer listed are left out, as the cart's total leaves them.
 */
export const orderQuote = z.object({
  /** Units over the lines that can be bought. */
  itemCount: z.number().int(),
  /** Price × quantity over those lines. */
  itemsAmount: z.number(),
  /**
   * The list prices (MRP) × quantity over those lines, and what the shop's prices take off them
   * (`mrpAmount - itemsAmount`). Absent from older servers.
   */
  mrpAmount: z.number().optional(),
  mrpDiscount: z.number().optional(),
  /** The coupon priced in (decision 092); null without one. Absent from older servers. */
  coupon: appliedCoupon.nullable().optional(),
  /** Why the coupon asked for cannot be used now, in the words to show; null otherwise. */
  couponRefusal: z.string().nullable().optional(),
  /** What the shopper saves against the MRP: `mrpDiscount` and the coupon's discount. */
  youSave: z.number().optional(),
  /** What delivery adds to the order (0: the shop charges none today). */
  deliveryCharge: z.number(),
  /** What choosing cash on delivery adds on top of `totalAmount` (0: the shop charges none today). */
  codFee: z.number(),
  /** What an order paid online pays: items less the coupon, and delivery. */
  totalAmount: z.number(),
  /**
   * The GST inside `totalAmount`, summed line by line as the sellers' tax invoices will split it
   * (prices include GST). Null while it cannot be known: no address chosen (the place of supply
   * decides IGST or CGST+SGST), an address without a state, or a line whose tax an invoice could
   * not yet compute (no HSN code from the shop's list, a seller without a GSTIN).
   */
  gstIncluded: z.number().nullable(),
  /**
   * Why cash on delivery would be refused for this cart today, in the refusal's own words: the
   * day's cash ceiling per seller (Income-tax s.269ST, decision 070) with the shopper's other COD
   * orders from that seller; null when cash on delivery can take it. Absent from older servers.
   */
  codDailyRefusal: z.string().nullable().optional(),
})
export type OrderQuote = z.infer<typeof orderQuote>
export const orderQuoteResponse = z.object({ success: z.literal(true), data: orderQuote })
export type OrderQuoteResponse = z.infer<typeof orderQuoteResponse>

/** `TB-10234`: the order's short number people read (`formatOrderNumber`); `_id` stays the key. */
export const orderNumber = z.string().regex(/^[A-Z]+-\d+$/)

export const createOrderResponse = z.object({
  success: z.literal(true),
  orderId: z.uuid(),
  /** Absent only in answers an Idempotency-Key stored before orders had numbers. */
  orderNumber: orderNumber.optional(),
  /** Where the browser goes to pay; absent for cash on delivery. */
  paymentUrl: z.string().optional(),
})
export type CreateOrderResponse = z.infer<typeof createOrderResponse>

export const orderLine = z.object({
  productId: z.uuid(),
  /**
   * The product page's id, as the product has it now (`productPath({ title, shortId })`; a
   * deleted product's page answers 410).
   */
  shortId: z.string(),
  /** The seller's part the line belongs to (what a return of it is filed under). */
  subOrderId: z.uuid().optional(),
  title: z.string(),
  image: z.string(),
  /** Rupees per unit, as charged. */
  price: z.number(),
  /** Units ordered. */
  quantity: z.number().int(),
  /** Rupees per unit: the list price (MRP) as ordered; absent on lines ordered before it was kept. */
  mrp: z.number().optional(),
  /** Rupees: the line's share of the coupon, off `price × quantity` (decision 092). */
  discount: z.number().optional(),
  /** Issue 26.8 (`orderStanding`): cancelled when its part was, returned when all came back. */
  state: z.enum(LINE_STATES),
  /** Units of a part cancelled (or rejected) before it shipped. */
  cancelledQuantity: z.number().int(),
  /** Units that came back: returned by the shopper (quality-checked), or undelivered. */
  returnedQuantity: z.number().int(),
})

export const orderAddress = z.object({
  addressId: z.string(),
  /** The person to deliver to; absent on orders placed before it was asked (issue 31.7). */
  recipientName: z.string().optional(),
  address: z.string(),
  /** Empty or absent when the shopper gave none. */
  landmark: z.string().optional(),
  city: z.string(),
  pincode: z.string(),
  phone: z.string(),
  notes: z.string(),
  /** The GST state chosen for the address; absent on orders placed before states were asked. */
  stateCode: z.string().optional(),
})

/** One line of an order's timeline (when, who, from, to, note). */
export const orderTimelineEntry = z.object({
  at: z.iso.datetime(),
  event: z.enum(ORDER_HISTORY_EVENTS),
  from: z.enum(ORDER_STATUSES).nullable(),
  to: z.enum(ORDER_STATUSES).nullable(),
  actor: z.enum(ORDER_ACTORS),
  /** The seller whose part moved alone; null when the whole order moved. */
  part: z.string().nullable(),
  note: z.string().nullable(),
})
export type OrderTimelineEntry = z.infer<typeof orderTimelineEntry>

export const order = z.object({
  _id: z.uuid(),
  orderNumber,
  userId: z.uuid(),
  cartItems: z.array(orderLine),
  addressInfo: orderAddress,
  orderStatus: z.enum(ORDER_STATUSES),
  paymentMethod: z.enum(ORDER_PAYMENT_METHODS),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** Rupees: the whole order as placed, or a seller's part when a seller asks. */
  totalAmount: z.number(),
  /**
   * Issue 26.8 (`orderStanding`), rupees: what it costs now. Cash on delivery: what the courier
   * collects (cancelled parts left out); online: what the payment charged.
   */
  payableAmount: z.number(),
  /** Rupees refunded (completed), and refunds recorded but not completed yet. */
  refundedAmount: z.number(),
  refundPendingAmount: z.number(),
  /** What people read: `orderStatus`, or `returned` once every unit came back. */
  displayStatus: z.enum(ORDER_STATUSES),
  /** What people read: `paymentStatus`, or `paid` once the couriers collected the cash. */
  displayPaymentStatus: z.enum(PAYMENT_STATUSES),
  orderDate: z.iso.datetime(),
  orderUpdateDate: z.iso.datetime(),
  /**
   * Issue 31.4: the day (IST, `YYYY-MM-DD`) the last live parcel is expected: the courier's
   * estimate once it gives one, else the day checkout promised; null when neither is known. The
   * API always sends it; optional for the same reason as `buyer`.
   */
  expectedDelivery: z.iso.date().nullable().optional(),
  paymentId: z.string().nullable(),
  payerId: z.string().nullable(),
  /** Oldest first. */
  timeline: z.array(orderTimelineEntry),
  /** Each seller's parcel (a seller sees its own). */
  parcels: z.array(orderParcel),
  /**
   * The business its invoices are billed to; null for a personal purchase. The API always sends
   * it; optional only so order fixtures written before business buyers still type-check.
   */
  buyer: z
    .object({
      gstin: z.string(),
      legalName: z.string(),
      /** Null for orders placed before billing addresses were asked (issue 30.1). */
      billingAddress: z
        .object({
          addressLine: z.string(),
          city: z.string(),
          stateCode: z.string(),
          pincode: z.string(),
        })
        .nullable(),
    })
    .nullable()
    .optional(),
  /**
   * Issue 18: the order's returns, refunds and credit notes, oldest first. The API always sends
   * them; optional for the same reason as `buyer`.
   */
  returns: z.array(orderReturn).optional(),
  refunds: z.array(refund).optional(),
  creditNotes: z.array(creditNoteSummary).optional(),
  /**
   * The coupon the order used and what it took off (rupees; a seller's own lines' share when a
   * seller asks); null without one (decision 092).
   */
  coupon: z.object({ code: z.string(), discount: z.number() }).nullable().optional(),
})
export type Order = z.infer<typeof order>

export const orderSummary = order.omit({
  coupon: true,
  cartItems: true,
  addressInfo: true,
  timeline: true,
  parcels: true,
  buyer: true,
  returns: true,
  refunds: true,
  creditNotes: true,
})
export type OrderSummary = z.infer<typeof orderSummary>

/**
 * Issue 31.4: what tells a shopper's orders apart in My Orders. The list always sends them;
 * optional only so summaries built elsewhere (details, fixtures) still type-check.
 */
export const orderListItem = orderSummary.extend({
  /** The order's first line as ordered (title and picture then), and how many lines it has. */
  firstItem: z.object({ title: z.string(), image: z.string() }).nullable().optional(),
  itemCount: z.number().int().optional(),
  /** Where it goes: the delivery address as ordered, with its state's name when it has one. */
  deliverTo: z
    .object({
      address: z.string(),
      city: z.string(),
      pincode: z.string(),
      state: z.string().nullable(),
    })
    .optional(),
})
export type OrderListItem = z.infer<typeof orderListItem>

export const orderListResponse = z.object({
  success: z.literal(true),
  data: z.array(orderListItem),
})
export type OrderListResponse = z.infer<typeof orderListResponse>
export const orderDetailsResponse = z.object({ success: z.literal(true), data: order })
export type OrderDetailsResponse = z.infer<typeof orderDetailsResponse>

export const orderUserParams = z.object({ userId: idParam })
export const orderIdParams = z.object({ orderId: idParam })

/** The generic return page posts what the provider put in the URL; only `orderId` is trusted as a lookup key. */
export const captureBody = z.object({
  paymentId: z.string().max(200).optional(),
  payerId: z.string().max(200).optional(),
  orderId: idParam,
})
export type CaptureInput = z.infer<typeof captureBody>

export const captureResponse = z.object({
  success: z.literal(true),
  orderId: z.uuid(),
  orderNumber,
  /** COD: nothing is paid online, the return page says so instead of waiting for a payment. */
  paymentMethod: z.enum(ORDER_PAYMENT_METHODS),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  message: z.string(),
})
export type CaptureResponse = z.infer<typeof captureResponse>

/**
 * "Pay now" on an unpaid online order answers where the browser goes (as placing it does);
 * "Cancel" is any order's cancellation (`cancelOrderResponse`, returns.ts).
 */
export const payPendingOrderResponse = createOrderResponse

export const paymentSessionQuery = z.object({
  payment_session_id: z
    .string({ error: 'Payment link is invalid, expired, or already used.' })
    .trim()
    .min(1, 'Payment link is invalid, expired, or already used.')
    .max(300),
})

/** What /deposit needs to send the browser on: a provider session or a redirect address. */
export const depositResponse = z.object({
  success: z.literal(true),
  paymentMode: z.string(),
  data: z.object({
    payment_session_id: z.string().optional(),
    redirectUrl: z.string().optional(),
    /** Cashfree SDK mode when the real checkout is used. */
    environment: z.enum(['sandbox', 'production']).optional(),
  }),
})
export type DepositResponse = z.infer<typeof depositResponse>

export const paymentStatusResponse = z.object({
  success: z.literal(true),
  result: z.object({
    orderId: z.uuid(),
    orderNumber,
    paymentStatus: z.enum(PAYMENT_STATUSES),
    redirectUrl: z.string(),
  }),
})
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponse>
export type PaymentStatusResult = z.infer<typeof paymentStatusResponse>['result']

/**
 * POST /shop/order/coupon: "Apply coupon" at checkout. Answers the quote with the coupon priced
 * in, or a 400 naming why it cannot be used (decision 092).
 */
export const applyCouponBody = z.object({
  couponCode: couponCodeField,
  addressId: z.uuid('Please select one address to proceed.').optional(),
  buyNow: buyNowLine.optional(),
})
export type ApplyCouponInput = z.infer<typeof applyCouponBody>
