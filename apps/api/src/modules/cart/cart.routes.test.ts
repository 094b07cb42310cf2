import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../../db/schema'
import { hashPassword } from '../../lib/password'
import { createTestApp, type TestContext } from '../../../test/app'
import { sessionCookie } from '../../../test/auth'
import { createProduct, createSeller, createUser } from '../../../test/factories'
import { eq } from 'drizzle-orm'

let t: TestContext
let sellerId: string
let passwordHash: string

beforeAll(async () => {
  t = await createTestApp()
  sellerId = (await createSeller(t.database.db)).id
  passwordHash = await hashPassword('Pass1234')
})
afterAll(() => t.close())

/** A fresh shopper, signed in: each test gets its own cart. */
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
  who: Shopper | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: who ? { cookie: who.cookie } : {},
  })

const add = (who: Shopper, productId: string, quantity = 1) =>
  call(who, 'POST', '/api/shop/cart/add', { userId: who.id, productId, quantity })
const update = (who: Shopper, productId: string, quantity: number) =>
  call(who, 'PUT', '/api/shop/cart/update-cart', { userId: who.id, productId, quantity })
const get = (who: Shopper, query = '') => call(who, 'GET', `/api/shop/cart/get/${who.id}${query}`)

describe('POST /api/shop/cart/add', () => {
  it('should add a line, then merge quantities, answering the whole cart in rupees', async () => {
    const me = await shopper()
    const phone = await product({ price: 30000, salePrice: 24999.5, totalStock: 5 })
    const first = await add(me, phone.id, 2)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({
      success: true,
      message: 'Product is added to cart',
      data: { totalItems: 1, totalQuantity: 2, totalAmount: 49999 },
    })
    const second = await add(me, phone.id, 1)
    expect(second.json().data.items).toEqual([
      {
        productId: phone.id,
        shortId: phone.shortId,
        quantity: 3,
        title: phone.title,
        image: phone.image,
        price: 30000,
        salePrice: 24999.5,
        totalStock: 5,
        orderLimit: 5,
        available: true,
      },
    ])
  })

  it('should refuse going beyond stock with the spec message', async () => {
    const me = await shopper()
    const phone = await product({ totalStock: 2 })
    expect((await add(me, phone.id, 2)).statusCode).toBe(200)
    const res = await add(me, phone.id, 1)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Only 2 in stock. You already added 2.',
    })
    const fresh = await product({ totalStock: 3 })
    expect((await add(me, fresh.id, 4)).json().message).toBe(
      'Only 3 in stock. You already added 0.',
    )
  })

  it('should refuse out-of-stock, unlisted and unknown products', async () => {
    const me = await shopper()
    const soldOut = await product({ totalStock: 0 })
    const hidden = await product({ listed: false })
    const soldOutRes = await add(me, soldOut.id)
    expect(soldOutRes.statusCode).toBe(400)
    expect(soldOutRes.json().message).toBe('This product is out of stock')
    const hiddenRes = await add(me, hidden.id)
    expect(hiddenRes.statusCode).toBe(400)
    expect(hiddenRes.json().message).toBe('This product is no longer available')
    const unknown = await add(me, crypto.randomUUID())
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe('Product not found')
  })

  it('should answer 400 for bad input', async () => {
    const me = await shopper()
    const phone = await product()
    for (const quantity of [0, -1, 1.5, '2', null]) {
      const res = await call(me, 'POST', '/api/shop/cart/add', {
        userId: me.id,
        productId: phone.id,
        quantity,
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().errors[0].path).toBe('quantity')
    }
    const badId = await call(me, 'POST', '/api/shop/cart/add', {
      userId: me.id,
      productId: 'not-a-uuid',
      quantity: 1,
    })
    expect(badId.statusCode).toBe(400)
  })

  it('should keep the count right when the same shopper adds at once', async () => {
    const me = await shopper()
    const phone = await product({ totalStock: 5 })
    const results = await Promise.all(Array.from({ length: 8 }, () => add(me, phone.id, 1)))
    const codes = results.map((r) => r.statusCode).sort()
    expect(codes.filter((c) => c === 200)).toHaveLength(5)
    expect(codes.filter((c) => c === 400)).toHaveLength(3)
    expect((await get(me)).json().data[0].quantity).toBe(5)
  })
})

