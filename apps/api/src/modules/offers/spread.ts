/**
 * Spreads `totalPaise` over lines pro rata to their values with largest-remainder rounding
 * (decision 092): every share is the floor of its exact part, and the paise left over go one
 * each to the lines with the largest fractions (earlier lines first on a tie), so the shares
 * always sum to the total exactly and no share exceeds its line's value.
 */
export function spreadPaise(totalPaise: number, values: readonly number[]): number[] {
  const sum = values.reduce((s, v) => s + v, 0)
  if (sum <= 0 || totalPaise <= 0) return values.map(() => 0)
  const total = Math.min(totalPaise, sum)
  // BigInt: a value times the total can pass 2^53 for large orders.
  const exact = values.map((v) => (BigInt(v) * BigInt(total)) / BigInt(sum))
  const remainders = values.map((v, i) => ({
    i,
    rest: BigInt(v) * BigInt(total) - exact[i]! * BigInt(sum),
  }))
  const shares = exact.map(Number)
  let left = total - shares.reduce((s, v) => s + v, 0)
  remainders.sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1))
  for (const { i } of remainders) {
    if (left === 0) break
    shares[i]! += 1
    left -= 1
  }
  return shares
}

/** What a coupon takes off `eligiblePaise`: a percentage (basis points) capped, or a fixed sum. */
export function couponAmountPaise(
  coupon: { kind: 'percent' | 'fixed'; value: number; maxDiscountPaise: number | null },
  eligiblePaise: number,
): number {
  const raw =
    coupon.kind === 'percent' ? Math.floor((eligiblePaise * coupon.value) / 10_000) : coupon.value
  const capped = coupon.maxDiscountPaise === null ? raw : Math.min(raw, coupon.maxDiscountPaise)
  return Math.max(0, Math.min(capped, eligiblePaise))
}

/**
 * What was paid for `quantity` of a line's units: their value less their share of the line's
 * discount, rounded (decision 092). A credit note's last units of a line take what is left
 * instead, so the line's credits add up to it exactly.
 */
export function paidForUnits(
  line: { unitPricePaise: number; quantity: number; discountPaise?: number | undefined },
  quantity: number,
): number {
  const discount = line.discountPaise ?? 0
  return line.unitPricePaise * quantity - Math.round((discount * quantity) / line.quantity)
}
