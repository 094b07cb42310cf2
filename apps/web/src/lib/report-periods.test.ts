import { describe, expect, it } from 'vitest'
import {
  addMonths,
  formatMonth,
  formatQuarter,
  monthsBetween,
  monthsOfQuarter,
  parseQuarterKey,
  quarterOf,
  quartersBetween,
  shopMonth,
} from './report-periods'

describe('report periods', () => {
  it("takes the month in India: 30 November 19:00 UTC is already December's", () => {
    expect(shopMonth(new Date('2026-11-30T18:29:59.000Z'))).toBe('2026-11')
    expect(shopMonth(new Date('2026-11-30T19:00:00.000Z'))).toBe('2026-12')
  })

  it('moves months across years and lists them newest first', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12')
    expect(addMonths('2026-12', 1)).toBe('2027-01')
    expect(monthsBetween('2025-11', '2026-02')).toEqual([
      '2026-02',
      '2026-01',
      '2025-12',
      '2025-11',
    ])
    expect(formatMonth('2026-11')).toBe('November 2026')
  })

  it('puts April to June in quarter 1 and January to March in quarter 4 of the year before', () => {
    expect(quarterOf('2026-04')).toEqual({ fy: 2026, quarter: 1 })
    expect(quarterOf('2026-06')).toEqual({ fy: 2026, quarter: 1 })
    expect(quarterOf('2026-10')).toEqual({ fy: 2026, quarter: 3 })
    expect(quarterOf('2027-01')).toEqual({ fy: 2026, quarter: 4 })
    expect(quarterOf('2027-03')).toEqual({ fy: 2026, quarter: 4 })
    expect(monthsOfQuarter({ fy: 2026, quarter: 4 })).toEqual(['2027-01', '2027-02', '2027-03'])
    expect(formatQuarter({ fy: 2026, quarter: 4 })).toBe('Q4 · Jan–Mar 2027 (FY 2026-27)')
  })

  it('lists the quarters between two months, newest first, and reads their keys', () => {
    expect(quartersBetween('2026-02', '2026-11')).toEqual([
      { fy: 2026, quarter: 3 },
      { fy: 2026, quarter: 2 },
      { fy: 2026, quarter: 1 },
      { fy: 2025, quarter: 4 },
    ])
    expect(quartersBetween('2026-10', '2026-11')).toEqual([{ fy: 2026, quarter: 3 }])
    expect(parseQuarterKey('2026-Q3')).toEqual({ fy: 2026, quarter: 3 })
    expect(parseQuarterKey('2026-Q5')).toBeNull()
    expect(parseQuarterKey(null)).toBeNull()
  })
})