describe('GET /api/shop/cart/get/:userId', () => {
  it('should page the lines with totals over the whole cart and flag unlisted products', async () => {
    const me = await shopper()
    const made = []
    for (let i = 0; i < 3; i++) {
      const p = await product({ price: 100 * (i + 1), totalStock: 9 })
      made.push(p)
      await add(me, p.id, 2)
    }
    await t.database.db.update(products).set({ listed: false }).where(eq(products.id, made[2]!.id))
    const page1 = (await get(me, '?page=1&limit=2')).json()
    expect(page1).toMatchObject({
      success: true,
      currentPage: 1,
      totalPages: 2,
      totalItems: 3,
      totalQuantity: 6,
      // The unlisted line is shown but not counted in the amount.
      totalAmount: 600,
    })
    expect(page1.data.map((l: { productId: string }) => l.productId)).toEqual([
      made[0]!.id,
      made[1]!.id,
    ])
    const page2 = (await get(me, '?page=2&limit=2')).json()
    expect(page2.data).toEqual([
      expect.objectContaining({ productId: made[2]!.id, available: false }),
    ])
  })

  it('should default to page 1 of 10 and answer an empty cart', async () => {
    const me = await shopper()
    expect((await get(me)).json()).toEqual({
      success: true,
      data: [],
      currentPage: 1,
      totalPages: 0,
      totalItems: 0,
      totalQuantity: 0,
      totalAmount: 0,
    })
  })

  it('should refuse a limit above 50 or a page below 1', async () => {
    const me = await shopper()
    expect((await get(me, '?limit=51')).statusCode).toBe(400)
    expect((await get(me, '?page=0')).statusCode).toBe(400)
    expect((await get(me, '?limit=abc')).statusCode).toBe(400)
  })
})

describe('PUT /api/shop/cart/update-cart', () => {
  it('should set the quantity within stock and refuse beyond it with the spec message', async () => {
    const me = await shopper()
    const phone = await product({ totalStock: 3 })
    await add(me, phone.id)
    const ok = await update(me, phone.id, 3)
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({
      message: 'Cart item is updated successfully',
      data: { items: [{ quantity: 3 }] },
    })
    const over = await update(me, phone.id, 4)
    expect(over.statusCode).toBe(400)
    expect(over.json().message).toBe('Only 3 quantity can be added for this item')
  })

  it('should always allow lowering, even below a stock that fell', async () => {
    const me = await shopper()
    const phone = await product({ totalStock: 5 })
    await add(me, phone.id, 5)
    await t.database.db.update(products).set({ totalStock: 1 }).where(eq(products.id, phone.id))
    expect((await update(me, phone.id, 4)).statusCode).toBe(200)
    expect((await update(me, phone.id, 5)).json().message).toBe(
      'Only 1 quantity can be added for this item',
    )
  })

  it('should answer 404 for a product not in the cart and 400 for quantity 0', async () => {
    const me = await shopper()
    const phone = await product()
    expect((await update(me, phone.id, 1)).statusCode).toBe(404)
    await add(me, phone.id)
    expect((await update(me, phone.id, 0)).statusCode).toBe(400)
  })
})

