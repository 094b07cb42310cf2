/**
 * The sandbox courier's view of India's pincodes. The first digit is the postal zone, the first
 * two the circle (roughly the state), the first three the sorting district: the further apart two
 * pincodes, the longer a parcel travels. Islands it does not reach, and the hill states where it
 * takes no cash, mirror what real couriers publish (their lists change; these are examples).
 */
const UNSERVICEABLE_PREFIXES = ['744', '68255'] // Andaman & Nicobar, Lakshadweep
const NO_COD_PREFIXES = ['79', '194'] // the North-East beyond Assam, Ladakh

export function sandboxServiceability(pickup: string | null, delivery: string) {
  if (UNSERVICEABLE_PREFIXES.some((p) => delivery.startsWith(p))) {
    return { serviceable: false, cod: false, transitDays: null }
  }
  const cod = !NO_COD_PREFIXES.some((p) => delivery.startsWith(p))
  return { serviceable: true, cod, transitDays: estimatedTransitDays(pickup, delivery) }
}

/**
 * 2 days within a sorting district, 3 within a circle, 4 within a zone, 5 across zones. Also the
 * Delhivery adapter's estimate: its pin-codes API answers no transit time.
 */
export function estimatedTransitDays(pickup: string | null, delivery: string): number {
  if (!pickup) return 5
  if (pickup.slice(0, 3) === delivery.slice(0, 3)) return 2
  if (pickup.slice(0, 2) === delivery.slice(0, 2)) return 3
  if (pickup[0] === delivery[0]) return 4
  return 5
}
