import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { productPath } from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database, Db } from '../../db/client'
import {
  cartLines,
  carts,
  featureImages,
  filterOptions,
  products,
  reviews,
  users,
  vendorProfiles,
} from '../../db/schema'
import { createCatalogReads } from '../../lib/catalog-reads'
import { createTestApp, openTestDatabase, type TestContext } from '../../../test/app'
import { createProduct, createSeller, createUser, declarationsBody } from '../../../test/factories'
import { createSession } from '../auth/sessions'

/**
 * Which reads go to the read replica (decision 097), through the app's routes. The "replica" is a
 * second database the test fills with a copy of the catalog marked "[replica]", and its WAL
 * positions are played by the test: so every answer says which server it came from, and the
 * replica lags exactly when the test says. (test/proof/read-replica.test.ts runs the same rule
 * against a real streaming standby.) PGlite and PostgreSQL alike.
 */
let t: TestContext
let replica: { database: Database; drop(): Promise<void> }
const wal = { primaryAt: 10n, replayedTo: 10n }
const dir = mkdtempSync(path.join(os.tmpdir(), 'tb-replica-routes-'))
const IMAGE = '/uploads/u/0123456789abcdef0123456789abcdef.webp'
let product: { id: string; shortId: string }
let cookies: { admin: string; shopper: string }
let shopperId: string

/** The catalog's rows as they are on the primary, into the replica's database. */
async function copyCatalog(from: Db, to: Db) {
  await to.insert(users).values(await from.select().from(users))
  await to.insert(vendorProfiles).values(await from.select().from(vendorProfiles))
  await to.insert(filterOptions).values(await from.select().from(filterOptions))
  await to.insert(products).values(await from.select().from(products))
  await to.insert(reviews).values(await from.select().from(reviews))
  await to.insert(featureImages).values(await from.select().from(featureImages))
}

/** Lets the feed's events reach the rule, and the rule learn the primary's position. */
async function heard() {
  await t.app.deps.catalogCache?.caughtUp()
  await new Promise((resolve) => setImmediate(resolve))
}

const get = (url: string, cookie?: string) =>
  t.app.inject({ url, headers: cookie ? { cookie } : {} })

/** The rule with the test's WAL positions, over a primary and the replica database. */
const heldReads = (primary: Db) =>
  createCatalogReads({
    primary,
    replica: replica.database.db,
    primaryPosition: async () => wal.primaryAt,
    replayedPosition: async () => wal.replayedTo,
  })

/** A shop with one listed phone, an admin and a shopper, and an image the product form can name. */
async function openShop(shop: TestContext) {
  const db = shop.database.db
  await db.insert(filterOptions).values([
    { kind: 'category', value: 'electronics' },
    { kind: 'brand', value: 'samsung' },
  ])
  const seller = await createSeller(db)
  const made = await createProduct(db, {
    sellerId: seller.id,
    title: 'Galaxy Replicated',
    price: 30000,
    brand: 'samsung',
  })
  const admin = await createUser(db, { role: 'admin', type: 'admin' })
  const shopper = await createUser(db)
  const session = async (userId: string) =>
    `session=${await createSession(db, { userId, days: 1, now: new Date() })}`
  mkdirSync(path.join(shop.dataDir, 'uploads', 'u'), { recursive: true })
  writeFileSync(path.join(shop.dataDir, 'uploads', IMAGE.slice(9)), 'webp')
  return {
    product: { id: made.id, shortId: made.shortId },
    shopperId: shopper.id,
    cookies: { admin: await session(admin.id), shopper: await session(shopper.id) },
  }
}

/** The admin's product form, saved with a new price: a write through the app. */
const editPrice = (shop: TestContext, cookie: string, productId: string, price: number) =>
  shop.app.inject({
    method: 'PUT',
    url: `/api/admin/products/edit/${productId}`,
    headers: { cookie },
    payload: {
      image: IMAGE,
      title: 'Galaxy Replicated',
      description: 'A product made by a test.',
      category: 'electronics',
      brand: 'samsung',
      section: 'featured',
      hsn: '851713',
      price,
      salePrice: 0,
      totalStock: 10,
      ...declarationsBody(),
    },
  })

