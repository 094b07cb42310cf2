/**
 * The shop's calendar is India's. Dates are formatted in Asia/Kolkata wherever a person reads
 * them, so the server's render (whose machine may run in UTC), the browser's hydration and the
 * invoice all show the same day for an order placed between 00:00 and 05:30 IST.
 */
export const SHOP_TIME_ZONE = 'Asia/Kolkata'

const formats = {
  /** "23/11/2026": tables and lists. */
  numeric: new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
    timeZone: SHOP_TIME_ZONE,
  }),
  /** "24 Nov": a refund's dates ("initiated on 24 Nov, expected by 4 Dec"). */
  dayMonth: new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    timeZone: SHOP_TIME_ZONE,
  }),
  /** "23 Nov 2026": reviews, invoices. */
  medium: new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: SHOP_TIME_ZONE,
  }),
  /** "23 Nov 2026, 2:05 pm": an order's timeline. */
  moment: new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: SHOP_TIME_ZONE,
  }),
  /** "Thu, 26 Nov": a seller's ship-by day. */
  shortWeekday: new Intl.DateTimeFormat('en-IN', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: SHOP_TIME_ZONE,
  }),
  /** "Thursday, 26 November": a delivery promise. */
  weekday: new Intl.DateTimeFormat('en-IN', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: SHOP_TIME_ZONE,
  }),
} as const

export type ShopDateStyle = keyof typeof formats

/** A moment (ISO text or Date) as the day it was in India; '—' for an unreadable value. */
export function formatShopDate(value: string | Date, style: ShopDateStyle = 'numeric'): string {
  const date = typeof value === 'string' ? new Date(value) : value
  return Number.isNaN(date.getTime()) ? '—' : formats[style].format(date)
}

/**
 * A calendar day (`YYYY-MM-DD`, a day in India such as a parcel's expected delivery) in `style`;
 * read at noon IST so no time zone moves it to the day before or after.
 */
export function formatShopDay(day: string, style: ShopDateStyle = 'medium'): string {
  return formatShopDate(`${day}T12:00:00+05:30`, style)
}

const yearFormat = new Intl.DateTimeFormat('en-IN', { year: 'numeric', timeZone: SHOP_TIME_ZONE })

/** The current year in India (the footer's copyright line). */
export function shopYear(now: Date = new Date()): number {
  return Number(yearFormat.format(now))
}

const dayParts = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: SHOP_TIME_ZONE,
})

/** The day in India at `moment` (today by default) as `YYYY-MM-DD`, the form days travel in. */
export function shopDay(moment: Date = new Date()): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    dayParts.formatToParts(moment).find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')}`
}
