/**
 * A count as the shop shows it: "10,000+" when the server counted only up to its cap and there
 * are more (decision 099: `totalIsApproximate`, a facet's `approximate` values), else the number.
 */
export function formatCount(count: number, approximate = false): string {
  return approximate ? `${count.toLocaleString('en-IN')}+` : String(count)
}

/** "1 product", "24 products", "10,000+ products". */
export function productCount(count: number, approximate = false): string {
  return `${formatCount(count, approximate)} ${count === 1 && !approximate ? 'product' : 'products'}`
}
