import { WISHLIST_MAX_ITEMS } from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products, wishlistItems } from '../../db/schema'
import { hashPassword } from '../../lib/password'
import { createTestApp, type TestContext } from '../../../test/app'
import { sessionCookie } from '../../../test/auth'
import { createProduct, createSeller, createUser } from '../../../test/factories'
import { fillCart } from '../../../test/shop'

let t: TestContext
let sellerId: string
let passwordHash: string

beforeAll(async () => {
  t = await createTestApp()
  sellerId = (await createSeller(t.database.db)).id
  passwordHash = await hashPassword('Pass1234')
})
afterAll(() => t.close())

/** A fresh shopper, signed in: each test gets its own wishlist. */
async function shopper() {
  const user = await createUser(t.database.db, { passwordHash })
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: 'Pass1234' },
  })
  expect(res.statusCode).toBe(200)
  return { id: user.id, cookie: sessionCookie(res) }
}
type Shopper = Awaited<ReturnType<typeof shopper>>

const product = (input: Omit<Parameters<typeof createProduct>[1], 'sellerId'> = {}) =>
  createProduct(t.database.db, { sellerId, ...input })

const call = (
  who: Shopper,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url: `/api/shop/wishlist${url}`,
    payload,
    headers: { cookie: who.cookie },
  })

const save = (who: Shopper, productId: string) => call(who, 'POST', '', { productId })
const list = async (who: Shopper) => (await call(who, 'GET', '')).json()
const ids = (body: { data: { items: { productId: string }[] } }) =>
  body.data.items.map((item) => item.productId)

describe('wishlist add, list and remove', () => {
  it('should save a product once, newest first, with the price seen and the catalog now', async () => {
    const me = await shopper()
    const phone = await product({ price: 30000, salePrice: 24999.5, totalStock: 0 })
    const tv = await product({ price: 50000 })
    expect((await save(me, phone.id)).statusCode).toBe(200)
    const second = await save(me, tv.id)
    expect(second.json()).toMatchObject({ success: true, message: 'Saved to wishlist' })
    // Saving again changes nothing.
    expect((await save(me, phone.id)).statusCode).toBe(200)
    const body = await list(me)
    expect(ids(body)).toEqual([tv.id, phone.id])
    expect(body.data.notify).toBe(false)
    expect(body.data.items[1]).toMatchObject({
      shortId: phone.shortId,
      title: phone.title,
      price: 30000,
      salePrice: 24999.5,
      savedPrice: 24999.5,
      totalStock: 0,
      available: true,
    })
    const [row] = await t.database.db
      .select()
      .from(wishlistItems)
      .where(eq(wishlistItems.productId, phone.id))
    // Saved while sold out: its return is awaited for the back-in-stock mail.
    expect(row).toMatchObject({ savedPricePaise: 2499950, awaitingStock: true })
  })

  it('should refuse unlisted and unknown products and bad ids', async () => {
    const me = await shopper()
    const hidden = await product({ listed: false })
    const hiddenRes = await save(me, hidden.id)
    expect(hiddenRes.statusCode).toBe(400)
    expect(hiddenRes.json().message).toBe('This product is no longer available')
    expect((await save(me, crypto.randomUUID())).statusCode).toBe(404)
    const bad = await call(me, 'POST', '', { productId: 'nope' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0].path).toBe('productId')
  })

  it('should flag a product unlisted since it was saved', async () => {
    const me = await shopper()
    const phone = await product()
    await save(me, phone.id)
    await t.database.db.update(products).set({ listed: false }).where(eq(products.id, phone.id))
    expect((await list(me)).data.items[0].available).toBe(false)
  })

  it(`should hold at most ${WISHLIST_MAX_ITEMS} products`, async () => {
    const me = await shopper()
    const made = await Promise.all(Array.from({ length: WISHLIST_MAX_ITEMS + 1 }, () => product()))
    await t.database.db.insert(wishlistItems).values(
      made.slice(0, WISHLIST_MAX_ITEMS).map((p) => ({
        userId: me.id,
        productId: p.id,
        savedPricePaise: p.effectivePricePaise,
      })),
    )
    const res = await save(me, made[WISHLIST_MAX_ITEMS]!.id)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(`Your wishlist can hold at most ${WISHLIST_MAX_ITEMS} products`)
  })

  it("should remove only the shopper's own item and 404 what is not saved", async () => {
    const me = await shopper()
    const other = await shopper()
    const phone = await product()
    await save(me, phone.id)
    await save(other, phone.id)
    const res = await call(me, 'DELETE', `/${phone.id}`)
    expect(res.statusCode).toBe(200)
    expect(res.json().data.items).toEqual([])
    expect((await call(me, 'DELETE', `/${phone.id}`)).statusCode).toBe(404)
    expect(ids(await list(other))).toEqual([phone.id])
  })
})

