import { describe, expect, it } from 'vitest'
import { lateConfirmationCutoff, shipByDay } from './ship-by'
import { istDay } from './delivery-estimate'

/** An instant given as a time in India. */
const ist = (local: string) => new Date(`${local}+05:30`)

describe('shipByDay', () => {
  it('counts working days from the day it was confirmed in India, Sundays off', () => {
    // Friday 20 Nov 2026: Saturday, (Sunday), Monday.
    expect(shipByDay(ist('2026-11-20T10:00:00'), 2)).toBe('2026-11-23')
    // Saturday: (Sunday), Monday, Tuesday.
    expect(shipByDay(ist('2026-11-21T23:59:00'), 2)).toBe('2026-11-24')
    // Confirmed on a Sunday: Monday, Tuesday.
    expect(shipByDay(ist('2026-11-22T09:00:00'), 2)).toBe('2026-11-24')
    expect(shipByDay(ist('2026-11-21T12:00:00'), 1)).toBe('2026-11-23')
    expect(shipByDay(ist('2026-11-23T12:00:00'), 10)).toBe('2026-12-04')
  })

  it('takes the day in India, not in UTC', () => {
    // 00:30 IST on Sunday 22 Nov is still Saturday in UTC.
    expect(shipByDay(new Date('2026-11-21T19:00:00Z'), 2)).toBe('2026-11-24')
    // 23:30 IST on Saturday 21 Nov.
    expect(shipByDay(new Date('2026-11-21T18:00:00Z'), 1)).toBe('2026-11-23')
  })
})

describe('lateConfirmationCutoff', () => {
  it('is the start of the first confirmation day not yet late', () => {
    // Tuesday 24 Nov: Friday's parts were due Monday (late), Saturday's are due today.
    expect(lateConfirmationCutoff(ist('2026-11-24T12:00:00'), 2)).toEqual(
      ist('2026-11-21T00:00:00'),
    )
    // Monday 23 Nov, one day: Saturday's were due today; Friday's were due Saturday.
    expect(lateConfirmationCutoff(ist('2026-11-23T08:00:00'), 1)).toEqual(
      ist('2026-11-21T00:00:00'),
    )
  })

  it('agrees with shipByDay for every confirmation time: late exactly when ship-by is past', () => {
    const start = ist('2026-11-01T00:00:00').getTime()
    for (const workingDays of [1, 2, 3, 6, 10]) {
      for (let n = 0; n < 40; n++) {
        const now = new Date(start + 20 * 86_400_000 + n * 7_777_777)
        const today = istDay(now)
        const cutoff = lateConfirmationCutoff(now, workingDays)
        for (let h = 0; h < 30 * 24; h += 5) {
          const confirmedAt = new Date(start + h * 3_600_000 + 1_234_567)
          const late = shipByDay(confirmedAt, workingDays) < today
          expect(confirmedAt < cutoff, `${confirmedAt.toISOString()} at ${today}`).toBe(late)
        }
      }
    }
  })
})
