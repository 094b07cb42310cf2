import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createSeller, createUser, declarationsBody } from '../../../test/factories'
import { createShopper, fillCart, postOrder } from '../../../test/shop'
import { filterOptions, orderLines, products } from '../../db/schema'
import { createSession } from '../auth/sessions'

/** Products with variants (decision 090): the family form, the shop's views, an order. */
let t: TestContext
const cookies = { admin: '', seller: '', other: '' }
const IMAGE = '/uploads/u/0123456789abcdef0123456789abcdef.webp'

const cookieFor = async (userId: string) =>
  `session=${await createSession(t.database.db, { userId, days: 1, now: new Date() })}`

beforeAll(async () => {
  t = await createTestApp()
  const db = t.database.db
  cookies.admin = await cookieFor((await createUser(db, { role: 'admin', type: 'admin' })).id)
  cookies.seller = await cookieFor((await createSeller(db, 'Approved')).id)
  cookies.other = await cookieFor((await createSeller(db, 'Approved')).id)
  await db.insert(filterOptions).values([
    { kind: 'category', value: 'electronics' },
    { kind: 'brand', value: 'apple' },
  ])
  mkdirSync(path.join(t.dataDir, 'uploads', 'u'), { recursive: true })
  writeFileSync(path.join(t.dataDir, 'uploads', IMAGE.slice(9)), 'webp')
})
afterAll(() => t.close())

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: object,
) => t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} })

const COLOURS = [
  { value: 'Black', swatch: '#1f1f1f' },
  { value: 'Blue', swatch: '#9fb8d0' },
]
const STORAGES = ['128 GB', '256 GB']
const PRICES: Record<string, number> = { '128 GB': 69900, '256 GB': 79900 }

/** An iPhone in 2 colours x 2 storage sizes; `sku` prefixes each variant's SKU. */
function family(sku: string, title = 'Apple iPhone 15') {
  return {
    product: {
      title,
      description: 'A phone.',
      category: 'electronics',
      brand: 'apple',
      section: '',
      hsn: '851713',
      ...declarationsBody(),
    },
    options: [
      { name: 'Colour', values: COLOURS },
      { name: 'Storage', values: STORAGES.map((value) => ({ value })) },
    ],
    variants: COLOURS.flatMap((colour) =>
      STORAGES.map((storage) => ({
        optionValues: { Colour: colour.value, Storage: storage },
        sku: `${sku}-${colour.value}-${storage.replace(' ', '')}`,
        image: IMAGE,
        price: PRICES[storage],
        salePrice: 0,
        totalStock: 5,
      })),
    ),
  }
}

type AdminFamilyData = {
  id: string
  variants: { _id: string; optionValues: Record<string, string>; listed: boolean }[]
}

async function addFamily(sku: string, cookie = cookies.seller, title?: string) {
  const reply = await call('POST', '/api/admin/products/families', cookie, family(sku, title))
  expect(reply.statusCode, reply.body).toBe(201)
  return reply.json().data as AdminFamilyData
}

