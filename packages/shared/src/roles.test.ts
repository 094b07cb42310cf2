import { describe, expect, it } from 'vitest'
import { isSuspendedSeller, seesBuyers } from './roles'

describe('sellers not approved', () => {
  it('suspends only a rejected seller, and lets only approved sellers (and non-sellers) see buyers', () => {
    const seller = (vendorStatus: 'Pending' | 'Approved' | 'Rejected') =>
      ({ type: 'vendor', vendorStatus }) as const
    expect(isSuspendedSeller(seller('Rejected'))).toBe(true)
    expect(isSuspendedSeller(seller('Pending'))).toBe(false)
    expect(isSuspendedSeller({ type: 'admin', vendorStatus: null })).toBe(false)
    expect(seesBuyers(seller('Approved'))).toBe(true)
    expect(seesBuyers(seller('Pending'))).toBe(false)
    expect(seesBuyers(seller('Rejected'))).toBe(false)
    expect(seesBuyers({ type: 'admin', vendorStatus: null })).toBe(true)
    expect(seesBuyers({ type: 'user', vendorStatus: null })).toBe(true)
  })
})
