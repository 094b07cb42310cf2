import { shopDay, SHOP_TIME_ZONE } from '@techbazaar/shared'

/*
 * The months and quarters the settlement reports are asked for (decision 61): India's calendar
 * months as 'YYYY-MM', and financial-year quarters (quarter 1 of financial year 2026 is April to
 * June 2026 … quarter 4 is January to March 2027), both as the API's routes spell them.
 */

/** A financial-year quarter: `fy` is the year it starts in. */
export interface FyQuarter {
  fy: number
  quarter: 1 | 2 | 3 | 4
}

/** The month in India at `moment` (now by default): '2026-11'. */
export function shopMonth(moment: Date = new Date()): string {
  return shopDay(moment).slice(0, 7)
}

/** '2026-11' moved by `by` months: -1 is October. */
export function addMonths(month: string, by: number): string {
  const [year, mm] = month.split('-').map(Number) as [number, number]
  const index = year * 12 + (mm - 1) + by
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

/** Every month from `first` to `last` (both included), newest first. */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = []
  for (let month = last; month >= first; month = addMonths(month, -1)) months.push(month)
  return months
}

// Read at noon IST mid-month, so no time zone moves it into the month before or after.
const monthAt = (month: string) => new Date(`${month}-15T12:00:00+05:30`)

const longMonth = new Intl.DateTimeFormat('en-IN', {
  month: 'long',
  year: 'numeric',
  timeZone: SHOP_TIME_ZONE,
})
const shortMonth = new Intl.DateTimeFormat('en-IN', { month: 'short', timeZone: SHOP_TIME_ZONE })

/** '2026-11' as people say it: 'November 2026'. */
export function formatMonth(month: string): string {
  return longMonth.format(monthAt(month))
}

/** The quarter a month falls in: October 2026 is quarter 3 of financial year 2026. */
export function quarterOf(month: string): FyQuarter {
  const [year, mm] = month.split('-').map(Number) as [number, number]
  const fy = mm >= 4 ? year : year - 1
  // April (4) is the first month of quarter 1; January (1) is in quarter 4.
  const quarter = (Math.floor(((mm + 8) % 12) / 3) + 1) as FyQuarter['quarter']
  return { fy, quarter }
}

/** The quarter's months, first to last. */
export function monthsOfQuarter({ fy, quarter }: FyQuarter): [string, string, string] {
  const first = addMonths(`${fy}-04`, (quarter - 1) * 3)
  return [first, addMonths(first, 1), addMonths(first, 2)]
}

/** How a quarter travels in the address: '2026-Q3'. */
export function quarterKey({ fy, quarter }: FyQuarter): string {
  return `${fy}-Q${quarter}`
}

/** '2026-Q3' back to its quarter, or null when it is not one. */
export function parseQuarterKey(key: string | null): FyQuarter | null {
  const match = key ? /^(\d{4})-Q([1-4])$/.exec(key) : null
  if (!match) return null
  return { fy: Number(match[1]), quarter: Number(match[2]) as FyQuarter['quarter'] }
}

/** '2026-27': the financial year as returns write it. */
export function formatFinancialYear(fy: number): string {
  return `${fy}-${String((fy + 1) % 100).padStart(2, '0')}`
}

/** 'Q3 · Oct–Dec 2026 (FY 2026-27)': the months named, since few remember which quarter is which. */
export function formatQuarter(q: FyQuarter): string {
  const [first, , last] = monthsOfQuarter(q)
  const year = last.slice(0, 4)
  return `Q${q.quarter} · ${shortMonth.format(monthAt(first))}–${shortMonth.format(monthAt(last))} ${year} (FY ${formatFinancialYear(q.fy)})`
}

/** Every quarter from the one holding `firstMonth` to the one holding `lastMonth`, newest first. */
export function quartersBetween(firstMonth: string, lastMonth: string): FyQuarter[] {
  const first = quarterKey(quarterOf(firstMonth))
  const quarters: FyQuarter[] = []
  for (let month = lastMonth; ; month = addMonths(month, -3)) {
    const q = quarterOf(month)
    quarters.push(q)
    if (quarterKey(q) <= first) return quarters
  }
}
