import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  brandPath,
  categoryPath,
  landingSlug,
  PRODUCT_SLUG_MAX,
  productPath,
  productSlug,
  SHORT_ID_ALPHABET,
  SHORT_ID_LENGTH,
  SHORT_ID_PATTERN,
  shortIdOfPath,
} from './product-path'

describe('productSlug', () => {
  it.each([
    [
      'Samsung Galaxy A35 5G (8GB/128GB) - Awesome Iceblue',
      'samsung-galaxy-a35-5g-8gb-128gb-awesome-iceblue',
    ],
    ['boAt Airdopes 141 & Charging Case', 'boat-airdopes-141-and-charging-case'],
    ['Galaxy S24+ 256GB', 'galaxy-s24-plus-256gb'],
    ['OnePlus Nord CE4 — ₹24,999 only', 'oneplus-nord-ce4-24-999-only'],
    ['Crème Brûlée Café Speaker', 'creme-brulee-cafe-speaker'],
    ["Men's Smartwatch – Kids’ Edition", 'mens-smartwatch-kids-edition'],
    ['Straße Ærø Łódź', 'strasse-aero-lodz'],
    ['Apple® iPhone™ 15', 'apple-iphone-15'],
    ['Monitor 1920×1080, 75% off @ store', 'monitor-1920-x-1080-75-percent-off-at-store'],
    ['  --Hello__World--  ', 'hello-world'],
    ['ＦＵＬＬＷＩＤＴＨ Ⅻ', 'fullwidth-xii'],
  ])('%s → %s', (title, slug) => {
    expect(productSlug(title)).toBe(slug)
  })

  it('is "product" when nothing of the title is left', () => {
    expect(productSlug('')).toBe('product')
    expect(productSlug('₹ — ™')).toBe('product')
    expect(productSlug('सैमसंग फ़ोन')).toBe('product')
  })

  it('cuts a long title at a word boundary within the limit', () => {
    const title = `${'word '.repeat(30)}end`
    const slug = productSlug(title)
    expect(slug.length).toBeLessThanOrEqual(PRODUCT_SLUG_MAX)
    expect(slug).toMatch(/^(word-)*word$/)
    expect(slug.length).toBe(79)
    // A single word longer than the limit is cut where the limit falls.
    expect(productSlug('x'.repeat(200))).toBe('x'.repeat(PRODUCT_SLUG_MAX))
    // A cut that falls just after a word keeps the word.
    const exact = `${'a'.repeat(PRODUCT_SLUG_MAX)} tail`
    expect(productSlug(exact)).toBe('a'.repeat(PRODUCT_SLUG_MAX))
  })

  it('is always non-empty lower-case ASCII words joined by single dashes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (title) => {
        const slug = productSlug(title)
        expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
        expect(slug.length).toBeLessThanOrEqual(PRODUCT_SLUG_MAX)
        // Slugging a slug changes nothing.
        expect(productSlug(slug)).toBe(slug)
      }),
    )
  })
})

describe('productPath and shortIdOfPath', () => {
  it('builds /p/{slug}-{shortId} and reads the short id back', () => {
    const path = productPath({ title: 'Redmi Note 13 Pro+ 5G', shortId: 'k3m9x2ab' })
    expect(path).toBe('/p/redmi-note-13-pro-plus-5g-k3m9x2ab')
    expect(shortIdOfPath(path.slice('/p/'.length))).toBe('k3m9x2ab')
  })

  it('finds the short id whatever the slug says, or bare', () => {
    expect(shortIdOfPath('an-old-title-k3m9x2ab')).toBe('k3m9x2ab')
    expect(shortIdOfPath('k3m9x2ab')).toBe('k3m9x2ab')
  })

  it.each([
    ['no-id-here'],
    ['title-k3m9x2a'],
    ['title-k3m9x2abc'],
    ['titlek3m9x2ab'],
    ['title-K3M9X2AB'],
    ['title-k3m9x2al'],
    ['title-k3m9x2ao'],
    ['title-k3m9x2au'],
    [''],
    ['-'],
  ])('finds no short id in %j', (segment) => {
    expect(shortIdOfPath(segment)).toBeNull()
  })

  it('round-trips any title and any short id of the alphabet', () => {
    const shortId = fc
      .array(fc.constantFrom(...SHORT_ID_ALPHABET), {
        minLength: SHORT_ID_LENGTH,
        maxLength: SHORT_ID_LENGTH,
      })
      .map((chars) => chars.join(''))
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), shortId, (title, id) => {
        expect(id).toMatch(SHORT_ID_PATTERN)
        const path = productPath({ title, shortId: id })
        expect(path.startsWith('/p/')).toBe(true)
        expect(shortIdOfPath(path.slice(3))).toBe(id)
      }),
    )
  })

  it('has an alphabet of 32 distinct characters without look-alikes', () => {
    expect(new Set(SHORT_ID_ALPHABET).size).toBe(32)
    expect(SHORT_ID_ALPHABET).not.toMatch(/[ilou]/)
    for (const ch of SHORT_ID_ALPHABET) expect(ch.repeat(8)).toMatch(SHORT_ID_PATTERN)
  })
})

describe('landing paths', () => {
  it('slugs categories and brands like titles', () => {
    expect(categoryPath('electronics')).toBe('/c/electronics')
    expect(categoryPath('Home & Kitchen')).toBe('/c/home-and-kitchen')
    expect(brandPath('boAt')).toBe('/b/boat')
    expect(brandPath('realme')).toBe('/b/realme')
    expect(landingSlug('★')).toBe('other')
  })
})
