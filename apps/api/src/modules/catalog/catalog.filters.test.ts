import { productListResponse } from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../../db/schema'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller } from '../../../test/factories'

/**
 * The listing's rating, discount and stock filters (issue 32.6, decision 089), on the listing
 * and on the facet counts, read from the columns the database keeps (no average per request).
 */
let t: TestContext

/** title -> [sale price (0: none), stock, average rating, reviews]; every M.R.P. is ₹1,000. */
const CATALOG: Record<string, [number, number, number, number]> = {
  'Ten off, 4.5': [900, 5, 4.5, 8],
  'Quarter off, out of stock, 3.2': [750, 0, 3.2, 3],
  'Half off, 4.0': [500, 3, 4, 2],
  'Full price, unrated': [0, 2, 0, 0],
  'Just under ten off, 3.99': [901, 1, 3.99, 5],
}

beforeAll(async () => {
  t = await createTestApp()
  const db = t.database.db
  const sellerId = (await createSeller(db)).id
  for (const [title, [salePrice, totalStock, averageReview, reviewCount]] of Object.entries(
    CATALOG,
  )) {
    const product = await createProduct(db, {
      sellerId,
      title,
      brand: 'filtertest',
      price: 1000,
      salePrice,
      totalStock,
    })
    await db.update(products).set({ averageReview, reviewCount }).where(eq(products.id, product.id))
  }
})
afterAll(() => t.close())

async function titles(query: string) {
  const res = await t.app.inject({
    url: `/api/shop/products/get?brand=filtertest&sortBy=title-atoz&${query}`,
  })
  expect(res.statusCode).toBe(200)
  return productListResponse
    .parse(res.json())
    .data.map((p) => p.title)
    .sort()
}

describe('listing filters: rating, discount, stock', () => {
  it('keeps products rated at least the stars chosen', async () => {
    expect(await titles('minRating=4')).toEqual(['Half off, 4.0', 'Ten off, 4.5'])
    expect(await titles('minRating=3')).toEqual([
      'Half off, 4.0',
      'Just under ten off, 3.99',
      'Quarter off, out of stock, 3.2',
      'Ten off, 4.5',
    ])
  })

  it('keeps products at least the percent chosen off the M.R.P.', async () => {
    // 9.9% off is not "10% or more".
    expect(await titles('minDiscount=10')).toEqual([
      'Half off, 4.0',
      'Quarter off, out of stock, 3.2',
      'Ten off, 4.5',
    ])
    expect(await titles('minDiscount=25')).toEqual([
      'Half off, 4.0',
      'Quarter off, out of stock, 3.2',
    ])
    expect(await titles('minDiscount=50')).toEqual(['Half off, 4.0'])
  })

  it('hides products out of stock, and follows the stock as it changes', async () => {
    expect(await titles('inStock=1')).toEqual([
      'Full price, unrated',
      'Half off, 4.0',
      'Just under ten off, 3.99',
      'Ten off, 4.5',
    ])
    const db = t.database.db
    await db
      .update(products)
      .set({ totalStock: 4 })
      .where(eq(products.title, 'Quarter off, out of stock, 3.2'))
    // The listing is cached for a while: a new combination reads the database again.
    expect(await titles('inStock=1&minDiscount=25')).toEqual([
      'Half off, 4.0',
      'Quarter off, out of stock, 3.2',
    ])
    await db.update(products).set({ totalStock: 0 }).where(eq(products.title, 'Half off, 4.0'))
    expect(await titles('inStock=1&minDiscount=50')).toEqual([])
    await db.update(products).set({ totalStock: 3 }).where(eq(products.title, 'Half off, 4.0'))
  })

  it('combines them, and the facet counts follow', async () => {
    expect(await titles('minRating=4&minDiscount=25&inStock=true')).toEqual(['Half off, 4.0'])
    const res = await t.app.inject({
      url: '/api/shop/products/facets?brand=filtertest&minRating=4&inStock=1',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data.brand).toEqual({ filtertest: 2 })
  })

  it('refuses choices the listing does not offer', async () => {
    for (const query of ['minRating=5', 'minRating=4.5', 'minDiscount=20', 'inStock=0']) {
      const res = await t.app.inject({ url: `/api/shop/products/get?${query}` })
      expect(res.statusCode, query).toBe(400)
      expect(res.json()).toMatchObject({ success: false })
    }
  })
})
