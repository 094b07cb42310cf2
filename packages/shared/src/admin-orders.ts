import { z } from 'zod'
import { idParam } from './api'
import { ADMIN_ORDER_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES } from './constants'
import { parcelBooking } from './fulfilment'
import { plainNumber } from './numbers'
import { parseOrderNumber } from './order-labels'
import { ORDER_PAYMENT_METHODS, order, orderLine, orderNumber } from './orders'

/** A row of the admin "All Orders" table. */
export const adminOrderRow = z.object({
  _id: z.uuid(),
  orderNumber,
  orderDate: z.iso.datetime(),
  orderStatus: z.enum(ORDER_STATUSES),
  /** Rupees, as placed. */
  totalAmount: z.number(),
  paymentMethod: z.enum(ORDER_PAYMENT_METHODS),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** Issue 26.8: what it costs now, its refunds and what people read (see `order`). */
  payableAmount: order.shape.payableAmount,
  refundedAmount: order.shape.refundedAmount,
  refundPendingAmount: order.shape.refundPendingAmount,
  displayStatus: order.shape.displayStatus,
  displayPaymentStatus: order.shape.displayPaymentStatus,
  /** The customer: the account's name and email. */
  userName: z.string(),
  email: z.string(),
})
export type AdminOrderRow = z.infer<typeof adminOrderRow>

export const ADMIN_ORDERS_PAGE_SIZE = 20

/** A day of the shop's calendar (India Standard Time), as a date input gives it. */
const shopDay = (label: string) =>
  z.iso
    .date(`${label} must be a date like 2026-11-27`)
    // Years a shop's orders can have (the database's timestamps refuse year 0 and before).
    .refine((day) => day >= '2000-01-01' && day <= '2099-12-31', `${label} must be in 2000-2099`)
    .optional()

/**
 * What the admin "All Orders" table can be narrowed to (issue 31, item 8), shared by its pages
 * and its CSV export: `status` keeps the orders shown with that status (`displayStatus`: one
 * whose every unit came back is `returned`, issue 26.8); `q` searches the customer's name, email
 * and phone (the account's or the delivery address's, last ten digits), and a `q` that reads as
 * an order number (TB-10234, 10234, #10234) also finds that order; `orderNumber` finds exactly
 * one order by its number; `from` and `to` are the first and last days placed (IST, both
 * included); `paymentMethod` and `sellerId` (orders with a part from that seller) narrow further.
 */
const adminOrdersFilter = {
  status: z.enum(ORDER_STATUSES, 'Unknown order status').optional(),
  q: z
    .string()
    .trim()
    .max(100, 'Search must be at most 100 characters')
    .optional()
    .transform((q) => q || undefined),
  orderNumber: z
    .string()
    .max(40)
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text.trim() === '') return undefined
      const sequence = parseOrderNumber(text)
      if (sequence === null) {
        ctx.addIssue({ code: 'custom', message: 'Enter an order number like TB-10234.' })
        return z.NEVER
      }
      return sequence
    }),
  from: shopDay('From'),
  to: shopDay('To'),
  paymentMethod: z.enum(ORDER_PAYMENT_METHODS, 'Unknown payment method').optional(),
  sellerId: z.uuid('sellerId must be a seller’s id').optional(),
}

const fromNotAfterTo = (query: { from?: string; to?: string }) =>
  !query.from || !query.to || query.from <= query.to
const FROM_AFTER_TO = { message: 'From must be on or before To', path: ['from'] }

/** One page of the admin "All Orders" table, newest first, narrowed by `adminOrdersFilter`. */
export const adminOrdersQuery = z
  .strictObject({
    page: plainNumber('page')
      .pipe(z.number().int('page must be a whole number').min(1).max(10_000))
      .default(1),
    limit: plainNumber('limit')
      .pipe(z.number().int('limit must be a whole number').min(1).max(100))
      .default(ADMIN_ORDERS_PAGE_SIZE),
    ...adminOrdersFilter,
  })
  .refine(fromNotAfterTo, FROM_AFTER_TO)

/** The same orders as a CSV file (every page, newest first, up to ADMIN_ORDERS_EXPORT_MAX). */
export const adminOrdersExportQuery = z
  .strictObject(adminOrdersFilter)
  .refine(fromNotAfterTo, FROM_AFTER_TO)
export type AdminOrdersExportQuery = z.output<typeof adminOrdersExportQuery>
export const ADMIN_ORDERS_EXPORT_MAX = 100_000

export type AdminOrdersQuery = z.output<typeof adminOrdersQuery>
export type AdminOrdersQueryInput = z.input<typeof adminOrdersQuery>

export const adminOrderListResponse = z.object({
  success: z.literal(true),
  data: z.array(adminOrderRow),
  /** Orders matching the filters, over all pages. */
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
})
export type AdminOrderList = z.infer<typeof adminOrderListResponse>

/**
 * A seller's part of an order: `_id` is the sub-order, `totalAmount` its subtotal. `shipBy` is
 * the day to hand it to the courier while it is to ship (confirmed or in process, no parcel
 * booked), else null; `shipment` the booked parcel.
 */
export const vendorSubOrder = adminOrderRow.extend({
  orderId: z.uuid(),
  cartItems: z.array(orderLine),
  shipBy: z.iso.date().nullable(),
  shipment: parcelBooking.nullable(),
})
export type VendorSubOrder = z.infer<typeof vendorSubOrder>
export const vendorSubOrderListResponse = z.object({
  success: z.literal(true),
  data: z.array(vendorSubOrder),
})
export type VendorSubOrderListResponse = z.infer<typeof vendorSubOrderListResponse>

/** The details dialog: the order (or the seller's part of it), who placed it and its payment. */
export const adminOrderDetails = order.extend({
  userName: z.string(),
  payment: z
    .object({ provider: z.string(), status: z.enum(PAYMENT_STATUSES), amount: z.number() })
    .nullable(),
})
export type AdminOrderDetails = z.infer<typeof adminOrderDetails>
export const adminOrderDetailsResponse = z.object({
  success: z.literal(true),
  data: adminOrderDetails,
})
export type AdminOrderDetailsResponse = z.infer<typeof adminOrderDetailsResponse>

export const adminOrderIdParams = z.object({ id: idParam })

export const updateOrderStatusBody = z.object({
  orderStatus: z.enum(ADMIN_ORDER_STATUSES, 'Please choose a valid order status'),
})
export type UpdateOrderStatusInput = z.infer<typeof updateOrderStatusBody>
export const updateOrderStatusResponse = z.object({
  success: z.literal(true),
  message: z.string(),
})
export type UpdateOrderStatusResponse = z.infer<typeof updateOrderStatusResponse>

/**
 * Sellers move their own sub-order along; only an admin rejects (that returns stock). Shipped and
 * Delivered are accepted here but refused by the lifecycle (409): the courier's scans set them.
 */
export const VENDOR_ORDER_STATUSES = ['pending', 'inProcess', 'inShipping', 'delivered'] as const
export const vendorUpdateBody = z.object({
  _id: idParam,
  status: z.enum(VENDOR_ORDER_STATUSES, 'Please choose a valid order status'),
})
export type VendorUpdateInput = z.infer<typeof vendorUpdateBody>
export const vendorUpdateResponse = z.object({
  message: z.string(),
  data: z.object({ _id: z.uuid(), orderId: z.uuid(), status: z.enum(ORDER_STATUSES) }),
})
export type VendorUpdateResponse = z.infer<typeof vendorUpdateResponse>
