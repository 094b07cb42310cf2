import type { OrderStatus, PaymentStatus } from './constants'

/** Statuses that mean the shop accepted the order (COD confirmation or any later stage). */
const CONFIRMED_STATUSES: ReadonlySet<OrderStatus> = new Set([
  'confirmed',
  'inProcess',
  'inShipping',
  'delivered',
])

/**
 * A GST tax invoice exists once an order is confirmed or paid; never for a pending unpaid
 * order or one rejected before payment. The API and the order details dialog both ask this.
 */
export function isInvoiceAvailable(order: {
  orderStatus: OrderStatus
  paymentStatus: PaymentStatus
}): boolean {
  return (
    order.paymentStatus === 'paid' ||
    order.paymentStatus === 'refunded' ||
    CONFIRMED_STATUSES.has(order.orderStatus)
  )
}

/** Where the invoice PDF of an order is downloaded (the owner's, a seller's part, or an admin's). */
export const invoicePdfPath = (orderId: string) => `/api/shop/order/${orderId}/invoice.pdf`
