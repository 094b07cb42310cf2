import { productByPathResponse, productPath, SHORT_ID_PATTERN } from '@techbazaar/shared'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products, vendorProfiles } from '../../db/schema'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller } from '../../../test/factories'
import { buyProduct, createShopper } from '../../../test/shop'
import { productPageLookup } from '.'

let t: TestContext
let listed: Awaited<ReturnType<typeof createProduct>>
let unlisted: Awaited<ReturnType<typeof createProduct>>
let suspendedSellers: Awaited<ReturnType<typeof createProduct>>
let deleted: Awaited<ReturnType<typeof createProduct>>

beforeAll(async () => {
  t = await createTestApp()
  const db = t.database.db
  const seller = await createSeller(db)
  const other = await createSeller(db)
  listed = await createProduct(db, {
    sellerId: seller.id,
    title: 'Samsung Galaxy S24+ (12GB/256GB) – Onyx Black & Café',
    price: 99999,
    salePrice: 89999,
  })
  unlisted = await createProduct(db, { sellerId: seller.id, title: 'Not Yet', listed: false })
  suspendedSellers = await createProduct(db, {
    sellerId: other.id,
    title: 'Suspended Seller Phone',
  })
  // What suspending a seller does to its products (vendors service): they leave the shop.
  await db
    .update(vendorProfiles)
    .set({ status: 'Rejected' })
    .where(eq(vendorProfiles.userId, other.id))
  await db.update(products).set({ listed: false }).where(eq(products.sellerId, other.id))
  deleted = await createProduct(db, { sellerId: seller.id, title: 'Old Phone' })
  await db
    .update(products)
    .set({ listed: false, deletedAt: new Date('2026-01-01T00:00:00Z') })
    .where(eq(products.id, deleted.id))
})
afterAll(() => t.close())

/** NOTIFY reaches a PostgreSQL listener a moment after the commit: ask until it has. */
async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error('the cached reply never changed')
}

const byPath = (segment: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/shop/products/by-path/${encodeURIComponent(segment)}`,
  })

describe('products.short_id', () => {
  it('is given by the database to every product: 8 characters of the alphabet, all distinct', async () => {
    const rows = await t.database.db.select({ shortId: products.shortId }).from(products)
    expect(rows.length).toBeGreaterThanOrEqual(4)
    for (const row of rows) expect(row.shortId).toMatch(SHORT_ID_PATTERN)
    expect(new Set(rows.map((r) => r.shortId)).size).toBe(rows.length)
  })

  it('product_short_id() draws distinct ids of the alphabet', async () => {
    const result = await t.database.db.execute(
      sql`SELECT product_short_id() AS id FROM generate_series(1, 2000)`,
    )
    const ids = (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id)
    expect(ids).toHaveLength(2000)
    for (const id of ids) expect(id).toMatch(SHORT_ID_PATTERN)
    expect(new Set(ids).size).toBe(2000)
    // Every one of the 32 characters turns up: the bytes are cut into 5 bits evenly.
    expect(new Set(ids.join('')).size).toBe(32)
  })

  it('refuses a second product with the same short id', async () => {
    const seller = await createSeller(t.database.db)
    const made = await createProduct(t.database.db, { sellerId: seller.id })
    await expect(
      t.database.db
        .update(products)
        .set({ shortId: listed.shortId })
        .where(eq(products.id, made.id)),
    ).rejects.toThrow()
  })
})

describe('GET /api/shop/products/by-path/:path', () => {
  it('answers a listed product with the page path it lives at', async () => {
    const canonical = productPath(listed)
    expect(canonical).toBe(
      `/p/samsung-galaxy-s24-plus-12gb-256gb-onyx-black-and-cafe-${listed.shortId}`,
    )
    const res = await byPath(canonical.slice(3))
    expect(res.statusCode).toBe(200)
    const body = productByPathResponse.parse(res.json())
    expect(body.canonicalPath).toBe(canonical)
    expect(body.data).toMatchObject({
      _id: listed.id,
      shortId: listed.shortId,
      title: listed.title,
      price: 99999,
      salePrice: 89999,
    })
    // The same product object the details route answers.
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/shop/products/get/${listed.id}`,
    })
    expect(body.data).toEqual(details.json().data)
  })

  it('answers 200 with the canonical path for a stale slug or the bare short id', async () => {
    for (const segment of [`an-old-title-${listed.shortId}`, listed.shortId]) {
      const res = await byPath(segment)
      expect(res.statusCode, segment).toBe(200)
      expect(res.json().canonicalPath).toBe(productPath(listed))
    }
  })

  it('keeps a listed product in the catalog cache, one entry for every slug', async () => {
    await byPath(`warm-${listed.shortId}`)
    await eventually(
      async () => (await byPath(`another-spelling-${listed.shortId}`)).headers['x-cache'] === 'hit',
    )
  })

  it.each([
    ['an unknown short id', () => 'no-such-product-zzzzzzzz'],
    ['a path without a short id', () => 'just-a-title'],
    ['a short id in capitals', () => `title-${listed.shortId.toUpperCase()}`],
    ['an unlisted product', () => `not-yet-${unlisted.shortId}`],
    ["a suspended seller's product", () => `x-${suspendedSellers.shortId}`],
  ])('answers 404 for %s, and never keeps it', async (_label, segment) => {
    for (let i = 0; i < 2; i++) {
      const res = await byPath(segment())
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ success: false, message: 'Product not found' })
      expect(res.headers['x-cache']).toBeUndefined()
    }
  })

  it('answers 410 for a deleted product', async () => {
    const res = await byPath(`old-phone-${deleted.shortId}`)
    expect(res.statusCode).toBe(410)
    expect(res.json()).toEqual({ success: false, message: 'This product has been removed' })
  })

  it('answers 400 for a path too long to be one', async () => {
    const res = await byPath(`${'a'.repeat(400)}-${listed.shortId}`)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ success: false, message: expect.any(String) })
  })

  it('shows a renamed product at its new path and a deleted one as gone at once', async () => {
    const seller = await createSeller(t.database.db)
    const made = await createProduct(t.database.db, { sellerId: seller.id, title: 'First Name' })
    const before = await byPath(`first-name-${made.shortId}`)
    expect(before.json().canonicalPath).toBe(`/p/first-name-${made.shortId}`)
    await t.database.db
      .update(products)
      .set({ title: 'Second Name' })
      .where(eq(products.id, made.id))
    await eventually(async () => {
      const renamed = await byPath(`first-name-${made.shortId}`)
      return (
        renamed.statusCode === 200 &&
        renamed.json().canonicalPath === `/p/second-name-${made.shortId}`
      )
    })
    await t.database.db
      .update(products)
      .set({ listed: false, deletedAt: new Date('2026-02-01T00:00:00Z') })
      .where(eq(products.id, made.id))
    await eventually(async () => (await byPath(`second-name-${made.shortId}`)).statusCode === 410)
  })
})