beforeAll(async () => {
  replica = await openTestDatabase()
  mkdirSync(path.join(dir, 'dist'))
  writeFileSync(path.join(dir, 'dist/index.html'), '<!doctype html><title>TechBazaar</title>')
  t = await createTestApp({
    config: { webDistDir: path.join(dir, 'dist'), appUrl: 'https://shop.example.in' },
    catalogReads: heldReads,
  })
  const db = t.database.db
  ;({ product, shopperId, cookies } = await openShop(t))
  const reviewer = await createUser(db)
  await db.insert(reviews).values({
    productId: product.id,
    userId: reviewer.id,
    userName: reviewer.userName,
    message: 'Good phone',
    value: 5,
  })
  await db.insert(featureImages).values({ image: IMAGE, title: 'Big sale', sortOrder: 1 })

  // The replica: the same catalog, every answer it gives marked, and one brand only it has.
  const standby = replica.database.db
  await copyCatalog(db, standby)
  await standby.update(products).set({ title: 'Galaxy Replicated [replica]' })
  await standby.update(reviews).set({ message: 'Good phone [replica]' })
  await standby.update(featureImages).set({ title: 'Big sale [replica]' })
  await standby.insert(filterOptions).values({ kind: 'brand', value: 'replica-only' })
  await heard()
})
afterAll(async () => {
  await t.close()
  await replica.database.close()
  await replica.drop()
  rmSync(dir, { recursive: true, force: true })
})

describe('with a read replica that has replayed every change heard of', () => {
  it('serves each public catalog read from the replica', async () => {
    const before = t.app.deps.catalogReads.stats().replica
    const listing = await get('/api/shop/products/get?brand=samsung')
    expect(listing.json().data[0].title).toBe('Galaxy Replicated [replica]')
    const detail = await get(`/api/shop/products/get/${product.id}`)
    expect(detail.json().data.title).toBe('Galaxy Replicated [replica]')
    const byPath = await get(`/api/shop/products/by-path/x-${product.shortId}`)
    expect(byPath.json().canonicalPath).toBe(
      productPath({ title: 'Galaxy Replicated [replica]', shortId: product.shortId }),
    )
    const options = await get('/api/shop/filter/fetch')
    expect(options.json().data.brand).toContain('replica-only')
    const facets = await get('/api/shop/products/facets')
    expect(JSON.stringify(facets.json().data)).toContain('samsung')
    expect((await get('/api/shop/search/galaxy')).json().data[0].title).toBe(
      'Galaxy Replicated [replica]',
    )
    expect((await get('/api/shop/suggestions?q=galax')).body).toContain('[replica]')
    expect((await get(`/api/shop/review/${product.id}`)).json().data[0].reviewMessage).toBe(
      'Good phone [replica]',
    )
    expect((await get('/api/common/feature/get')).json().data[0].title).toBe('Big sale [replica]')
    const sitemap = await get('/sitemaps/products-1.xml')
    expect(sitemap.body).toContain('galaxy-replicated-replica')
    // The product page's gate: an old spelling is sent to the replica's canonical address.
    const page = await get(`/p/old-spelling-${product.shortId}`)
    expect(page.statusCode).toBe(301)
    expect(page.headers.location).toContain('galaxy-replicated-replica')
    expect(t.app.deps.catalogReads.stats().replica).toBeGreaterThanOrEqual(before + 11)
  })

  it('keeps the back office, the cart and every write on the primary', async () => {
    const admin = await get('/api/admin/products/get', cookies.admin)
    expect(admin.statusCode).toBe(200)
    expect(JSON.stringify(admin.json())).not.toContain('[replica]')
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/shop/cart/add',
      headers: { cookie: cookies.shopper },
      payload: { userId: shopperId, productId: product.id, quantity: 1 },
    })
    expect(added.statusCode).toBe(200)
    const cart = await get(`/api/shop/cart/get/${shopperId}`, cookies.shopper)
    expect(JSON.stringify(cart.json())).toContain('Galaxy Replicated')
    expect(JSON.stringify(cart.json())).not.toContain('[replica]')
    // Nothing was written to the replica's database.
    expect(await replica.database.db.select().from(carts)).toEqual([])
    expect(await replica.database.db.select().from(cartLines)).toEqual([])
    expect((await t.database.db.select().from(cartLines)).length).toBe(1)
  })
})

