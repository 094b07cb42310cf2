import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/client'
import { products, searchDocuments } from '../../db/schema'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller } from '../../../test/factories'

/**
 * The search's own tables (decision 098): each listed family lead's document and the catalog's
 * word list, kept by triggers on `products`, and `search_candidates`, which never reads every
 * match of a common word yet finds every match of a rare one.
 */
let t: TestContext
let db: Db
let sellerId: string

beforeAll(async () => {
  t = await createTestApp()
  db = t.database.db
  sellerId = (await createSeller(db)).id
})
afterAll(() => t.close())

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows
const documentOf = async (id: string) =>
  (await db.select().from(searchDocuments).where(eq(searchDocuments.productId, id)))[0]
const searchTitles = async (keyword: string) => {
  const res = await t.app.inject({ url: `/api/shop/search/${encodeURIComponent(keyword)}` })
  return (res.json() as { data: { title: string }[] }).data.map((product) => product.title)
}
const candidates = async (query: string, want: number, probe: number) =>
  rows<{ id: string }>(
    await db.execute(
      sql`SELECT search_candidates(to_tsquery('simple', ${query}), NULL, NULL, NULL, ${want}::int, ${probe}::int) AS id`,
    ),
  ).map((row) => row.id)

describe('search documents kept by triggers', () => {
  it('a new listed product gets its title, brand and kind words at once', async () => {
    const product = await createProduct(db, {
      sellerId,
      title: 'Vivo Zylophone X9 (8GB/256GB)',
      brand: 'vivo',
      hsn: '851713',
    })
    const document = await documentOf(product.id)
    expect(document?.words).toContain("'zylophone'")
    expect(document?.words).toContain("'vivo'")
    expect(document?.words).toContain("'hsn851713'")
    // The new word is in the spelling list: a typo of it finds the product.
    expect(await searchTitles('zylofone')).toEqual(['Vivo Zylophone X9 (8GB/256GB)'])
  })

  it('an unlisted product has no document, and gets one when listed', async () => {
    const product = await createProduct(db, {
      sellerId,
      title: 'Hidden Quokkaphone',
      listed: false,
    })
    expect(await documentOf(product.id)).toBeUndefined()
    expect(await searchTitles('quokkaphone')).toEqual([])
    await db.update(products).set({ listed: true }).where(eq(products.id, product.id))
    expect(await documentOf(product.id)).toBeDefined()
    expect(await searchTitles('quokkaphone')).toEqual(['Hidden Quokkaphone'])
    await db.update(products).set({ listed: false }).where(eq(products.id, product.id))
    expect(await documentOf(product.id)).toBeUndefined()
    expect(await searchTitles('quokkaphone')).toEqual([])
  })

  it('a renamed product is found by its new title only', async () => {
    const product = await createProduct(db, { sellerId, title: 'Wombat Speaker One' })
    await db
      .update(products)
      .set({ title: 'Numbat Speaker Two' })
      .where(eq(products.id, product.id))
    expect(await searchTitles('wombat')).toEqual([])
    expect(await searchTitles('numbat')).toEqual(['Numbat Speaker Two'])
  })

  it('a variant behind its family lead has no document of its own', async () => {
    const product = await createProduct(db, { sellerId, title: 'Platypus Tab Blue' })
    await db.update(products).set({ familyLead: false }).where(eq(products.id, product.id))
    expect(await documentOf(product.id)).toBeUndefined()
  })

  it('a stock or price change does not touch the document', async () => {
    const product = await createProduct(db, { sellerId, title: 'Echidna Buds' })
    const before = rows<{ xmin: string }>(
      await db.execute(
        sql`SELECT xmin::text FROM search_documents WHERE product_id = ${product.id}`,
      ),
    )[0]
    await db
      .update(products)
      .set({ totalStock: 3, pricePaise: 99_900 })
      .where(eq(products.id, product.id))
    const after = rows<{ xmin: string }>(
      await db.execute(
        sql`SELECT xmin::text FROM search_documents WHERE product_id = ${product.id}`,
      ),
    )[0]
    expect(after).toEqual(before)
  })
})

describe('search_candidates', () => {
  beforeAll(async () => {
    // 60 "common" products and 3 "rare" ones, the rare ones last in table order.
    for (let i = 0; i < 60; i++) {
      await createProduct(db, { sellerId, title: `Commonword Phone ${i}`, brand: 'kiwi' })
    }
    for (let i = 0; i < 3; i++) {
      await createProduct(db, { sellerId, title: `Rareword Phone ${i}`, brand: 'kiwi' })
    }
  })

  it('a common word fills the candidates from the first documents, never more than asked', async () => {
    expect(await candidates('commonword', 10, 40)).toHaveLength(10)
  })

  it('a word the first documents lack is still found in full through the index', async () => {
    // 40 documents read in order hold no "rareword": the index finds all three.
    expect(await candidates('rareword', 10, 40)).toHaveLength(3)
  })

  it('every word must match before any word does', async () => {
    expect(await candidates('commonword & rareword', 10, 40)).toEqual([])
    const either = rows<{ id: string }>(
      await db.execute(sql`SELECT search_candidates(to_tsquery('simple', 'rareword & phone'), NULL,
        to_tsquery('simple', 'rareword | commonword'), NULL, 10, 40) AS id`),
    )
    expect(either).toHaveLength(10)
  })

  it('the preferred kind comes first, then the rest of the matches', async () => {
    await createProduct(db, { sellerId, title: 'Commonword Charger', brand: 'kiwi', hsn: '850440' })
    const ids = rows<{ id: string }>(
      await db.execute(sql`SELECT search_candidates(to_tsquery('simple', 'charger'),
        'hsn850440'::tsquery, NULL, NULL, 10, 40) AS id`),
    )
    expect(ids).toHaveLength(1)
    const mixed = rows<{ id: string }>(
      await db.execute(sql`SELECT p.hsn FROM search_candidates(to_tsquery('simple', 'commonword'),
        'hsn850440'::tsquery, NULL, NULL, 10, 40) AS c(id) JOIN products p ON p.id = c.id`),
    ) as unknown as { hsn: string }[]
    // The one charger is among the 10 although 60 phones come before it in table order.
    expect(mixed.map((row) => row.hsn)).toContain('850440')
    expect(mixed).toHaveLength(10)
  })
})
