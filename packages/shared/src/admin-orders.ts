import { z } from 'zod'
import { idParam } from './api'
import { ADMIN_ORDER_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES } from './constants'
import { parseOrderNumber } from './order-labels'
import { ORDER_PAYMENT_METHODS, order, orderLine, orderNumber } from './orders'

/** A row of the admin "All Orders" table. */
export const adminOrderRow = z.object({
  _id: z.uuid(),
  orderNumber,
  orderDate: z.iso.datetime(),
  orderStatus: z.enum(ORDER_STATUSES),
  /** Rupees. */
  totalAmount: z.number(),
  paymentMethod: z.enum(ORDER_PAYMENT_METHODS),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  userName: z.string(),
})
export type AdminOrderRow = z.infer<typeof adminOrderRow>
/**
 * `?orderNumber=TB-10234` (or `10234`, `#10234`) finds that one order. A lookup of its own,
 * beside the list's other filters, so a pasted number never goes through a text search.
 */
export const adminOrderListQuery = z.object({
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
})
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuery>
export const adminOrderListResponse = z.object({
  success: z.literal(true),
  data: z.array(adminOrderRow),
})

/** A seller's part of an order: `_id` is the sub-order, `totalAmount` its subtotal. */
export const vendorSubOrder = adminOrderRow.extend({
  orderId: z.uuid(),
  cartItems: z.array(orderLine),
})
export type VendorSubOrder = z.infer<typeof vendorSubOrder>
export const vendorSubOrderListResponse = z.object({
  success: z.literal(true),
  data: z.array(vendorSubOrder),
})

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

export const adminOrderIdParams = z.object({ id: idParam })

export const updateOrderStatusBody = z.object({
  orderStatus: z.enum(ADMIN_ORDER_STATUSES, 'Please choose a valid order status'),
})
export type UpdateOrderStatusInput = z.infer<typeof updateOrderStatusBody>
export const updateOrderStatusResponse = z.object({
  success: z.literal(true),
  message: z.string(),
})

/** Sellers move their own sub-order along; only an admin rejects (that returns stock). */
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
