import { IST_OFFSET_MINUTES } from '@techbazaar/shared'

const DAY_MS = 86_400_000

/**
 * The day (IST, `YYYY-MM-DD`) a parcel should arrive: `handlingDays` for the seller to pack and
 * hand it over, then `transitDays` with the courier; couriers do not deliver on Sundays.
 */
export function deliveryDay(now: Date, transitDays: number, handlingDays = 1): string {
  let day = new Date(now.getTime() + IST_OFFSET_MINUTES * 60_000)
  let left = handlingDays + transitDays
  while (left > 0) {
    day = new Date(day.getTime() + DAY_MS)
    if (day.getUTCDay() !== 0) left--
  }
  return day.toISOString().slice(0, 10)
}
