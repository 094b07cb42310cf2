import { addWorkingDays, istDay, istDayStart } from './delivery-estimate'

const DAY_MS = 86_400_000

/**
 * The day (IST, `YYYY-MM-DD`) a seller must hand a part confirmed at `confirmedAt` to the
 * courier by: `workingDays` working days (Sundays off, as the courier's) after the day it was
 * confirmed in India.
 */
export function shipByDay(confirmedAt: Date, workingDays: number): string {
  return addWorkingDays(confirmedAt, workingDays)
}

/**
 * The instant from which confirmations are not late yet at `now`: a part confirmed before it has
 * a ship-by day before today (IST), one confirmed at or after it does not. Ship-by days never go
 * down as confirmations get later, so "past its ship-by day" is one comparison in SQL.
 */
export function lateConfirmationCutoff(now: Date, workingDays: number): Date {
  const today = istDay(now)
  let start = istDayStart(today)
  for (;;) {
    const dayBefore = new Date(start.getTime() - DAY_MS)
    if (shipByDay(dayBefore, workingDays) < today) return start
    start = dayBefore
  }
}
