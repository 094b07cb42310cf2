import { IST_OFFSET_MINUTES } from '@techbazaar/shared'

const DAY_MS = 86_400_000
const OFFSET_MS = IST_OFFSET_MINUTES * 60_000

/** The day in India (`YYYY-MM-DD`) at `moment`. */
export function istDay(moment: Date): string {
  return new Date(moment.getTime() + OFFSET_MS).toISOString().slice(0, 10)
}

/** The instant the day `day` (`YYYY-MM-DD`, India) begins. */
export function istDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS)
}

/**
 * The day (IST, `YYYY-MM-DD`) `workingDays` working days after `from`'s day in India. Sundays
 * are not working days: couriers neither pick up nor deliver on them.
 */
export function addWorkingDays(from: Date, workingDays: number): string {
  let day = new Date(from.getTime() + OFFSET_MS)
  let left = workingDays
  while (left > 0) {
    day = new Date(day.getTime() + DAY_MS)
    if (day.getUTCDay() !== 0) left--
  }
  return day.toISOString().slice(0, 10)
}

/**
 * The day (IST, `YYYY-MM-DD`) a parcel should arrive: `handlingDays` for the seller to pack and
 * hand it over, then `transitDays` with the courier; couriers do not deliver on Sundays.
 */
export function deliveryDay(now: Date, transitDays: number, handlingDays = 1): string {
  return addWorkingDays(now, handlingDays + transitDays)
}
