import { describe, expect, it } from 'vitest'
import { assessmentYear, istDay, istDayDmy, istMonth, monthPeriod, quarterPeriod } from './period'

describe("the reports' calendar (IST)", () => {
  it('runs a month from an IST midnight to the next', () => {
    expect(monthPeriod('2026-12')).toEqual({
      from: new Date('2026-11-30T18:30:00Z'),
      to: new Date('2026-12-31T18:30:00Z'),
    })
    // February of a leap year, and a year's turn.
    expect(monthPeriod('2028-02').to).toEqual(new Date('2028-02-29T18:30:00Z'))
    expect(monthPeriod('2026-12').to).toEqual(monthPeriod('2027-01').from)
  })

  it('puts 2026-11-30T19:00Z in December, 18:29Z in November', () => {
    expect(istMonth(new Date('2026-11-30T19:00:00Z'))).toBe('2026-12')
    expect(istMonth(new Date('2026-11-30T18:29:59Z'))).toBe('2026-11')
    expect(istDay(new Date('2026-11-30T19:00:00Z'))).toBe('2026-12-01')
    expect(istDayDmy(new Date('2026-11-30T19:00:00Z'))).toBe('01/12/2026')
  })

  it('splits the financial year into quarters from April, the fourth in the next year', () => {
    expect(quarterPeriod(2026, 1)).toEqual({
      from: new Date('2026-03-31T18:30:00Z'),
      to: new Date('2026-06-30T18:30:00Z'),
      months: ['2026-04', '2026-05', '2026-06'],
    })
    expect(quarterPeriod(2026, 3).months).toEqual(['2026-10', '2026-11', '2026-12'])
    expect(quarterPeriod(2026, 4)).toEqual({
      from: new Date('2026-12-31T18:30:00Z'),
      to: new Date('2027-03-31T18:30:00Z'),
      months: ['2027-01', '2027-02', '2027-03'],
    })
    expect(assessmentYear(2026)).toBe('2027-28')
    expect(assessmentYear(2099)).toBe('2100-01')
  })
})
