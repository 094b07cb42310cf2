/**
 * Money is integer paise inside the shop and rupees (at most 2 decimals) at the API edge.
 * These are the only conversions; nothing else multiplies or divides by 100.
 */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100)
}

export function paiseToRupees(paise: number): number {
  return paise / 100
}

/** Indian digit grouping: the last three digits, then pairs (12,34,56,789). */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`
}

/**
 * `₹1,23,456` or `₹1,234.50`: Indian digit grouping, two decimals only when there are paise.
 * Written out rather than with Intl.NumberFormat('en-IN'), whose first use loads locale data
 * for tens of milliseconds on a phone while the first page renders; the output is the same
 * (money.test.ts compares them).
 */
export function formatRupees(rupees: number): string {
  const paise = Math.round(Math.abs(rupees) * 100)
  const whole = groupIndian(String(Math.floor(paise / 100)))
  const fraction = Number.isInteger(rupees) ? '' : `.${String(paise % 100).padStart(2, '0')}`
  return `${rupees < 0 ? '-' : ''}₹${whole}${fraction}`
}

/** Paise as people read rupees: `formatRupees(paiseToRupees(paise))`, the one way to print money. */
export function formatPaise(paise: number): string {
  return formatRupees(paiseToRupees(paise))
}

/** The price a shopper pays: the sale price when above 0, else the list price. */
export function effectivePrice(price: number, salePrice: number | null | undefined): number {
  return salePrice != null && salePrice > 0 ? salePrice : price
}
