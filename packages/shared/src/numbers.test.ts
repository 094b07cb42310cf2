import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { productBody } from './admin-products'
import { cartQuery } from './cart'
import { listProductsQuery } from './catalog'
import { plainNumber } from './numbers'
import { addReviewBody } from './reviews'

const messages = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? [] : result.error.issues.map((issue) => issue.message)

describe('plainNumber: a number as a person writes it', () => {
  const price = plainNumber('Price')

  it('reads digits with an optional decimal part, and takes JSON numbers as they are', () => {
    expect(price.parse('16')).toBe(16)
    expect(price.parse('1499.50')).toBe(1499.5)
    expect(price.parse('0')).toBe(0)
    expect(price.parse('-5')).toBe(-5)
    expect(price.parse(42)).toBe(42)
  })

  it.each([
    '0x10',
    '1e3',
    ' 12 ',
    '12 ',
    'Infinity',
    '-Infinity',
    'NaN',
    '0b11',
    '0o7',
    '1_000',
    '1,000',
    '.5',
    '5.',
    '+5',
    '١٢',
  ])('refuses %j with a clear message', (input) => {
    expect(messages(price.safeParse(input))).toEqual([
      'Price must be a number written in digits, like 1499 or 1499.50',
    ])
  })

  it('refuses values that are not numbers at all', () => {
    for (const input of [true, [], {}, Infinity, Number.NaN]) {
      expect(price.safeParse(input).success, String(input)).toBe(false)
    }
  })

  it('calls an empty value missing', () => {
    for (const input of ['', undefined, null]) {
      expect(messages(price.safeParse(input))).toEqual(['Price is required'])
    }
  })
})

const PRODUCT = {
  image: '/uploads/u/a.webp',
  title: 'Galaxy Buds 3',
  description: 'Noise cancelling earbuds.',
  category: 'electronics',
  brand: 'samsung',
  section: 'top-deals',
  hsn: '851830',
  price: '9999',
  salePrice: '0',
  totalStock: '25',
  // Decision 066: every product form sends its declarations and warranty.
  declarations: {
    manufacturerName: 'Samsung India Electronics Pvt. Ltd.',
    manufacturerAddress: '6th Floor, DLF Centre, Sansad Marg, New Delhi 110001',
    packerRole: 'manufacturer',
    packerName: '',
    packerAddress: '',
    countryOfOrigin: 'India',
    genericName: 'Earbuds',
    netQuantity: '1 N',
    careName: 'Samsung Customer Care',
    careAddress: '6th Floor, DLF Centre, Sansad Marg, New Delhi 110001',
    carePhone: '1800 40 7267864',
    careEmail: 'support@samsung.example',
  },
  warranty: { months: '12', by: 'Manufacturer' },
}

describe('productBody numbers', () => {
  it('reads the form strings', () => {
    expect(productBody.parse(PRODUCT)).toMatchObject({ price: 9999, salePrice: 0, totalStock: 25 })
  })

  it.each(['0x10', '1e3', ' 12 ', 'Infinity'])(
    'refuses %j as a price, sale price or stock',
    (bad) => {
      for (const field of ['price', 'salePrice', 'totalStock'] as const) {
        const result = productBody.safeParse({ ...PRODUCT, [field]: bad })
        expect(result.success, `${field} ${bad}`).toBe(false)
      }
    },
  )

  it('refuses a price of ₹0 (or below ₹1)', () => {
    for (const price of ['0', '0.50', 0]) {
      expect(messages(productBody.safeParse({ ...PRODUCT, price }))).toContain(
        'Price must be at least ₹1',
      )
    }
    expect(productBody.safeParse({ ...PRODUCT, price: '1' }).success).toBe(true)
  })

  it('takes a sale price of 0 as "no sale", but refuses one between ₹0 and ₹1', () => {
    expect(productBody.safeParse({ ...PRODUCT, salePrice: '0' }).success).toBe(true)
    expect(messages(productBody.safeParse({ ...PRODUCT, salePrice: '0.50' }))).toContain(
      'Sale Price must be at least ₹1 (or 0 for no sale)',
    )
    expect(productBody.safeParse({ ...PRODUCT, salePrice: '1' }).success).toBe(true)
  })
})

describe('other numbers read from strings', () => {
  it('refuses hex, exponents and padding in page and limit', () => {
    for (const bad of ['0x2', '1e1', ' 2 ']) {
      expect(cartQuery.safeParse({ page: bad }).success, `cart page ${bad}`).toBe(false)
      expect(cartQuery.safeParse({ limit: bad }).success, `cart limit ${bad}`).toBe(false)
      expect(listProductsQuery.safeParse({ page: bad }).success, `list page ${bad}`).toBe(false)
      expect(listProductsQuery.safeParse({ limit: bad }).success, `list limit ${bad}`).toBe(false)
    }
    expect(cartQuery.parse({ page: '2', limit: '5' })).toEqual({ page: 2, limit: 5 })
    expect(listProductsQuery.parse({ page: '3' })).toMatchObject({ page: 3 })
  })

  it('refuses a rating written as hex or with spaces', () => {
    const review = {
      productId: '3b241101-e2bb-4255-8caf-4136c566a962',
      userId: '9c1f6c3e-2f0a-4f7e-8d6a-1b2c3d4e5f60',
      reviewMessage: 'Good',
    }
    expect(addReviewBody.safeParse({ ...review, reviewValue: 4 }).success).toBe(true)
    expect(addReviewBody.safeParse({ ...review, reviewValue: '4' }).success).toBe(true)
    for (const bad of ['0x4', ' 4', '4e0', true]) {
      expect(addReviewBody.safeParse({ ...review, reviewValue: bad }).success, String(bad)).toBe(
        false,
      )
    }
  })
})
