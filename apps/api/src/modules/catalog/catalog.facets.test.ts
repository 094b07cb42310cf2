import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller } from '../../../test/factories'

/**
 * Facet counts: each filter option with the number of listed products it would show, counted
 * with every OTHER chosen filter applied (a brand's count follows the chosen category and price,
 * not the other chosen brands), so options with nothing to show can be hidden.
 */
let t: TestContext
let sellerId: string

beforeAll(async () => {
  t = await createTestApp()
  sellerId = (await createSeller(t.database.db)).id
  const db = t.database.db
  await createProduct(db, {
    sellerId,
    brand: 'samsung',
    category: 'electronics',
    section: 'featured',
    price: 30000,
  })
  await createProduct(db, {
    sellerId,
    brand: 'samsung',
    category: 'accessories',
    section: 'accessories',
    price: 999,
  })
  await createProduct(db, {
    sellerId,
    brand: 'apple',
    category: 'electronics',
    section: 'trending',
    price: 70000,
  })
  await createProduct(db, {
    sellerId,
    brand: 'boat',
    category: 'electronics',
    section: 'trending',
    price: 1999,
  })
  await createProduct(db, {
    sellerId,
    brand: 'nothing',
    category: 'electronics',
    section: 'featured',
    price: 100,
    listed: false,
  })
})
afterAll(() => t.close())

const facets = async (query = '') => {
  const res = await t.app.inject({ url: `/api/shop/products/facets${query}` })
  return { status: res.statusCode, body: res.json() }
}

describe('GET /api/shop/products/facets', () => {
  it('counts listed products per category, brand and section; unlisted ones and empty options are left out', async () => {
    const { status, body } = await facets()
    expect(status).toBe(200)
    expect(body.data).toEqual({
      category: { accessories: 1, electronics: 3 },
      brand: { apple: 1, boat: 1, samsung: 2 },
      section: { accessories: 1, featured: 1, trending: 2 },
      // Variant option values (decision 090): none of these products has variants.
      options: [],
      // Every count is exact (decision 099: only a value past the cap is listed here).
      approximate: { category: [], brand: [], section: [] },
    })
  })

  it("counts each group with the other groups' filters and the price range, not its own", async () => {
    const { body } = await facets('?brand=samsung&category=electronics&maxPrice=50000')
    expect(body.data).toEqual({
      // brand=samsung, price ≤ 50000: the phone and the charger.
      category: { accessories: 1, electronics: 1 },
      // category=electronics, price ≤ 50000: the Samsung phone and the boAt buds.
      brand: { boat: 1, samsung: 1 },
      // all three filters: only the Samsung phone.
      section: { featured: 1 },
      options: [],
      approximate: { category: [], brand: [], section: [] },
    })
  })

  it('follows catalog changes at once (the cached reply is emptied)', async () => {
    expect((await facets('?brand=apple')).body.data.section).toEqual({ trending: 1 })
    await createProduct(t.database.db, { sellerId, brand: 'apple', section: 'featured' })
    // NOTIFY reaches a PostgreSQL listener a moment after the commit: ask until it has.
    for (let i = 0; i < 100; i++) {
      if ((await facets('?brand=apple')).body.data.section.featured === 1) break
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect((await facets('?brand=apple')).body.data.section).toEqual({ featured: 1, trending: 1 })
  })

  it('refuses what the listing refuses', async () => {
    for (const query of [
      '?maxPrice=-1',
      '?minPrice=500&maxPrice=100',
      '?sortBy=title-atoz',
      '?color=red',
    ]) {
      const { status, body } = await facets(query)
      expect(status, query).toBe(400)
      expect(body.success).toBe(false)
    }
  })
})
