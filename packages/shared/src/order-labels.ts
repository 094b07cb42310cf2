import type { OrderStatus, PaymentStatus } from './constants'
import type { OrderPaymentMethod } from './orders'

/**
 * What a person reads for each status (web, mails, invoices); the API keeps the codes
 * (decision 42). `pending` is an online order whose payment has not arrived (a COD order starts
 * confirmed).
 */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Awaiting payment',
  confirmed: 'Confirmed',
  inProcess: 'In process',
  inShipping: 'Shipped',
  delivered: 'Delivered',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  paymentFailed: 'Payment failed',
  expired: 'Expired',
  returned: 'Returned',
}

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
}

export const PAYMENT_METHOD_LABELS: Record<OrderPaymentMethod, string> = {
  COD: 'Cash on delivery',
  CASHFREE: 'Cashfree',
  PAYU: 'PayU',
  GATEPAY: 'GatePay',
  PHONEPAY: 'PhonePe',
}

/**
 * A constant, not configuration: the number is printed on invoices and mails and quoted on the
 * phone, so it must read the same for the life of the order (decision 42).
 */
export const ORDER_NUMBER_PREFIX = 'TB-'

/** `10234` → `TB-10234`: the order number people read and quote. */
export function formatOrderNumber(sequence: number): string {
  return `${ORDER_NUMBER_PREFIX}${sequence}`
}

/** Digits a typed order number may carry (the column is a PostgreSQL integer). */
const MAX_ORDER_SEQUENCE = 2_147_483_647

const ORDER_NUMBER_TEXT = new RegExp(
  `^(?:${ORDER_NUMBER_PREFIX.replace(/-$/, '')}[-\\s]?|#)?(\\d{1,10})$`,
  'i',
)

/**
 * What an admin types to find an order: `TB-10234`, `tb 10234`, `#10234` or `10234`. Answers
 * the sequence, or null when the text is not an order number.
 */
export function parseOrderNumber(text: string): number | null {
  const match = ORDER_NUMBER_TEXT.exec(text.trim())
  if (!match) return null
  const sequence = Number(match[1])
  return sequence >= 1 && sequence <= MAX_ORDER_SEQUENCE ? sequence : null
}