describe('a product family', () => {
  it('is added with one listed product per variant, titled with its option values', async () => {
    const data = await addFamily('IP15')
    expect(data.variants).toHaveLength(4)
    expect(data.variants.every((v) => v.listed)).toBe(true)
    const rows = await t.database.db
      .select({ title: products.title, sku: products.sku, lead: products.familyLead })
      .from(products)
      .where(eq(products.familyId, data.id))
    expect(rows.map((r) => r.title).sort()).toEqual([
      'Apple iPhone 15 (Black, 128 GB)',
      'Apple iPhone 15 (Black, 256 GB)',
      'Apple iPhone 15 (Blue, 128 GB)',
      'Apple iPhone 15 (Blue, 256 GB)',
    ])
    // One lead: the cheapest in stock.
    expect(rows.filter((r) => r.lead)).toHaveLength(1)
  })

  it('refuses repeated combinations, values outside the options and a SKU already used', async () => {
    const body = family('DUP')
    body.variants[1] = { ...body.variants[0]!, sku: 'DUP-x' }
    const repeated = await call('POST', '/api/admin/products/families', cookies.seller, body)
    expect(repeated.statusCode).toBe(400)
    expect(repeated.json().message).toBe('Two variants have the same options')

    const odd = family('ODD')
    odd.variants[0] = { ...odd.variants[0]!, optionValues: { Colour: 'Pink', Storage: '128 GB' } }
    expect(
      (await call('POST', '/api/admin/products/families', cookies.seller, odd)).statusCode,
    ).toBe(400)

    await addFamily('TAKEN')
    const taken = await call(
      'POST',
      '/api/admin/products/families',
      cookies.seller,
      family('TAKEN'),
    )
    expect(taken.statusCode).toBe(400)
    expect(taken.json().message).toBe('Another of your products has this SKU')
    // Another seller's SKUs are its own.
    await addFamily('TAKEN', cookies.other)
  })

  it('is only its seller’s (or an admin’s) to read and change', async () => {
    const { id } = await addFamily('OWN')
    expect(
      (await call('GET', `/api/admin/products/families/${id}`, cookies.other)).statusCode,
    ).toBe(403)
    const put = await call('PUT', `/api/admin/products/families/${id}`, cookies.other, family('O2'))
    expect(put.statusCode).toBe(403)
    expect(
      (await call('GET', `/api/admin/products/families/${id}`, cookies.admin)).statusCode,
    ).toBe(200)
  })

  it('edits shared fields on every variant, keeps rows with ids and removes the rest', async () => {
    const created = await addFamily('EDIT')
    const body = family('EDIT', 'Apple iPhone 15 (2023)')
    // Keep the three first variants (by id), drop the fourth, change one price.
    const keep = created.variants.slice(0, 3)
    body.variants = keep.map((v, i) => {
      const row = body.variants.find(
        (r) =>
          r.optionValues.Colour === v.optionValues.Colour &&
          r.optionValues.Storage === v.optionValues.Storage,
      )!
      return { ...row, id: v._id, price: i === 0 ? 65000 : row.price }
    })
    const reply = await call(
      'PUT',
      `/api/admin/products/families/${created.id}`,
      cookies.seller,
      body,
    )
    expect(reply.statusCode, reply.body).toBe(200)
    expect(reply.json().data.variants).toHaveLength(3)
    const rows = await t.database.db
      .select({ id: products.id, title: products.title, deletedAt: products.deletedAt })
      .from(products)
      .where(eq(products.familyId, created.id))
    const live = rows.filter((r) => !r.deletedAt)
    expect(live).toHaveLength(3)
    expect(live.every((r) => r.title.startsWith('Apple iPhone 15 (2023) ('))).toBe(true)
    expect(rows.find((r) => r.id === created.variants[3]!._id)?.deletedAt).not.toBeNull()
  })
})

describe('the shop’s views of a family', () => {
  it('answers the family with a variant’s detail: options and each listed sibling', async () => {
    const { variants } = await addFamily('DETAIL')
    const reply = await call('GET', `/api/shop/products/get/${variants[0]!._id}`)
    expect(reply.statusCode).toBe(200)
    const detail = reply.json().data
    expect(detail.optionValues).toEqual({ Colour: 'Black', Storage: '128 GB' })
    expect(detail.variants.options.map((o: { name: string }) => o.name)).toEqual([
      'Colour',
      'Storage',
    ])
    expect(detail.variants.options[0].values[1]).toEqual({ value: 'Blue', swatch: '#9fb8d0' })
    expect(detail.variants.variants).toHaveLength(4)
    const blue256 = detail.variants.variants.find(
      (v: { optionValues: Record<string, string> }) =>
        v.optionValues.Colour === 'Blue' && v.optionValues.Storage === '256 GB',
    )
    expect(blue256).toMatchObject({ price: 79900, inStock: true })
    expect(blue256.path).toMatch(/^\/p\/apple-iphone-15-blue-256-gb-/)
  })

  it('lists a family once, with its price range and swatches, and filters by option values', async () => {
    await addFamily('LIST', cookies.seller, 'Apple iPhone 15 Listing')
    const reply = await call('GET', '/api/shop/products/get?brand=apple&limit=100')
    const cards = (
      reply.json().data as { title: string; family?: Record<string, unknown> }[]
    ).filter((p) => p.title.startsWith('Apple iPhone 15 Listing'))
    expect(cards).toHaveLength(1)
    expect(cards[0]!.family).toEqual({
      title: 'Apple iPhone 15 Listing',
      minPrice: 69900,
      maxPrice: 79900,
      swatches: COLOURS,
      variantCount: 4,
    })
    const blue = await call('GET', '/api/shop/products/get?options=colour:blue,storage:256 gb')
    expect(blue.json().data.length).toBeGreaterThan(0)
    const none = await call('GET', '/api/shop/products/get?options=colour:red')
    expect(none.json().total).toBe(0)
  })

  it('moves the lead and the range when the cheapest variants are removed', async () => {
    const created = await addFamily('LEAD', cookies.seller, 'Apple iPhone 15 Lead')
    const cheap = created.variants.filter((v) => v.optionValues.Storage === '128 GB')
    for (const v of cheap) {
      const gone = await call('DELETE', `/api/admin/products/delete/${v._id}`, cookies.seller)
      expect(gone.statusCode).toBe(200)
    }
    const reply = await call('GET', '/api/shop/products/get?brand=apple&limit=100')
    const card = (reply.json().data as { title: string; family?: { minPrice: number } }[]).find(
      (p) => p.title.startsWith('Apple iPhone 15 Lead'),
    )
    expect(card?.title).toContain('256 GB')
    expect(card?.family?.minPrice).toBe(79900)
  })
})