describe('productPageLookup', () => {
  it('answers listed, missing or gone as the route does', async () => {
    const db = t.database.db
    expect(await productPageLookup(db, listed.shortId)).toEqual({
      status: 'listed',
      id: listed.id,
      canonicalPath: productPath(listed),
    })
    expect(await productPageLookup(db, unlisted.shortId)).toEqual({ status: 'missing' })
    expect(await productPageLookup(db, 'zzzzzzzz')).toEqual({ status: 'missing' })
    expect(await productPageLookup(db, 'not an id')).toEqual({ status: 'missing' })
    expect(await productPageLookup(db, deleted.shortId)).toEqual({ status: 'gone' })
  })
})

describe('shortId in the payloads that link to product pages', () => {
  it('comes with the listing, search, the cart and order lines', async () => {
    const db = t.database.db
    const seller = await createSeller(db)
    const item = await createProduct(db, {
      sellerId: seller.id,
      title: 'Linkable Zebronics Speaker',
    })
    const listing = await t.app.inject({ url: '/api/shop/products/get?limit=100' })
    expect(listing.json().data).toContainEqual(
      expect.objectContaining({ _id: item.id, shortId: item.shortId }),
    )
    const search = await t.app.inject({ url: '/api/shop/search/zebronics' })
    expect(search.json().data).toContainEqual(
      expect.objectContaining({ _id: item.id, shortId: item.shortId }),
    )
    const shopper = await createShopper(db)
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/shop/cart/add',
      headers: { cookie: shopper.cookie },
      payload: { userId: shopper.user.id, productId: item.id, quantity: 1 },
    })
    expect(add.json().data.items).toEqual([
      expect.objectContaining({ productId: item.id, shortId: item.shortId }),
    ])
    const orderId = await buyProduct(t.app, db, shopper, item.id, { advanceTo: null })
    const details = await t.app.inject({
      url: `/api/shop/order/details/${orderId}`,
      headers: { cookie: shopper.cookie },
    })
    expect(details.statusCode).toBe(200)
    expect(details.json().data.cartItems).toEqual([
      expect.objectContaining({ productId: item.id, shortId: item.shortId }),
    ])
  })
})
