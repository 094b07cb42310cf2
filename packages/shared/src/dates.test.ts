import { describe, expect, it } from 'vitest'
import { formatShopDate, shopDay, shopYear } from './dates'

describe('formatShopDate', () => {
  // 01:30 IST on 23 November is still 22 November in UTC: the day a shopper saw is the 23rd.
  const earlyMorningIst = '2026-11-22T20:00:00.000Z'

  it('formats in Asia/Kolkata whatever the machine time zone is (servers and CI run in UTC)', () => {
    expect(formatShopDate(earlyMorningIst)).toBe('23/11/2026')
    expect(formatShopDate(new Date(earlyMorningIst), 'medium')).toBe('23 Nov 2026')
  })

  it('keeps the day for times after 05:30 IST', () => {
    expect(formatShopDate('2026-11-23T10:00:00.000Z')).toBe('23/11/2026')
  })

  it('answers a dash for an unreadable value', () => {
    expect(formatShopDate('not a date')).toBe('—')
  })
})

describe('shopYear', () => {
  it('turns the year at midnight in India, not in UTC', () => {
    expect(shopYear(new Date('2026-12-31T19:00:00.000Z'))).toBe(2027)
    expect(shopYear(new Date('2026-12-31T18:00:00.000Z'))).toBe(2026)
  })
})

describe('shopDay', () => {
  it('answers the day in India, which starts at 18:30 UTC the day before', () => {
    expect(shopDay(new Date('2026-11-22T18:29:59.000Z'))).toBe('2026-11-22')
    expect(shopDay(new Date('2026-11-22T18:30:00.000Z'))).toBe('2026-11-23')
    expect(shopDay(new Date('2026-01-04T00:00:00.000Z'))).toBe('2026-01-04')
  })
})
