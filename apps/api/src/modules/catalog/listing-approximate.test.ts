import { LIMITS, listingFacetsResponse, productListResponse } from '@techbazaar/shared'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateProducts, rowsOf } from '../../../bench/generate-products'
import { createTestApp, type TestContext } from '../../../test/app'
import { createListingTotals } from './catalog.service'
import { foldListingCounts } from './listing-counts'

/**
 * Totals and facet counts on a catalog larger than the caps (decision 099): what the kept counts
 * answer is exact however large; what a price filter needs counted stops at the cap and says so.
 */
let t: TestContext

beforeAll(async () => {
  t = await createTestApp({ config: { catalogCacheSeconds: 0 } })
  await generateProducts(t.database.db, LIMITS.listingTotalCap + 600)
  await foldListingCounts(t.database.db)
}, 120_000)
afterAll(() => t.close())

/** Listed products (family leads) matching a WHERE, counted here in full. */
async function countWhere(where = sql`true`): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM products WHERE listed AND family_lead AND ${where}`,
    ),
  )
  return row!.n
}

const listing = async (query: string) => {
  const res = await t.app.inject({ url: `/api/shop/products/get?${query}` })
  expect(res.statusCode, res.body).toBe(200)
  return productListResponse.parse(res.json())
}

describe('listing totals past the cap', () => {
  it('are exact from the kept counts without a price, rating, discount or option filter', async () => {
    const all = await countWhere()
    expect(all).toBeGreaterThan(LIMITS.listingTotalCap)
    const reply = await listing('sortBy=price-lowtohigh')
    expect(reply).toMatchObject({ total: all, totalIsApproximate: false })
    const samsung = await listing('brand=samsung&inStock=1')
    expect(samsung.total).toBe(await countWhere(sql`brand = 'samsung' AND in_stock`))
    expect(samsung.totalIsApproximate).toBe(false)
  })

  it('read "10,000+" when a price filter matches more, and stay exact below it', async () => {
    expect(await countWhere(sql`effective_price_paise <= 30000000`)).toBeGreaterThan(
      LIMITS.listingTotalCap,
    )
    const broad = await listing('maxPrice=300000&page=2')
    expect(broad).toMatchObject({
      total: LIMITS.listingTotalCap,
      totalIsApproximate: true,
      totalPages: Math.ceil(LIMITS.listingTotalCap / LIMITS.listingPageSize),
    })
    expect(broad.data).toHaveLength(LIMITS.listingPageSize)
    const narrow = await listing('brand=apple&maxPrice=2000')
    const expected = await countWhere(sql`brand = 'apple' AND effective_price_paise <= 200000`)
    expect(expected).toBeGreaterThan(0)
    expect(expected).toBeLessThan(LIMITS.listingTotalCap)
    expect(narrow).toMatchObject({ total: expected, totalIsApproximate: false })
  })
})

describe('facet counts past the cap', () => {
  it('stop at 1,000 under a price filter and name the values that did; the rest are exact', async () => {
    const res = await t.app.inject({ url: '/api/shop/products/facets?maxPrice=300000' })
    expect(res.statusCode, res.body).toBe(200)
    const { data } = listingFacetsResponse.parse(res.json())
    const brands = rowsOf<{ brand: string; n: number }>(
      await t.database.db.execute(sql`SELECT brand, count(*)::int AS n FROM products
        WHERE listed AND family_lead AND effective_price_paise <= 30000000 GROUP BY 1`),
    )
    expect(brands.some((b) => b.n > LIMITS.facetCountCap)).toBe(true)
    for (const { brand, n } of brands) {
      const capped = n > LIMITS.facetCountCap
      expect(data.brand[brand], brand).toBe(capped ? LIMITS.facetCountCap : n)
      expect(data.approximate.brand.includes(brand), brand).toBe(capped)
    }
    // Without the price filter every count is exact, from the kept counts.
    const exact = await t.app.inject({ url: '/api/shop/products/facets' })
    const unfiltered = listingFacetsResponse.parse(exact.json()).data
    expect(unfiltered.approximate).toEqual({ category: [], brand: [], section: [] })
    for (const { brand } of brands) {
      expect(unfiltered.brand[brand]).toBe(await countWhere(sql`brand = ${brand}`))
    }
  })
})

describe('OpenAPI', () => {
  it('documents which totals and facet counts are lower bounds', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json()
    const schemaOf = (path: string) =>
      doc.paths[path].get.responses['200'].content['application/json'].schema
    const listingSchema = schemaOf('/api/shop/products/get')
    expect(listingSchema.properties.totalIsApproximate.type).toBe('boolean')
    expect(listingSchema.required).toContain('totalIsApproximate')
    const facetsData = schemaOf('/api/shop/products/facets').properties.data
    expect(Object.keys(facetsData.properties.approximate.properties)).toEqual([
      'category',
      'brand',
      'section',
    ])
  })
})

describe('approximate totals kept for a while', () => {
  it('answers a "10,000+" again for 30 s, and counts an exact total every time', async () => {
    let now = 0
    const totals = createListingTotals(() => now)
    const query = { maxPrice: 50_000, sortBy: 'price-lowtohigh' as const, page: 1, limit: 24 }
    let counted = 0
    const count = (total: number, approximate: boolean) => async () => {
      counted++
      return { total, approximate }
    }
    expect(await totals.count(query, count(10_000, true))).toEqual({
      total: 10_000,
      approximate: true,
    })
    now += 29_000
    expect((await totals.count(query, count(9_000, false))).approximate).toBe(true)
    expect(counted).toBe(1)
    now += 2_000
    expect(await totals.count(query, count(9_000, false))).toEqual({
      total: 9_000,
      approximate: false,
    })
    expect(await totals.count(query, count(8_999, false))).toEqual({
      total: 8_999,
      approximate: false,
    })
    expect(counted).toBe(3)
  })
})
