import { describe, expect, it } from 'vitest'
import { filtersFromSearchParams, parsePrice, readStoredFilters } from './filters'

describe('prices in the listing filters', () => {
  it('ignores a negative price in the address instead of showing nothing up to ₹0', () => {
    expect(filtersFromSearchParams(new URLSearchParams('maxPrice=-5'))).toEqual({})
    expect(filtersFromSearchParams(new URLSearchParams('minPrice=-1&maxPrice=500'))).toEqual({
      maxPrice: 500,
    })
  })

  it('ignores a negative price kept from an earlier visit', () => {
    expect(readStoredFilters(JSON.stringify({ maxPrice: -5, brand: ['boat'] }))).toEqual({
      brand: ['boat'],
    })
  })

  it('reads whole rupees and caps them at the filter’s range', () => {
    expect(parsePrice('0')).toBe(0)
    expect(parsePrice('1499.6')).toBe(1500)
    expect(parsePrice('99999999')).toBe(300_000)
    expect(parsePrice('abc')).toBeUndefined()
    expect(parsePrice('-0.4')).toBeUndefined()
  })

  it('reads variant option keys from the address and stored filters, dropping malformed ones', () => {
    const params = new URLSearchParams('options=Colour:Blue,storage:256 gb,blue,:x')
    expect(filtersFromSearchParams(params)).toEqual({ options: ['colour:blue', 'storage:256 gb'] })
    expect(readStoredFilters(JSON.stringify({ options: ['colour:black', 7, 'nope'] }))).toEqual({
      options: ['colour:black'],
    })
  })
})