describe('an order of a variant', () => {
  it('takes stock from that variant only, and its line names the variant', async () => {
    // Priced under the cash-on-delivery limit.
    const body = family('ORDER', 'Apple iPhone 15 Order')
    body.variants = body.variants.map((row) => ({ ...row, price: 1999 }))
    const added = await call('POST', '/api/admin/products/families', cookies.seller, body)
    const { variants } = added.json().data as AdminFamilyData
    const blue = variants.find(
      (v) => v.optionValues.Colour === 'Blue' && v.optionValues.Storage === '256 GB',
    )!
    const shopper = await createShopper(t.database.db)
    await fillCart(t.database.db, shopper.user.id, [{ productId: blue._id, quantity: 2 }])
    const reply = await postOrder(t.app, shopper)
    expect(reply.statusCode, reply.body).toBe(201)
    const stock = await t.database.db
      .select({ id: products.id, totalStock: products.totalStock })
      .from(products)
      .where(
        inArray(
          products.id,
          variants.map((v) => v._id),
        ),
      )
    for (const row of stock) expect(row.totalStock).toBe(row.id === blue._id ? 3 : 5)
    const [line] = await t.database.db
      .select({ title: orderLines.title })
      .from(orderLines)
      .where(eq(orderLines.productId, blue._id))
    expect(line?.title).toBe('Apple iPhone 15 Order (Blue, 256 GB)')
  })

  it('moves the listing card to a variant in stock once an order takes the lead’s last unit', async () => {
    const body = family('SOLD', 'Apple iPhone 15 Sold')
    // The cheapest (the lead) has one unit; everything under the cash-on-delivery limit.
    body.variants = body.variants.map((row, i) => ({
      ...row,
      price: i === 0 ? 1499 : 1999,
      totalStock: i === 0 ? 1 : 5,
    }))
    const added = await call('POST', '/api/admin/products/families', cookies.seller, body)
    const { variants } = added.json().data as AdminFamilyData
    const lead = variants.find(
      (v) => v.optionValues.Colour === 'Black' && v.optionValues.Storage === '128 GB',
    )!
    const card = async (query = '') => {
      const reply = await call('GET', `/api/shop/products/get?brand=apple&limit=100${query}`)
      return (
        reply.json().data as { _id: string; title: string; family?: { minPrice: number } }[]
      ).filter((p) => p.title.startsWith('Apple iPhone 15 Sold'))
    }
    expect((await card())[0]?._id).toBe(lead._id)

    const shopper = await createShopper(t.database.db)
    await fillCart(t.database.db, shopper.user.id, [{ productId: lead._id, quantity: 1 }])
    expect((await postOrder(t.app, shopper)).statusCode).toBe(201)
    // The move is queued with the order and done by the worker a moment later.
    await t.app.deps.jobs.drain()

    const [moved] = await card()
    expect(moved?._id).not.toBe(lead._id)
    // The range still spans every listed variant, the sold-out one included.
    expect(moved?.family?.minPrice).toBe(1499)
    // "Hide out of stock" keeps the family: its card is a variant with stock.
    expect((await card('&inStock=true')).map((p) => p._id)).toEqual([moved?._id])
  })
})
