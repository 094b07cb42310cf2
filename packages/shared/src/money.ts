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

const whole = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
})
const withPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

/** `₹1,23,456` or `₹1,234.50`: Indian digit grouping, two decimals only when there are paise. */
export function formatRupees(rupees: number): string {
  return Number.isInteger(rupees) ? whole.format(rupees) : withPaise.format(rupees)
}

/** The price a shopper pays: the sale price when above 0, else the list price. */
export function effectivePrice(price: number, salePrice: number | null | undefined): number {
  return salePrice != null && salePrice > 0 ? salePrice : price
}
