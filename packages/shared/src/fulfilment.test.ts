import { describe, expect, it } from 'vitest'
import { adminShipmentsQuery, isPastDay } from './fulfilment'

describe('adminShipmentsQuery', () => {
  it('reads late as a yes or no, and pages from 1', () => {
    expect(adminShipmentsQuery.parse({})).toEqual({ page: 1, limit: 20, late: undefined })
    expect(adminShipmentsQuery.parse({ late: 'true', page: '2' })).toMatchObject({
      page: 2,
      late: true,
    })
    expect(adminShipmentsQuery.parse({ late: 'false' }).late).toBe(false)
    expect(adminShipmentsQuery.safeParse({ late: 'yes' }).success).toBe(false)
    expect(adminShipmentsQuery.safeParse({ status: 'late' }).success).toBe(false)
  })
})

describe('isPastDay', () => {
  it('is late only after the day itself', () => {
    expect(isPastDay('2026-11-24', '2026-11-25')).toBe(true)
    expect(isPastDay('2026-11-25', '2026-11-25')).toBe(false)
    expect(isPastDay(null, '2026-11-25')).toBe(false)
  })
})
