import { describe, expect, it } from 'vitest'
import { ORDER_STATUSES } from './constants'
import {
  deriveOrderStatus,
  isShippable,
  nextOrderStatuses,
  orderEventFor,
  stillCancellable,
} from './order-lifecycle'

describe('the order lifecycle table', () => {
  it('offers each actor only its next steps', () => {
    expect(nextOrderStatuses('confirmed', 'admin')).toEqual(['inProcess', 'inShipping', 'rejected'])
    // A seller books the courier; its scans, not the seller, mark the parcel shipped and delivered.
    expect(nextOrderStatuses('confirmed', 'seller')).toEqual(['inProcess'])
    expect(nextOrderStatuses('inProcess', 'seller')).toEqual([])
    expect(nextOrderStatuses('inShipping', 'seller')).toEqual([])
    expect(nextOrderStatuses('inShipping', 'admin')).toEqual(['delivered'])
    expect(nextOrderStatuses('pending', 'seller')).toEqual([])
    expect(nextOrderStatuses('pending', 'shopper')).toEqual(['cancelled'])
    expect(nextOrderStatuses('inShipping', 'courier')).toEqual(['delivered', 'returned'])
    expect(nextOrderStatuses('confirmed', 'courier')).toEqual(['inShipping'])
    expect(nextOrderStatuses('delivered', 'admin')).toEqual([])
    expect(nextOrderStatuses('rejected', 'admin')).toEqual([])
  })

  it('names the event of a move, or none', () => {
    expect(orderEventFor('pending', 'confirmed', 'provider')).toBe('pay')
    expect(orderEventFor('pending', 'confirmed', 'admin')).toBeNull()
    expect(orderEventFor('inShipping', 'inProcess', 'seller')).toBeNull()
    expect(orderEventFor('confirmed', 'inShipping', 'seller')).toBeNull()
    expect(orderEventFor('inShipping', 'delivered', 'seller')).toBeNull()
    expect(orderEventFor('inShipping', 'delivered', 'courier')).toBe('deliver')
    expect(orderEventFor('pending', 'expired', 'system')).toBe('expire')
  })

  it('derives the order from its least advanced live part', () => {
    expect(deriveOrderStatus(['delivered', 'inProcess'])).toBe('inProcess')
    expect(deriveOrderStatus(['delivered', 'rejected'])).toBe('delivered')
    expect(deriveOrderStatus(['cancelled', 'cancelled'])).toBe('cancelled')
    expect(deriveOrderStatus(['cancelled', 'rejected'])).toBe('rejected')
    expect(deriveOrderStatus(['confirmed'])).toBe('confirmed')
  })
})

describe('the rules read off the table', () => {
  it('lets a part be cancelled before it ships and only while no courier booking stands', () => {
    expect(stillCancellable('confirmed', false)).toBe(true)
    expect(stillCancellable('inProcess', false)).toBe(true)
    expect(stillCancellable('inProcess', true)).toBe(false)
    expect(stillCancellable('inShipping', false)).toBe(false)
    expect(stillCancellable('delivered', false)).toBe(false)
  })

  it('lets a seller ship only a confirmed or in-process part', () => {
    expect(ORDER_STATUSES.filter(isShippable)).toEqual(['confirmed', 'inProcess'])
  })
})
