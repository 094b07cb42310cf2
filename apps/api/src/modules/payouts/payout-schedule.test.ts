import { describe, expect, it } from 'vitest'
import { dueSlot } from './payout-schedule'

const weekly = {
  minPaise: 10_000,
  schedule: 'weekly' as const,
  weekday: 1,
  hourIst: 10,
  approval: true,
  pollMs: 900_000,
}

describe('dueSlot', () => {
  it('is the latest Monday 10:00 in India for six hours, then nothing until the next', () => {
    // Monday 30 November 2026, 10:00 IST is 04:30 UTC.
    expect(dueSlot(new Date('2026-11-30T04:29:59Z'), weekly)).toBeNull()
    expect(dueSlot(new Date('2026-11-30T04:30:00Z'), weekly)).toBe('weekly:2026-11-30T10')
    expect(dueSlot(new Date('2026-11-30T10:29:59Z'), weekly)).toBe('weekly:2026-11-30T10')
    expect(dueSlot(new Date('2026-11-30T10:30:00Z'), weekly)).toBeNull()
    expect(dueSlot(new Date('2026-12-03T10:00:00Z'), weekly)).toBeNull()
    expect(dueSlot(new Date('2026-12-07T05:00:00Z'), weekly)).toBe('weekly:2026-12-07T10')
  })

  it('counts the weekday on the Indian calendar, not UTC', () => {
    // Sunday 21:00 UTC is Monday 02:30 IST: with a 02:00 run, Monday's slot is due.
    const early = { ...weekly, hourIst: 2 }
    expect(dueSlot(new Date('2026-11-29T21:00:00Z'), early)).toBe('weekly:2026-11-30T02')
  })

  it('runs every day when daily, and never when off', () => {
    const daily = { ...weekly, schedule: 'daily' as const }
    expect(dueSlot(new Date('2026-12-02T05:00:00Z'), daily)).toBe('daily:2026-12-02T10')
    expect(dueSlot(new Date('2026-12-02T05:00:00Z'), { ...weekly, schedule: 'off' })).toBeNull()
  })
})
