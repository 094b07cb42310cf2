import { createHash } from 'node:crypto'
import type { ParcelAddress } from './types'

/**
 * The name of a seller's pickup place at a courier (Shiprocket's pickup location nickname,
 * Delhivery's warehouse): `TB-` + the first 12 hex digits of the seller's id + 6 of a hash of
 * the address. Couriers keep a place's address once made, and offer no documented update in our
 * reference; with the address in the name a seller who moves gets a new place on the next
 * booking instead of the courier driving to the old one. No "sr"/"kr" worries here: this is a
 * name, not a URL.
 */
export function pickupPlaceName(pickupId: string, pickup: ParcelAddress): string {
  const seller = pickupId.replaceAll('-', '').slice(0, 12)
  const address = [pickup.name, pickup.address, pickup.city, pickup.pincode, pickup.phone]
    .map((part) => part.trim().toLowerCase())
    .join('|')
  const digest = createHash('sha256').update(address).digest('hex').slice(0, 6)
  return `TB-${seller}-${digest}`
}
