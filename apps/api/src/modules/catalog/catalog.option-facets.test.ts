import type { OptionValues } from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller } from '../../../test/factories'
import { productFamilies, products } from '../../db/schema'
import { refreshFamilies } from './families'

/**
 * The variant option facets (decision 090): per option value, the listed families that carry it,
 * counted with every other filter and the other options' choices, not the option's own.
 */
let t: TestContext

/** A family of `brand` with one listed variant per entry of `variants`. */
async function addFamily(
  sellerId: string,
  brand: string,
  options: { name: 'Colour' | 'Storage'; values: { value: string; swatch: string | null }[] }[],
  variants: { values: OptionValues; price: number; listed?: boolean }[],
) {
  const db = t.database.db
  const [family] = await db
    .insert(productFamilies)
    .values({ sellerId, title: `${brand} phone`, options })
    .returning()
  for (const variant of variants) {
    const row = await createProduct(db, {
      sellerId,
      brand,
      price: variant.price,
      listed: variant.listed ?? true,
    })
    await db
      .update(products)
      .set({ familyId: family!.id, optionValues: variant.values })
      .where(eq(products.id, row.id))
  }
  await refreshFamilies(db, [family!.id])
}

const colour = (value: string, swatch: string | null = null) => ({ value, swatch })
const storage = (value: string) => ({ value, swatch: null })

beforeAll(async () => {
  t = await createTestApp()
  const sellerId = (await createSeller(t.database.db)).id
  // Apple: blue and black, 128 GB and 256 GB (the 256 GB black one unlisted).
  await addFamily(
    sellerId,
    'apple',
    [
      { name: 'Colour', values: [colour('Black', '#1f1f1f'), colour('Blue', '#9fb8d0')] },
      { name: 'Storage', values: [storage('128 GB'), storage('256 GB'), storage('1 TB')] },
    ],
    [
      { values: { Colour: 'Black', Storage: '128 GB' }, price: 69900 },
      { values: { Colour: 'Blue', Storage: '256 GB' }, price: 79900 },
      { values: { Colour: 'Black', Storage: '1 TB' }, price: 99900, listed: false },
    ],
  )
  // Samsung: black only, in 256 GB; "black" spelt in lower case.
  await addFamily(
    sellerId,
    'samsung',
    [
      { name: 'Colour', values: [colour('black')] },
      { name: 'Storage', values: [storage('256 GB')] },
    ],
    [{ values: { Colour: 'black', Storage: '256 GB' }, price: 29900 }],
  )
  // A product without variants counts in no option.
  await createProduct(t.database.db, { sellerId, brand: 'boat', price: 999 })
})
afterAll(() => t.close())

const optionsOf = async (query = '') => {
  const res = await t.app.inject({ url: `/api/shop/products/facets${query}` })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.options as {
    name: string
    values: { key: string; value: string; swatch: string | null; count: number }[]
  }[]
}

describe('GET /api/shop/products/facets: options', () => {
  it('counts listed families per option value, with labels and swatches, sizes in size order', async () => {
    expect(await optionsOf()).toEqual([
      {
        name: 'Colour',
        values: [
          { key: 'colour:black', value: 'Black', swatch: '#1f1f1f', count: 2 },
          { key: 'colour:blue', value: 'Blue', swatch: '#9fb8d0', count: 1 },
        ],
      },
      {
        name: 'Storage',
        values: [
          { key: 'storage:128 gb', value: '128 GB', swatch: null, count: 1 },
          { key: 'storage:256 gb', value: '256 GB', swatch: null, count: 2 },
        ],
      },
    ])
  })

  it("counts an option without its own choice, with the other options' and groups' filters", async () => {
    const options = await optionsOf('?options=colour:blue&brand=apple,samsung')
    // Colour ignores colour:blue: both families still count.
    expect(options[0]!.values.map((v) => [v.key, v.count])).toEqual([
      ['colour:black', 2],
      ['colour:blue', 1],
    ])
    // Storage follows colour:blue: only the Apple family.
    expect(options[1]!.values.map((v) => [v.key, v.count])).toEqual([
      ['storage:128 gb', 1],
      ['storage:256 gb', 1],
    ])
    // The brand filter narrows every option.
    const samsung = await optionsOf('?brand=samsung')
    expect(samsung.map((o) => o.values.map((v) => [v.key, v.count]))).toEqual([
      [['colour:black', 1]],
      [['storage:256 gb', 1]],
    ])
  })

  it('is empty when nothing listed has variants', async () => {
    expect(await optionsOf('?brand=boat')).toEqual([])
  })
})
