import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  featureImages,
  orderLines,
  orders,
  products,
  reviews,
  subOrders,
  users,
} from '../../db/schema'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller } from '../../../test/factories'
import { buyProduct, createShopper } from '../../../test/shop'

// Product details, a product's reviews and the home page's banners come from the catalog cache
// (decision 45) and are fresh as soon as any change they depend on commits, whoever makes it:
// every change here is plain SQL, with no application code to invalidate anything.

let t: TestContext
let productId: string

beforeAll(async () => {
  t = await createTestApp()
  const seller = await createSeller(t.database.db)
  productId = (
    await createProduct(t.database.db, {
      sellerId: seller.id,
      title: 'Pixel Detail',
      totalStock: 100,
    })
  ).id
})
afterAll(() => t.close())

const get = (url: string) => t.app.inject({ method: 'GET', url })
const hits = () => t.app.deps.catalogCache?.stats().hits ?? 0

/** NOTIFY reaches a PostgreSQL listener a moment after the commit: ask until it has. */
async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error('the cached reply never changed')
}

/**
 * Asks `url` until a reply comes from the cache (on PostgreSQL the setup's own changes are
 * announced a moment later and empty it), and checks that the hit cost no database read: the
 * cache counted it, and the body is the one stored.
 */
async function expectCached(url: string) {
  const first = await get(url)
  expect(first.statusCode).toBe(200)
  await eventually(async () => (await get(url)).headers['x-cache'] === 'hit')
  const before = hits()
  const again = await get(url)
  expect(again.headers['x-cache']).toBe('hit')
  expect(hits()).toBe(before + 1)
  expect(again.headers['content-type']).toMatch(/^application\/json/)
  return again
}

describe('cached product details', () => {
  const url = () => `/api/shop/products/get/${productId}`

  it('answers a repeated request from the cache, one key for every spelling of the id', async () => {
    const hit = await expectCached(url())
    expect(hit.json().data).toMatchObject({ _id: productId, title: 'Pixel Detail' })
    const upper = await get(`/api/shop/products/get/${productId.toUpperCase()}`)
    expect(upper.headers['x-cache']).toBe('hit')
    expect(upper.body).toBe(hit.body)
  })

  it('shows a plain SQL change at once, and never keeps a "not found"', async () => {
    await expectCached(url())
    await t.database.db
      .update(products)
      .set({ title: 'Pixel Renamed', totalStock: sql`${products.totalStock} - 1` })
      .where(eq(products.id, productId))
    await eventually(async () => (await get(url())).json().data.title === 'Pixel Renamed')

    await t.database.db.update(products).set({ listed: false }).where(eq(products.id, productId))
    await eventually(async () => (await get(url())).statusCode === 404)
    expect((await get(url())).headers['x-cache']).toBeUndefined()
    await t.database.db.update(products).set({ listed: true }).where(eq(products.id, productId))
    await eventually(async () => (await get(url())).statusCode === 200)
  })
})

