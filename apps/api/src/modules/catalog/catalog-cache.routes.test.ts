import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { filterOptions, products } from '../../db/schema'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller } from '../../../test/factories'

let t: TestContext
let productId: string
const LISTING = '/api/shop/products/get?brand=samsung&sortBy=price-lowtohigh'

beforeAll(async () => {
  t = await createTestApp()
  const seller = await createSeller(t.database.db)
  productId = (
    await createProduct(t.database.db, {
      sellerId: seller.id,
      title: 'Galaxy Cached',
      price: 30000,
      brand: 'samsung',
    })
  ).id
})
afterAll(() => t.close())

const list = () => t.app.inject({ method: 'GET', url: LISTING })

/** NOTIFY reaches a PostgreSQL listener a moment after the commit: ask until it has. */
async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error('the cached listing never changed')
}

describe('cached listing', () => {
  it('answers a repeated listing from the cache with the same body', async () => {
    const first = await list()
    expect(first.statusCode).toBe(200)
    expect(first.headers['x-cache']).toBe('miss')
    // On PostgreSQL the setup's own inserts are announced a moment later and empty the cache.
    await eventually(async () => (await list()).headers['x-cache'] === 'hit')
    const hit = await list()
    expect(hit.headers['content-type']).toMatch(/^application\/json/)
    expect(hit.body).toBe(first.body)
    expect(hit.json().data[0].title).toBe('Galaxy Cached')
  })

  it('treats the same filters in another order as the same page', async () => {
    const url = '/api/shop/products/get?brand=samsung,apple'
    await t.app.inject({ method: 'GET', url })
    const swapped = await t.app.inject({
      method: 'GET',
      url: '/api/shop/products/get?brand=apple,samsung',
    })
    expect(swapped.headers['x-cache']).toBe('hit')
  })

  it('shows a committed change at once, whichever code made it', async () => {
    await list()
    // Plain SQL, as a migration or an operator would: no application code to invalidate.
    await t.database.db
      .update(products)
      .set({ title: 'Galaxy Renamed', totalStock: sql`${products.totalStock} - 1` })
      .where(eq(products.id, productId))
    await eventually(async () => (await list()).json().data[0].title === 'Galaxy Renamed')
  })

  it('drops a product that is unlisted', async () => {
    expect((await list()).json().total).toBe(1)
    await t.database.db.update(products).set({ listed: false }).where(eq(products.id, productId))
    await eventually(async () => (await list()).json().total === 0)
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('cached listing on PostgreSQL', () => {
  it('stops caching while its LISTEN connection is cut, and listens again', async () => {
    await list()
    expect((await list()).headers['x-cache']).toBe('hit')
    await t.database.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
    )
    await eventually(async () => (await list()).headers['x-cache'] === 'miss')
    // Reconnected within about a second: pages are kept again.
    await eventually(async () => {
      await list()
      return (await list()).headers['x-cache'] === 'hit'
    })
  })
})

describe('cached filter options', () => {
  it('shows a new filter option once it is committed', async () => {
    const fetchOptions = () => t.app.inject({ method: 'GET', url: '/api/shop/filter/fetch' })
    expect((await fetchOptions()).json().data.brand).not.toContain('fairphone')
    await t.database.db.insert(filterOptions).values({ kind: 'brand', value: 'fairphone' })
    await eventually(async () => (await fetchOptions()).json().data.brand.includes('fairphone'))
  })
})

describe('cached search', () => {
  it('finds a product renamed after the first search', async () => {
    const search = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/shop/search/Pixelbook' })).json().data
    await t.database.db.update(products).set({ listed: true }).where(eq(products.id, productId))
    expect(await search()).toEqual([])
    await t.database.db
      .update(products)
      .set({ title: 'Pixelbook Go' })
      .where(eq(products.id, productId))
    await eventually(async () => (await search()).length === 1)
  })
})
