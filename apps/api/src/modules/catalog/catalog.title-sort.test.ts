import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller } from '../../../test/factories'

/**
 * Titles sort as a person reads them: case does not matter (brands such as "realme" and "boAt"
 * are spelt in lower case), and PGlite and PostgreSQL agree whatever their collations.
 */
let t: TestContext

beforeAll(async () => {
  t = await createTestApp()
  const seller = await createSeller(t.database.db)
  for (const title of [
    'Xiaomi 14',
    'realme 12 Pro',
    'boAt Rockerz 450',
    'Apple iPhone 16',
    'OnePlus 12R',
  ])
    await createProduct(t.database.db, { sellerId: seller.id, title, price: 999 })
})
afterAll(() => t.close())

const titles = async (sortBy: string, brand?: string) => {
  const res = await t.app.inject({
    url: `/api/shop/products/get?sortBy=${sortBy}${brand ? `&brand=${brand}` : ''}`,
  })
  expect(res.statusCode).toBe(200)
  return res.json().data.map((p: { title: string }) => p.title)
}

describe('title sorts ignore case', () => {
  it('Z to A puts Xiaomi before realme and boAt', async () => {
    expect(await titles('title-ztoa')).toEqual([
      'Xiaomi 14',
      'realme 12 Pro',
      'OnePlus 12R',
      'boAt Rockerz 450',
      'Apple iPhone 16',
    ])
  })

  it('A to Z is the same order reversed', async () => {
    expect(await titles('title-atoz')).toEqual([
      'Apple iPhone 16',
      'boAt Rockerz 450',
      'OnePlus 12R',
      'realme 12 Pro',
      'Xiaomi 14',
    ])
  })
})
