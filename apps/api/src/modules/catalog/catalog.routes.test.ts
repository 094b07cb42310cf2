import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { filterOptions } from '../../db/schema'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller } from '../../../test/factories'

let t: TestContext
let ids: Record<string, string>

beforeAll(async () => {
  t = await createTestApp()
  const db = t.database.db
  const seller = await createSeller(db)
  const make = async (key: string, input: Parameters<typeof createProduct>[1]) => {
    ids[key] = (await createProduct(db, input)).id
  }
  ids = {}
  await make('phone', {
    sellerId: seller.id,
    title: 'Galaxy Phone',
    price: 30000,
    salePrice: 25000,
    brand: 'samsung',
    section: 'featured',
  })
  await make('buds', {
    sellerId: seller.id,
    title: 'Airdopes Buds',
    price: 1999,
    brand: 'boat',
    section: 'trending',
  })
  await make('cable', {
    sellerId: seller.id,
    title: 'USB-C Cable',
    price: 499,
    brand: 'apple',
    category: 'accessories',
    section: 'accessories',
  })
  await make('watch', {
    sellerId: seller.id,
    title: 'Zen Watch',
    price: 4999,
    salePrice: 3999,
    brand: 'realme',
    section: 'top-deals',
  })
  await make('hidden', { sellerId: seller.id, title: 'Unlisted Thing', price: 100, listed: false })
  await db.insert(filterOptions).values([
    { kind: 'category', value: 'electronics' },
    { kind: 'category', value: 'accessories' },
    { kind: 'brand', value: 'samsung' },
    { kind: 'brand', value: 'boat' },
  ])
})
afterAll(() => t.close())

const list = async (query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/shop/products/get${query}` })
  return { status: res.statusCode, body: res.json() }
}

describe('GET /api/shop/products/get', () => {
  it('lists only listed products, cheapest effective price first, with rupee prices', async () => {
    const { status, body } = await list()
    expect(status).toBe(200)
    expect(body.total).toBe(4)
    expect(body.data.map((p: { title: string }) => p.title)).toEqual([
      'USB-C Cable',
      'Airdopes Buds',
      'Zen Watch',
      'Galaxy Phone',
    ])
    const phone = body.data[3]
    expect(phone).toMatchObject({ price: 30000, salePrice: 25000, totalStock: 10 })
    expect(phone.username).toMatch(/^User/)
    expect(phone._id).toBe(ids.phone)
  })

  it('filters by comma-joined brands, category, section and effective price range', async () => {
    expect((await list('?brand=samsung,boat')).body.total).toBe(2)
    expect((await list('?category=accessories')).body.data[0]._id).toBe(ids.cable)
    expect((await list('?section=top-deals,trending')).body.total).toBe(2)
    // The phone's effective price is its sale price, 25000: inside 20000-26000.
    const ranged = await list('?minPrice=20000&maxPrice=26000')
    expect(ranged.body.data.map((p: { _id: string }) => p._id)).toEqual([ids.phone])
  })

  it('sorts by title and price descending, and paginates with totals', async () => {
    const az = await list('?sortBy=title-atoz')
    expect(az.body.data[0].title).toBe('Airdopes Buds')
    const hi = await list('?sortBy=price-hightolow&limit=2&page=2')
    expect(hi.body).toMatchObject({ total: 4, page: 2, limit: 2, totalPages: 2 })
    expect(hi.body.data.map((p: { title: string }) => p.title)).toEqual([
      'Airdopes Buds',
      'USB-C Cable',
    ])
  })

  it('answers a clear 400 in the error shape for malformed or unknown parameters', async () => {
    for (const query of [
      '?sortBy=cheapest',
      '?minPrice=abc',
      '?maxPrice=999999',
      '?page=0',
      '?limit=500',
      '?color=red',
      '?minPrice=500&maxPrice=100',
    ]) {
      const { status, body } = await list(query)
      expect(status, query).toBe(400)
      expect(body.success).toBe(false)
      expect(typeof body.message).toBe('string')
      expect(body.errors.length, query).toBeGreaterThan(0)
    }
  })
})

describe('GET /api/shop/products/get/:id', () => {
  it('returns one listed product', async () => {
    const res = await t.app.inject({ url: `/api/shop/products/get/${ids.watch}` })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ title: 'Zen Watch', salePrice: 3999, brand: 'realme' })
  })
  it('answers 404 for unknown and unlisted ids, 400 for malformed ones', async () => {
    const unknown = await t.app.inject({ url: `/api/shop/products/get/${crypto.randomUUID()}` })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ success: false, message: 'Product not found' })
    const hidden = await t.app.inject({ url: `/api/shop/products/get/${ids.hidden}` })
    expect(hidden.statusCode).toBe(404)
    const bad = await t.app.inject({ url: '/api/shop/products/get/1%27%20OR%201=1' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().success).toBe(false)
  })
})

describe('GET /api/shop/filter/fetch', () => {
  it('returns the category and brand lists, cacheable for 5 minutes', async () => {
    const res = await t.app.inject({ url: '/api/shop/filter/fetch' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=300')
    expect(res.json().data).toEqual({
      category: ['accessories', 'electronics'],
      brand: ['boat', 'samsung'],
    })
  })
})
