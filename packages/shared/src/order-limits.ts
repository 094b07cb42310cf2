import { formatRupees } from './money'

// Limits and their wordings that pages show (the cart sheet on every storefront page): kept apart
// from the request schemas in cart.ts and orders.ts, so a page that needs a number or a sentence
// does not download zod and those schemas with it (first-visit budget, issue 14).

/** Most distinct products one cart holds: the sheet and checkout show every line at once. */
export const CART_MAX_LINES = 50
/** Largest page the cart listing serves (also the most lines a cart holds). */
export const CART_PAGE_SIZE_MAX = 50
/** Most guest lines one merge takes (a guest cart is small; this bounds the work). */
export const CART_MERGE_MAX_ITEMS = 100

/** Most units one cart line (and so one product's limit per order) can hold. */
export const CART_QUANTITY_MAX = 10_000

/** The one wording of the cash-on-delivery ceiling, for the API's refusal and the checkout. */
export function codLimitMessage(codMaxAmount: number): string {
  return `Cash on delivery is available for orders up to ${formatRupees(codMaxAmount)}. Please pay online.`
}

/**
 * The refusal of a cash-on-delivery order that would take one seller's cash from the shopper
 * past the daily ceiling (Income-tax s.269ST counts a person's cash in a day; issue 30.4).
 */
export function codDailyLimitMessage(codDailyMaxAmount: number): string {
  return `Cash on delivery to one seller is limited to ${formatRupees(codDailyMaxAmount)} a day (Income-tax Act, section 269ST). With your cash-on-delivery orders from this seller today, this order would pass it. Please pay online.`
}

/** The refusal for more units of one product than an order may hold (cart and checkout). */
export function overOrderLimitMessage(orderLimit: number, title = 'this product'): string {
  return `You can buy at most ${orderLimit} of ${title} per order.`
}

/** The short note beside a quantity stepper. */
export function orderLimitNote(orderLimit: number): string {
  return `Max ${orderLimit} per order`
}

/** What an online payment's hold is measured against (the order limits' figures, issue 26.15). */
export interface UnpaidHold {
  paymentWindowMinutes: number
  unpaidHoldMaxUnits: number
  unpaidHeldUnits: number
}

const items = (n: number) => `${n} item${n === 1 ? '' : 's'}`

/**
 * Why the checkout cannot pay `units` online, or null when it can (issue 26.15): an unpaid online
 * order holds its units for the payment window, and one account may hold at most
 * `unpaidHoldMaxUnits` so, its other unpaid orders included. Cash on delivery holds nothing, so
 * it stays the way out; the API refuses the same orders (400 and 409).
 */
export function unpaidHoldMessage(hold: UnpaidHold, units: number): string | null {
  const { paymentWindowMinutes: minutes, unpaidHoldMaxUnits: max, unpaidHeldUnits: held } = hold
  if (held + units <= max) return null
  const rule = `Online payments can hold up to ${items(max)} for ${minutes} minutes while you pay.`
  if (held === 0 || units > max) return `${rule} Remove some items or choose cash on delivery.`
  return `${rule} Your unpaid orders already hold ${items(held)}: pay for or cancel them in My Orders, remove some items, or choose cash on delivery.`
}