describe('cached reviews', () => {
  const url = () => `/api/shop/review/${productId}`
  const reviewsNow = async () =>
    (await get(url())).json().data as { userId: string; verifiedPurchase: boolean }[]

  it('answers a repeated request from the cache and shows a new review at once', async () => {
    await expectCached(url())
    const shopper = await createShopper(t.database.db, { userName: 'Asha Rao' })
    await t.database.db.insert(reviews).values({
      productId,
      userId: shopper.user.id,
      userName: 'Asha Rao',
      message: 'Crisp camera',
      value: 5,
    })
    await eventually(async () => (await reviewsNow()).some((r) => r.userId === shopper.user.id))
  })

  it("follows the orders behind each review's verified-purchase mark", async () => {
    const shopper = await createShopper(t.database.db)
    const orderId = await buyProduct(t.app, t.database.db, shopper, productId)
    await t.database.db
      .insert(reviews)
      .values({ productId, userId: shopper.user.id, userName: 'Buyer', message: 'Ok', value: 4 })
    const mark = async () =>
      (await reviewsNow()).find((r) => r.userId === shopper.user.id)?.verifiedPurchase
    await eventually(async () => (await mark()) === true)
    await expectCached(url())

    // The seller's part of the order is rejected: no longer a verified purchase.
    await t.database.db
      .update(subOrders)
      .set({ status: 'rejected' })
      .where(eq(subOrders.orderId, orderId))
    await eventually(async () => (await mark()) === false)

    await t.database.db
      .update(subOrders)
      .set({ status: 'delivered' })
      .where(eq(subOrders.orderId, orderId))
    await eventually(async () => (await mark()) === true)
    await expectCached(url())

    // The whole order is rejected.
    await t.database.db
      .update(orders)
      .set({ orderStatus: 'rejected' })
      .where(eq(orders.id, orderId))
    await eventually(async () => (await mark()) === false)

    await t.database.db
      .update(orders)
      .set({ orderStatus: 'delivered' })
      .where(eq(orders.id, orderId))
    await eventually(async () => (await mark()) === true)
    await expectCached(url())

    // The author's account becomes a seller's: only shoppers' purchases are verified.
    await t.database.db
      .update(users)
      .set({ role: 'admin', type: 'vendor' })
      .where(eq(users.id, shopper.user.id))
    await eventually(async () => (await mark()) === false)
    await t.database.db
      .update(users)
      .set({ role: 'user', type: 'user' })
      .where(eq(users.id, shopper.user.id))
    await eventually(async () => (await mark()) === true)
    await expectCached(url())

    // The order's line of this product goes.
    await t.database.db.delete(orderLines).where(eq(orderLines.orderId, orderId))
    await eventually(async () => (await mark()) === false)
  })

  it('shows shoppers their own review in the very next request (read your writes)', async () => {
    for (const [i, value] of [5, 3, 4].entries()) {
      const shopper = await createShopper(t.database.db)
      await buyProduct(t.app, t.database.db, shopper, productId)
      await expectCached(url())
      const posted = await t.app.inject({
        method: 'POST',
        url: '/api/shop/review/add',
        headers: { cookie: shopper.cookie },
        payload: {
          productId,
          userId: shopper.user.id,
          reviewMessage: `Take ${i}`,
          reviewValue: value,
        },
      })
      expect(posted.statusCode).toBe(200)
      // No waiting: the write was answered only after this process heard its commit.
      const mine = (await reviewsNow()).find((r) => r.userId === shopper.user.id)
      expect(mine).toMatchObject({ verifiedPurchase: true })
      expect((await get(`/api/shop/products/get/${productId}`)).json().data.reviewCount).toBe(
        (await reviewsNow()).length,
      )
    }
  })

  it("keeps the signed-in shopper's review eligibility out of the cache", async () => {
    const shopper = await createShopper(t.database.db)
    const ask = () =>
      t.app.inject({
        url: `/api/shop/review/eligibility/${productId}`,
        headers: { cookie: shopper.cookie },
      })
    expect((await ask()).json().data.canReview).toBe(false)
    await buyProduct(t.app, t.database.db, shopper, productId)
    const after = await ask()
    expect(after.headers['x-cache']).toBeUndefined()
    expect(after.json().data.canReview).toBe(true)
  })
})

describe('cached home page data', () => {
  const url = '/api/common/feature/get'
  const titles = async () =>
    ((await get(url)).json().data as { title: string }[]).map((b) => b.title)

  it('answers the banners from the cache and shows a banner change at once', async () => {
    await expectCached(url)
    const [banner] = await t.database.db
      .insert(featureImages)
      .values({ image: '/uploads/diwali.webp', title: 'Diwali sale', sortOrder: 1 })
      .returning()
    await eventually(async () => (await titles()).includes('Diwali sale'))
    await expectCached(url)
    await t.database.db
      .update(featureImages)
      .set({ title: 'Diwali sale: last day' })
      .where(eq(featureImages.id, banner!.id))
    await eventually(async () => (await titles()).includes('Diwali sale: last day'))
    await t.database.db.delete(featureImages)
    await eventually(async () => (await titles()).length === 0)
  })

  it("answers the home page's product sections from the cache", async () => {
    // As the web asks for "Featured Products" (apps/web/src/features/catalog/pages/home-page.tsx).
    await expectCached(
      '/api/shop/products/get?section=featured&sortBy=price-lowtohigh&page=1&limit=10',
    )
  })
})
