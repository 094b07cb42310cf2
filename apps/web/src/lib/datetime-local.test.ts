import { describe, expect, it } from 'vitest'
import { fromDateTimeLocal, toDateTimeLocal } from './datetime-local'

describe('datetime-local values', () => {
  it('shows an instant as the wall-clock time of this browser and reads it back', () => {
    const local = '2026-12-01T09:30'
    const instant = new Date(local).toISOString()
    expect(toDateTimeLocal(instant)).toBe(local)
    expect(fromDateTimeLocal(local)).toBe(instant)
  })

  it('takes none as empty both ways', () => {
    expect(toDateTimeLocal(null)).toBe('')
    expect(fromDateTimeLocal('')).toBeNull()
  })
})