describe('a change the replica has not replayed yet', () => {
  const LISTING = '/api/shop/products/get?brand=samsung'

  it('is seen by the very next listing, read from the primary', async () => {
    expect((await get(LISTING)).json().data[0].price).toBe(30000)
    // The admin's edit commits at WAL position 20; the replica stays at 10.
    wal.primaryAt = 20n
    const edit = await editPrice(t, cookies.admin, product.id, 27999)
    expect(edit.statusCode, edit.body).toBe(200)
    const next = (await get(LISTING)).json().data[0]
    expect(next).toMatchObject({ title: 'Galaxy Replicated', price: 27999 })
    const [stale] = await replica.database.db
      .select({ pricePaise: products.pricePaise })
      .from(products)
      .where(eq(products.id, product.id))
    expect(stale?.pricePaise).toBe(3_000_000)
    // Every other catalog read waits for the replica too.
    expect((await get(`/api/shop/products/get/${product.id}`)).json().data.price).toBe(27999)
  })

  it('is read from the replica once the replica has replayed it', async () => {
    await replica.database.db
      .update(products)
      .set({ pricePaise: 2_799_900 })
      .where(eq(products.id, product.id))
    wal.replayedTo = 20n
    const other = (await get('/api/shop/products/get?brand=samsung&sortBy=price-hightolow')).json()
    expect(other.data[0]).toMatchObject({ title: 'Galaxy Replicated [replica]', price: 27999 })
  })

  it('is read from the primary while the replica has replayed it only in part', async () => {
    // A second change at 30 (a plain statement, as another process would make it).
    wal.primaryAt = 30n
    await t.database.db.update(products).set({ totalStock: 3 }).where(eq(products.id, product.id))
    await heard()
    wal.replayedTo = 29n
    const detail = (await get(`/api/shop/products/get/${product.id}`)).json().data
    expect(detail.title).toBe('Galaxy Replicated')
    wal.replayedTo = 30n
    await t.database.db.update(products).set({ totalStock: 4 }).where(eq(products.id, product.id))
    await heard()
    // Position 30 again (nothing else was written): the replica has it.
    expect((await get(`/api/shop/products/get/${product.id}`)).json().data.title).toBe(
      'Galaxy Replicated [replica]',
    )
  })
})

describe('with the catalog cache turned off', () => {
  it('still hears every change, and a write is answered once it has', async () => {
    wal.primaryAt = 40n
    wal.replayedTo = 40n
    const uncached = await createTestApp({
      env: { CATALOG_CACHE_SECONDS: '0' },
      catalogReads: heldReads,
    })
    try {
      expect(uncached.app.deps.catalogCache).toBeUndefined()
      const shop = await openShop(uncached)
      const onReplica = () =>
        uncached.app.deps.catalogReads.read(async (db) => db === replica.database.db)
      // The shop's own inserts are heard (a moment later on PostgreSQL), then the replica is used.
      for (let i = 0; i < 100 && !(await onReplica()); i++) {
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      expect(await onReplica()).toBe(true)
      // The edit commits at 50: its reply comes once this process has heard it, so the read
      // that follows goes to the primary.
      wal.primaryAt = 50n
      const edit = await editPrice(uncached, shop.cookies.admin, shop.product.id, 25999)
      expect(edit.statusCode, edit.body).toBe(200)
      expect(await onReplica()).toBe(false)
      const listing = await uncached.app.inject({ url: '/api/shop/products/get?brand=samsung' })
      expect(listing.json().data[0].price).toBe(25999)
    } finally {
      await uncached.close()
    }
  })
})