describe('DELETE /api/shop/cart/:userId/:productId', () => {
  it('should delete a line and answer the cart; a second delete is 404', async () => {
    const me = await shopper()
    const phone = await product()
    await add(me, phone.id)
    const res = await call(me, 'DELETE', `/api/shop/cart/${me.id}/${phone.id}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      message: 'Cart item is deleted successfully',
      data: { items: [], totalItems: 0 },
    })
    expect((await call(me, 'DELETE', `/api/shop/cart/${me.id}/${phone.id}`)).statusCode).toBe(404)
  })
})

describe('POST /api/shop/cart/merge', () => {
  it('should add guest lines capped at stock, skipping unknown, unlisted and sold-out ones', async () => {
    const me = await shopper()
    const phone = await product({ totalStock: 4 })
    const buds = await product({ totalStock: 10 })
    const hidden = await product({ listed: false })
    const soldOut = await product({ totalStock: 0 })
    await add(me, phone.id, 3)
    const res = await call(me, 'POST', '/api/shop/cart/merge', {
      userId: me.id,
      items: [
        { productId: phone.id, quantity: 2 },
        { productId: buds.id, quantity: 2 },
        { productId: buds.id, quantity: 1 },
        { productId: hidden.id, quantity: 1 },
        { productId: soldOut.id, quantity: 1 },
        { productId: crypto.randomUUID(), quantity: 1 },
      ],
    })
    expect(res.statusCode).toBe(200)
    const items = res.json().data.items as { productId: string; quantity: number }[]
    expect(items.map((l) => [l.productId, l.quantity])).toEqual([
      [phone.id, 4],
      [buds.id, 3],
    ])
    // Nothing is dropped in silence: the answer names each line that did not come in whole.
    const unknown = res.json().leftOut.at(-1).productId as string
    expect(res.json().leftOut).toEqual([
      { productId: phone.id, title: phone.title, reason: 'limited' },
      { productId: hidden.id, title: hidden.title, reason: 'unavailable' },
      { productId: soldOut.id, title: soldOut.title, reason: 'unavailable' },
      { productId: unknown, title: null, reason: 'unavailable' },
    ])
    expect(res.json().message).toBe(
      `Guest cart merged, but ${phone.title} was added only up to the quantity you may buy; ` +
        `${hidden.title} is no longer available; ${soldOut.title} is no longer available; ` +
        'An item is no longer available.',
    )
  })

  it('should say nothing was left out when every guest line came in', async () => {
    const me = await shopper()
    const buds = await product({ totalStock: 10 })
    const res = await call(me, 'POST', '/api/shop/cart/merge', {
      userId: me.id,
      items: [{ productId: buds.id, quantity: 2 }],
    })
    expect(res.json()).toMatchObject({ message: 'Guest cart merged', leftOut: [] })
  })

  it('should refuse more than 100 items', async () => {
    const me = await shopper()
    const items = Array.from({ length: 101 }, () => ({
      productId: crypto.randomUUID(),
      quantity: 1,
    }))
    const res = await call(me, 'POST', '/api/shop/cart/merge', { userId: me.id, items })
    expect(res.statusCode).toBe(400)
  })
})

describe('cart ownership', () => {
  it("should answer 401 to guests and 403 for another user's id on every path", async () => {
    const me = await shopper()
    const other = await shopper()
    const phone = await product()
    await add(other, phone.id)
    const body = { userId: other.id, productId: phone.id, quantity: 1 }
    const attempts: [Parameters<typeof call>[1], string, object?][] = [
      ['POST', '/api/shop/cart/add', body],
      ['GET', `/api/shop/cart/get/${other.id}`],
      ['PUT', '/api/shop/cart/update-cart', body],
      ['DELETE', `/api/shop/cart/${other.id}/${phone.id}`],
      ['POST', '/api/shop/cart/merge', { userId: other.id, items: [] }],
    ]
    for (const [method, url, payload] of attempts) {
      expect((await call(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401)
      expect((await call(me, method, url, payload)).statusCode, `${method} ${url}`).toBe(403)
    }
    // The other shopper's cart is untouched.
    expect((await get(other)).json().data[0].quantity).toBe(1)
  })
})

describe('back-office accounts and the cart', () => {
  it('should refuse every cart call of an admin or a seller with 403 and say why', async () => {
    const phone = await product()
    for (const overrides of [
      { role: 'admin', type: 'admin' },
      { role: 'admin', type: 'vendor' },
    ] as const) {
      const account = await createUser(t.database.db, { passwordHash, ...overrides })
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: account.email, password: 'Pass1234' },
      })
      const me = { id: account.id, cookie: sessionCookie(login) }
      const body = { userId: me.id, productId: phone.id, quantity: 1 }
      const attempts: [Parameters<typeof call>[1], string, object?][] = [
        ['POST', '/api/shop/cart/add', body],
        ['GET', `/api/shop/cart/get/${me.id}`],
        ['PUT', '/api/shop/cart/update-cart', body],
        ['DELETE', `/api/shop/cart/${me.id}/${phone.id}`],
        ['POST', '/api/shop/cart/merge', { userId: me.id, items: [body] }],
      ]
      for (const [method, url, payload] of attempts) {
        const res = await call(me, method, url, payload)
        expect(res.statusCode, `${overrides.type} ${method} ${url}`).toBe(403)
        expect(res.json()).toEqual({
          success: false,
          message: 'Shopping is for shopper accounts: sign in as a shopper to use a cart',
        })
      }
    }
  })
})
