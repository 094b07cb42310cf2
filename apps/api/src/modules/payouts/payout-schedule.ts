import type { Config } from '../../config'

/** India has one time zone and no daylight saving: IST is UTC + 5:30 all year. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000
const HOUR_MS = 60 * 60_000
const DAY_MS = 24 * HOUR_MS
/** A slot missed by more than this (the shop was down) waits for the next one. */
const CATCH_UP_MS = 6 * HOUR_MS

/**
 * The scheduled run due at `now`, as its slot's key (`weekly:2026-11-30T10` in IST), or null
 * when none is: the latest slot at or before `now`, if it began less than six hours ago. The key
 * is unique on payout_runs, so every process that asks in those hours makes the one run.
 */
export function dueSlot(now: Date, settings: Config['payoutRuns']): string | null {
  if (settings.schedule === 'off') return null
  // Work on the IST wall clock as if it were UTC.
  const wall = new Date(now.getTime() + IST_OFFSET_MS)
  const today = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate())
  let slot = today + settings.hourIst * HOUR_MS
  if (slot > wall.getTime()) slot -= DAY_MS
  if (settings.schedule === 'weekly') {
    const back = (new Date(slot).getUTCDay() - settings.weekday + 7) % 7
    slot -= back * DAY_MS
  }
  if (wall.getTime() - slot >= CATCH_UP_MS) return null
  const at = new Date(slot).toISOString().slice(0, 13)
  return `${settings.schedule}:${at}`
}
