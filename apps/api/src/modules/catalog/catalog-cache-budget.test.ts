import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller } from '../../../test/factories'

const BUDGET = 256 * 1024
let t: TestContext

beforeAll(async () => {
  t = await createTestApp({ env: { CATALOG_CACHE_MAX_BYTES: String(BUDGET) } })
  const seller = await createSeller(t.database.db)
  const brands = ['samsung', 'apple', 'boat']
  for (let i = 0; i < 30; i++) {
    await createProduct(t.database.db, {
      sellerId: seller.id,
      title: `Galaxy Budget Phone ${i}`,
      brand: brands[i % brands.length],
      price: 1000 + i * 250,
    })
  }
})
afterAll(() => t.close())

beforeAll(async () => {
  // On PostgreSQL the setup's inserts are announced a moment later and empty the cache; under
  // load that can be after a first hit (CI saw it), so wait until every one has been heard.
  const cache = t.app.deps.catalogCache
  if (!cache) throw new Error('the test app has no catalog cache')
  await cache.caughtUp()
})

const get = (url: string) => t.app.inject({ method: 'GET', url })
const stats = () => {
  const cache = t.app.deps.catalogCache
  if (!cache) throw new Error('the test app has no catalog cache')
  return cache.stats()
}

/**
 * Whether `again` is answered from the entry `first` left. Once per URL pair: asked twice, `again`
 * would hit its own entry.
 */
async function sameEntry(first: string, again: string) {
  expect((await get(first)).statusCode, first).toBe(200)
  const res = await get(again)
  expect(res.statusCode, again).toBe(200)
  expect(res.headers['x-cache'], again).toBe('hit')
}

describe('catalog cache keys', () => {
  it('keeps one entry for a listing however its parameters are spelled', async () => {
    const listing = '/api/shop/products/get'
    await sameEntry(`${listing}?minPrice=10`, `${listing}?minPrice=10.0`)
    await sameEntry(`${listing}?minPrice=10`, `${listing}?minPrice=010.00`)
    await sameEntry(
      `${listing}?brand=apple,samsung&sortBy=title-atoz&maxPrice=5000`,
      `${listing}?maxPrice=5000&sortBy=title-atoz&brand=Samsung,%20APPLE,apple,,samsung`,
    )
    await sameEntry(listing, `${listing}?page=1&limit=24&sortBy=price-lowtohigh`)
  })

  it('refuses prices the shop never sends instead of keeping a page for each', async () => {
    for (const query of [
      'minPrice=10.000001',
      'minPrice=10.5',
      'maxPrice=0x10',
      'maxPrice=1e3',
      'minPrice=-0',
      'minPrice=%2010',
      'minPrice=',
      'maxPrice=300000.0000001',
      'maxPrice=300001',
      'maxPrice=Infinity',
      'brand=apple&brand=samsung',
      'sortBy=TITLE-ATOZ',
    ]) {
      const before = stats().entries
      const res = await get(`/api/shop/products/get?${query}`)
      expect(res.statusCode, query).toBe(400)
      expect(res.json().success).toBe(false)
      expect(stats().entries, query).toBeLessThanOrEqual(before)
    }
    const res = await get('/api/shop/products/get?minPrice=10.5')
    expect(res.json().message).toMatch(/whole number of rupees/)
  })

  it('keeps one entry for a search however its keyword is spaced or cased', async () => {
    await sameEntry('/api/shop/search/galaxy%20budget', '/api/shop/search/%20Galaxy%20%20BUDGET%20')
    await sameEntry('/api/shop/search/galaxy%20budget', '/api/shop/search/GALAXY%C2%A0budget')
  })
})

describe('catalog cache budget', () => {
  it('stays within its bytes for 10,000 distinct anonymous listing and search URLs', async () => {
    // 2,500 pages (each price, brand, page and keyword its own), each asked in four spellings
    // one after the other: the first costs the database, the other three are hits.
    const urls: string[] = []
    for (let i = 0; i < 2_500; i++) {
      const kind = i % 4
      if (kind === 0) {
        urls.push(
          `/api/shop/products/get?minPrice=${i}&limit=100`,
          `/api/shop/products/get?limit=100&minPrice=${i}.0`,
          `/api/shop/products/get?minPrice=0${i}&limit=100&page=1`,
          `/api/shop/products/get?sortBy=price-lowtohigh&minPrice=${i}.00&limit=100`,
        )
      } else if (kind === 1) {
        const max = 250_000 + i
        urls.push(
          `/api/shop/products/get?maxPrice=${max}&sortBy=title-ztoa&brand=samsung,apple`,
          `/api/shop/products/get?sortBy=title-ztoa&maxPrice=${max}&brand=apple,samsung`,
          `/api/shop/products/get?brand=APPLE,Samsung&maxPrice=${max}.0&sortBy=title-ztoa`,
          `/api/shop/products/get?brand=samsung,apple,samsung&sortBy=title-ztoa&maxPrice=${max}`,
        )
      } else if (kind === 2) {
        urls.push(
          `/api/shop/products/get?brand=samsung,b${i}&page=${1 + (i % 3)}`,
          `/api/shop/products/get?page=${1 + (i % 3)}&brand=b${i},samsung`,
          `/api/shop/products/get?brand=B${i},%20samsung&page=${1 + (i % 3)}&limit=24`,
          `/api/shop/products/get?brand=samsung,,b${i}&page=${1 + (i % 3)}`,
        )
      } else {
        urls.push(
          `/api/shop/search/galaxy%20${i}`,
          `/api/shop/search/Galaxy%20${i}`,
          `/api/shop/search/%20galaxy%20%20${i}`,
          `/api/shop/search/GALAXY%C2%A0${i}%20`,
        )
      }
    }
    expect(new Set(urls).size).toBe(10_000)
    const before = stats()
    for (let start = 0; start < urls.length; start += 40) {
      const replies = await Promise.all(urls.slice(start, start + 40).map(get))
      for (const res of replies) expect(res.statusCode).toBe(200)
      expect(stats().bytes).toBeLessThanOrEqual(BUDGET)
    }
    const held = stats()
    expect(held.bytes).toBeLessThanOrEqual(BUDGET)
    expect(held.maxBytes).toBe(BUDGET)
    // One database read per page; the other spellings were answered from it.
    expect(held.misses - before.misses).toBe(2_500)
    expect(held.hits + held.shared - before.hits - before.shared).toBe(7_500)
    // The budget was used, and pages were pushed out to stay within it.
    expect(held.bytes).toBeGreaterThan(BUDGET / 2)
    expect(held.evictions).toBeGreaterThan(0)
  }, 300_000)
})
