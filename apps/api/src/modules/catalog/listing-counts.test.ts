import { productListResponse } from '@techbazaar/shared'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productFamilies, products } from '../../db/schema'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller } from '../../../test/factories'
import { refreshFamilies } from './families'
import { foldListingCounts, resultRows } from './listing-counts'

/**
 * The kept listing counts (decision 099): after every kind of write the triggers' deltas sum to
 * what counting the products gives, and folding them changes no sum.
 */
let t: TestContext
let sellerId: string
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

beforeAll(async () => {
  // The catalog cache off: every answer is read from the counts (as a cache-off shop's are).
  t = await createTestApp({ config: { catalogCacheSeconds: 0 } })
  sellerId = (await createSeller(t.database.db)).id
})
afterAll(() => t.close())

type Count = { key: string; n: number }

/** The kept sums per category, section, brand, stock and option key (none that sum to 0). */
async function kept(): Promise<Count[]> {
  return resultRows<Count>(
    await t.database.db.execute(sql`
      SELECT concat_ws('|', category, coalesce(section, '-'), brand, in_stock, option_key) AS key,
        sum(n)::int AS n
      FROM listing_counts GROUP BY 1 HAVING sum(n) <> 0 ORDER BY 1`),
  )
}

/** The same, counted from the products as the listing's WHERE reads them. */
async function counted(): Promise<Count[]> {
  return resultRows<Count>(
    await t.database.db.execute(sql`
      SELECT concat_ws('|', category, coalesce(section, '-'), brand, in_stock, k) AS key,
        count(*)::int AS n
      FROM products, unnest(array_prepend('', family_option_keys)) AS k
      WHERE listed AND family_lead GROUP BY 1 ORDER BY 1`),
  )
}

async function expectKeptExact() {
  expect(await kept()).toEqual(await counted())
}

const listing = async (query: string) => {
  const res = await t.app.inject({ url: `/api/shop/products/get?${query}` })
  expect(res.statusCode, res.body).toBe(200)
  return productListResponse.parse(res.json())
}

describe('kept listing counts', () => {
  it('stay exact through inserts, edits, stock running out and back, unlisting and deletion', async () => {
    const db = t.database.db
    const phone = await createProduct(db, { sellerId, brand: 'keptbrand', section: 'trending' })
    const charger = await createProduct(db, {
      sellerId,
      brand: 'keptbrand',
      category: 'accessories',
    })
    // In no section (decision 085): a combination of its own.
    await db.update(products).set({ section: null }).where(eq(products.id, charger.id))
    const hidden = await createProduct(db, { sellerId, brand: 'keptbrand', declared: false })
    await expectKeptExact()
    expect((await listing('brand=keptbrand')).total).toBe(2)

    // A price change moves no count; stock running out moves one between in stock and not.
    await db.update(products).set({ pricePaise: 55_500 }).where(eq(products.id, phone.id))
    await db.update(products).set({ totalStock: 0 }).where(eq(products.id, phone.id))
    await expectKeptExact()
    expect((await listing('brand=keptbrand&inStock=1')).total).toBe(1)
    await db
      .update(products)
      .set({ totalStock: sql`${products.totalStock} + 3` })
      .where(eq(products.id, phone.id))
    expect((await listing('brand=keptbrand&inStock=1')).total).toBe(2)

    // A new brand and section, unlisting, and deleting.
    await db
      .update(products)
      .set({ brand: 'keptother', section: 'featured' })
      .where(eq(products.id, charger.id))
    await db.update(products).set({ listed: false }).where(eq(products.id, phone.id))
    await expectKeptExact()
    expect((await listing('brand=keptbrand,keptother')).total).toBe(1)
    await db.delete(products).where(eq(products.id, hidden.id))
    await db.delete(products).where(eq(products.id, charger.id))
    await expectKeptExact()
    expect((await listing('brand=keptbrand,keptother')).total).toBe(0)
  })

  it('count family leads per option key, and follow a family whose lead changes', async () => {
    const db = t.database.db
    const [family] = await db
      .insert(productFamilies)
      .values({
        sellerId,
        title: 'Kept phone',
        options: [
          {
            name: 'Colour',
            values: [
              { value: 'Blue', swatch: '#0000ff' },
              { value: 'Black', swatch: null },
            ],
          },
        ],
      })
      .returning()
    const variants = []
    for (const [colour, price] of [
      ['Blue', 20_000],
      ['Black', 21_000],
    ] as const) {
      const row = await createProduct(db, { sellerId, brand: 'keptfamily', price })
      await db
        .update(products)
        .set({ familyId: family!.id, optionValues: { Colour: colour } })
        .where(eq(products.id, row.id))
      variants.push(row)
    }
    await refreshFamilies(db, [family!.id])
    await expectKeptExact()
    expect((await listing('brand=keptfamily')).total).toBe(1)

    // The blue lead sells out: the black one leads, the family still lists both keys.
    await db.update(products).set({ totalStock: 0 }).where(eq(products.id, variants[0]!.id))
    await refreshFamilies(db, [family!.id])
    await expectKeptExact()
    const facets = await t.app.inject({ url: '/api/shop/products/facets?brand=keptfamily' })
    expect(
      facets
        .json()
        .data.options[0].values.map((v: { key: string; count: number }) => [v.key, v.count]),
    ).toEqual([
      ['colour:black', 1],
      ['colour:blue', 1],
    ])
  })

  // PGlite has one connection, so only a server can hold two transactions open at once.
  it.skipIf(!onPostgres)(
    'never make two writers of one combination wait on each other (deltas, not a counter row)',
    async () => {
      const db = t.database.db
      const [first, second] = [
        await createProduct(db, { sellerId, brand: 'keptrace' }),
        await createProduct(db, { sellerId, brand: 'keptrace' }),
      ]
      let release!: () => void
      const held = new Promise<void>((resolve) => (release = resolve))
      let wrote!: () => void
      const written = new Promise<void>((resolve) => (wrote = resolve))
      // The first order takes the last unit of one phone and stays open...
      const open = db.transaction(async (tx) => {
        await tx.update(products).set({ totalStock: 0 }).where(eq(products.id, first.id))
        wrote()
        await held
      })
      await written
      // ...while a second takes the last unit of another phone of the same combination.
      const other = db
        .update(products)
        .set({ totalStock: 0 })
        .where(eq(products.id, second.id))
        .then(() => 'committed')
      const waited = new Promise((resolve) => setTimeout(() => resolve('waited'), 3000))
      const outcome = await Promise.race([other, waited])
      release()
      await open
      await other
      expect(outcome).toBe('committed')
      await expectKeptExact()
      expect((await listing('brand=keptrace&inStock=1')).total).toBe(0)
    },
  )

  it('fold into one row per combination without changing a sum', async () => {
    const before = await kept()
    expect(await foldListingCounts(t.database.db)).toBe(true)
    expect(await kept()).toEqual(before)
    await expectKeptExact()
    const rows = resultRows<{ rows: number; combinations: number; deltas: number }>(
      await t.database.db.execute(sql`
        SELECT count(*)::int AS rows, count(*) FILTER (WHERE delta)::int AS deltas,
          count(DISTINCT (category, section, brand, in_stock, option_key))::int AS combinations
        FROM listing_counts`),
    )[0]!
    expect(rows.deltas).toBe(0)
    expect(rows.rows).toBe(rows.combinations)
    // Nothing left to fold.
    expect(await foldListingCounts(t.database.db)).toBe(false)
  })
})