describe('POST /api/shop/wishlist/merge', () => {
  it('should add the guest products, keep those already saved and skip gone ones', async () => {
    const me = await shopper()
    const kept = await product()
    const fresh = await product()
    const hidden = await product({ listed: false })
    await save(me, kept.id)
    const res = await call(me, 'POST', '/merge', {
      productIds: [kept.id, fresh.id, hidden.id, crypto.randomUUID()],
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe('Wishlist merged (2 no longer available or beyond the limit)')
    expect(ids(res.json()).sort()).toEqual([kept.id, fresh.id].sort())
  })

  it(`should refuse more than ${WISHLIST_MAX_ITEMS} ids`, async () => {
    const me = await shopper()
    const productIds = Array.from({ length: WISHLIST_MAX_ITEMS + 1 }, () => crypto.randomUUID())
    expect((await call(me, 'POST', '/merge', { productIds })).statusCode).toBe(400)
  })
})

describe('save for later and move to cart', () => {
  const cartOf = async (who: Shopper) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/shop/cart/get/${who.id}`,
        headers: { cookie: who.cookie },
      })
    ).json().data as { productId: string; quantity: number }[]

  it('should move a cart line to the wishlist and back as one unit', async () => {
    const me = await shopper()
    const phone = await product({ totalStock: 5 })
    await fillCart(t.database.db, me.id, [{ productId: phone.id, quantity: 2 }])
    const saved = await call(me, 'POST', `/from-cart/${phone.id}`)
    expect(saved.statusCode).toBe(200)
    expect(ids(saved.json())).toEqual([phone.id])
    expect(await cartOf(me)).toEqual([])
    expect((await call(me, 'POST', `/from-cart/${phone.id}`)).statusCode).toBe(404)

    const moved = await call(me, 'POST', `/${phone.id}/to-cart`)
    expect(moved.statusCode).toBe(200)
    expect(moved.json().data.items).toEqual([])
    expect(await cartOf(me)).toMatchObject([{ productId: phone.id, quantity: 1 }])
    expect((await call(me, 'POST', `/${phone.id}/to-cart`)).statusCode).toBe(404)
  })

  it('should keep a sold-out product on the wishlist when it cannot go to the cart', async () => {
    const me = await shopper()
    const phone = await product({ totalStock: 0 })
    await save(me, phone.id)
    const res = await call(me, 'POST', `/${phone.id}/to-cart`)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('This product is out of stock or no longer available')
    expect(ids(await list(me))).toEqual([phone.id])
    expect(await cartOf(me)).toEqual([])
  })
})

describe('PUT /api/shop/wishlist/preferences', () => {
  it('should turn the mails on and off, starting from what is true when turned on', async () => {
    const me = await shopper()
    const phone = await product({ price: 1000 })
    await save(me, phone.id)
    await t.database.db
      .update(products)
      .set({ salePricePaise: 80000 })
      .where(eq(products.id, phone.id))
    const on = await call(me, 'PUT', '/preferences', { notify: true })
    expect(on.statusCode).toBe(200)
    expect(on.json().data.notify).toBe(true)
    const [row] = await t.database.db
      .select()
      .from(wishlistItems)
      .where(eq(wishlistItems.userId, me.id))
    // The drop before the mails were on is taken as told.
    expect(row?.alertedPricePaise).toBe(80000)
    expect((await call(me, 'PUT', '/preferences', { notify: false })).json().data.notify).toBe(
      false,
    )
    expect((await call(me, 'PUT', '/preferences', { notify: 'yes' })).statusCode).toBe(400)
  })
})
