import { sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'

/*
 * India's calendar for the reports: a month or a quarter runs from an IST midnight to the next
 * one (IST is UTC+5:30 all year, no daylight saving), so an entry at 2026-11-30T19:00Z, which
 * is 1 December 00:30 in India, is December's.
 */

const IST_OFFSET_MS = 330 * 60_000

export interface Period {
  from: Date
  to: Date
}

/** The instant of 00:00 IST on the first day of `year`/`monthIndex` (0-based, may overflow). */
function istMonthStart(year: number, monthIndex: number): Date {
  return new Date(Date.UTC(year, monthIndex, 1) - IST_OFFSET_MS)
}

/** A 'YYYY-MM' month (already validated) as the instants it covers. */
export function monthPeriod(month: string): Period {
  const [year, mm] = month.split('-').map(Number) as [number, number]
  return { from: istMonthStart(year, mm - 1), to: istMonthStart(year, mm) }
}

/** Quarter 1 of financial year 2026 is April to June 2026 … quarter 4 is January to March 2027. */
export function quarterPeriod(fy: number, quarter: number): Period & { months: string[] } {
  const first = 3 + (quarter - 1) * 3
  const months = [0, 1, 2].map((i) => istMonth(istMonthStart(fy, first + i)))
  return { from: istMonthStart(fy, first), to: istMonthStart(fy, first + 3), months }
}

/** The IST month of an instant: '2026-12'. */
export function istMonth(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 7)
}

const LONG_MONTH = new Intl.DateTimeFormat('en-IN', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})
/** '2026-11' as people say it: 'November 2026'. */
export function monthName(month: string): string {
  return LONG_MONTH.format(new Date(`${month}-15T00:00:00Z`))
}

/** The IST day of an instant: '2026-12-01'. */
export function istDay(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10)
}

/** '01/12/2026': the day as Indian returns write dates (Form 26Q's). */
export function istDayDmy(at: Date): string {
  const [y, m, d] = istDay(at).split('-')
  return `${d}/${m}/${y}`
}

/** The assessment year of a financial year: 2026 → '2027-28'. */
export function assessmentYear(fy: number): string {
  return `${fy + 1}-${String((fy + 2) % 100).padStart(2, '0')}`
}

/**
 * The IST month of a timestamptz column, in SQL. Plain arithmetic on UTC rather than
 * `AT TIME ZONE 'Asia/Kolkata'`, so it does not depend on the server's time zone data.
 */
export function istMonthSql(column: AnyPgColumn): SQL<string> {
  return sql<string>`to_char((${column} at time zone 'UTC') + interval '330 minutes', 'YYYY-MM')`
}

/** `column` within the period, in SQL. */
export function within(column: AnyPgColumn, period: Period): SQL {
  return sql`${column} >= ${period.from.toISOString()}::timestamptz and ${column} < ${period.to.toISOString()}::timestamptz`
}
