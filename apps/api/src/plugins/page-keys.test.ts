import { describe, expect, it } from 'vitest'
import { keptPagePaths, pageKey } from './page-keys'

describe('pageKey', () => {
  it('keeps every static storefront page, the ranking parameters page among them', () => {
    for (const page of [
      '/aboutUs',
      '/shipping-policy',
      '/return',
      '/returnAndRefunds',
      '/privacy-policy',
      '/term-conditions',
      '/ranking-parameters',
      '/contact-us',
    ]) {
      expect(keptPagePaths()).toContain(page)
      expect(pageKey(page)).toBe(page)
    }
  })

  it('shares a static page with its campaign links and keeps no other spelling', () => {
    expect(pageKey('/ranking-parameters?utm_source=footer&fbclid=x')).toBe('/ranking-parameters')
    expect(pageKey('/ranking-parameters/')).toBeNull()
    expect(pageKey('/Ranking-Parameters')).toBeNull()
  })

  it('keeps the listing only in the spelling the shop writes', () => {
    expect(pageKey('/shop/listing?sortBy=title-atoz&brand=apple')).toBe(
      '/shop/listing?brand=apple&sortBy=title-atoz',
    )
    expect(pageKey('/shop/listing?sortBy=cheapest')).toBeNull()
  })

  it('keeps the rating, discount and stock filters the panel offers, and only those (decision 089)', () => {
    expect(pageKey('/shop/listing?inStock=1&minRating=4&minDiscount=25')).toBe(
      '/shop/listing?minRating=4&minDiscount=25&inStock=1',
    )
    for (const query of ['minRating=5', 'minDiscount=20', 'inStock=true']) {
      expect(pageKey(`/shop/listing?${query}`), query).toBeNull()
    }
  })
})
