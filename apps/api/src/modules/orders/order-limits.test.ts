import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cartLines, orders, products } from '../../db/schema'
import { createTestApp, type TestContext } from '../../../test/app'
import { expireUnpaidOrders } from '../lifecycle/expiry'
import { createClock } from '../../../test/clock'
import { createProduct, createSeller } from '../../../test/factories'
import { createShopper, fillCart } from '../../../test/shop'

/**
 * Issue 12 item 4: one account emptied a product's stock with one cash-on-delivery order of
 * 130 units. Each order now keeps a per-product quantity limit (the product's own, else the
 * shop's default of 5), cash on delivery a ceiling on the total (₹50,000), and each account a
 * number of orders per hour; the cart keeps the same quantity limit.
 */
let t: TestContext
let sellerId: string
const clock = createClock(new Date())
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
  sellerId = (await createSeller(t.database.db)).id
})
afterAll(() => t.close())

const db = () => t.database.db
type Shopper = Awaited<ReturnType<typeof createShopper>>
const stockOf = async (id: string) =>
  (await db().select().from(products).where(eq(products.id, id)))[0]!.totalStock
const ordersOf = async (userId: string) =>
  db().select().from(orders).where(eq(orders.userId, userId))

const create = (app: TestContext['app'], s: Shopper, paymentMethod = 'COD') =>
  app.inject({
    method: 'POST',
    url: '/api/shop/order/create',
    headers: { cookie: s.cookie },
    payload: { userId: s.user.id, addressInfo: { addressId: s.address.id }, paymentMethod },
  })
const cart = (s: Shopper, method: 'POST' | 'PUT', productId: string, quantity: number) =>
  t.app.inject({
    method,
    url: method === 'POST' ? '/api/shop/cart/add' : '/api/shop/cart/update-cart',
    headers: { cookie: s.cookie },
    payload: { userId: s.user.id, productId, quantity },
  })

describe('a quantity limit per product per order', () => {
  it('refuses one cash-on-delivery order of all 130 units of a product', async () => {
    const item = await createProduct(db(), { sellerId, title: 'Buds', price: 100, totalStock: 130 })
    const attacker = await createShopper(db())
    // The cart refuses it...
    const add = await cart(attacker, 'POST', item.id, 130)
    expect(add.statusCode).toBe(400)
    expect(add.json().message).toBe(
      'You can buy at most 5 of this product per order. You already added 0.',
    )
    // ...and so does checkout, for a cart filled before the limit existed.
    await fillCart(db(), attacker.user.id, [{ productId: item.id, quantity: 130 }])
    const res = await create(t.app, attacker)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      success: false,
      message: 'You can buy at most 5 of "Buds" per order. Please lower the quantity in your cart.',
    })
    expect(await stockOf(item.id)).toBe(130)
    expect(await ordersOf(attacker.user.id)).toHaveLength(0)
  })

  it('keeps the shop default of 5 in the cart, the catalog and at checkout', async () => {
    const item = await createProduct(db(), { sellerId, totalStock: 50 })
    const me = await createShopper(db())
    expect((await cart(me, 'POST', item.id, 4)).statusCode).toBe(200)
    const over = await cart(me, 'POST', item.id, 2)
    expect(over.statusCode).toBe(400)
    expect(over.json().message).toBe(
      'You can buy at most 5 of this product per order. You already added 4.',
    )
    const up = await cart(me, 'PUT', item.id, 6)
    expect(up.statusCode).toBe(400)
    expect(up.json().message).toBe('You can buy at most 5 of this product per order.')
    const five = await cart(me, 'PUT', item.id, 5)
    expect(five.json().data.items).toEqual([
      expect.objectContaining({ productId: item.id, quantity: 5, orderLimit: 5 }),
    ])
    const shown = await t.app.inject({ url: `/api/shop/products/get/${item.id}` })
    expect(shown.json().data.orderLimit).toBe(5)
    const listing = await t.app.inject({ url: '/api/shop/products/get?limit=100' })
    const inList = listing.json().data.find((p: { _id: string }) => p._id === item.id)
    expect(inList.orderLimit).toBe(5)

    const res = await create(t.app, me)
    expect(res.statusCode).toBe(201)
    expect(await stockOf(item.id)).toBe(45)
  })

  it('uses the product’s own limit over the default, and merge clamps to it', async () => {
    const tight = await createProduct(db(), { sellerId, totalStock: 50, maxPerOrder: 2 })
    const loose = await createProduct(db(), { sellerId, totalStock: 50, maxPerOrder: 8 })
    const me = await createShopper(db())
    expect((await cart(me, 'POST', tight.id, 3)).json().message).toBe(
      'You can buy at most 2 of this product per order. You already added 0.',
    )
    expect((await cart(me, 'POST', loose.id, 8)).statusCode).toBe(200)
    const merged = await t.app.inject({
      method: 'POST',
      url: '/api/shop/cart/merge',
      headers: { cookie: me.cookie },
      payload: {
        userId: me.user.id,
        items: [
          { productId: tight.id, quantity: 9 },
          { productId: loose.id, quantity: 9 },
        ],
      },
    })
    expect(merged.json().data.items).toEqual([
      expect.objectContaining({ productId: loose.id, quantity: 8, orderLimit: 8 }),
      expect.objectContaining({ productId: tight.id, quantity: 2, orderLimit: 2 }),
    ])
    expect(
      (await t.app.inject({ url: `/api/shop/products/get/${tight.id}` })).json().data,
    ).toMatchObject({ orderLimit: 2 })

    // A limit lowered after the line was added: checkout holds to the new one.
    await db().update(products).set({ maxPerOrder: 1 }).where(eq(products.id, tight.id))
    const res = await create(t.app, me)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/^You can buy at most 1 of ".+" per order\./)
    expect(await stockOf(loose.id)).toBe(50)
    // Lowering is always allowed; then the order goes through.
    expect((await cart(me, 'PUT', tight.id, 1)).statusCode).toBe(200)
    expect((await create(t.app, me)).statusCode).toBe(201)
    expect(await stockOf(loose.id)).toBe(42)
  })
})

describe('a ceiling on cash on delivery', () => {
  it('refuses cash on delivery above ₹50,000 with a message naming the limit', async () => {
    const tv = await createProduct(db(), { sellerId, price: 50_000.01, totalStock: 3 })
    const me = await createShopper(db())
    await fillCart(db(), me.user.id, [{ productId: tv.id, quantity: 1 }])
    const res = await create(t.app, me)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(
      'Cash on delivery is available for orders up to ₹50,000. Please pay online.',
    )
    expect(await stockOf(tv.id)).toBe(3)
    expect(await db().select().from(cartLines).where(eq(cartLines.productId, tv.id))).toHaveLength(
      1,
    )
    // Paying online, the same cart is fine.
    const online = await create(t.app, me, 'CASHFREE')
    expect(online.statusCode).toBe(201)
    expect(online.json().paymentUrl).toBeTruthy()
  })

  it('accepts cash on delivery for exactly ₹50,000', async () => {
    const phone = await createProduct(db(), { sellerId, price: 25_000, totalStock: 3 })
    const me = await createShopper(db())
    await fillCart(db(), me.user.id, [{ productId: phone.id, quantity: 2 }])
    expect((await create(t.app, me)).statusCode).toBe(201)
  })

  it('publishes the limits for the checkout, to anyone', async () => {
    const res = await t.app.inject({ url: '/api/shop/order/limits' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      success: true,
      data: {
        maxPerProduct: 5,
        codMaxAmount: 50_000,
        ordersPerHour: 10,
        paymentWindowMinutes: 20,
        unpaidHoldMaxUnits: 10,
        unpaidHeldUnits: 0,
      },
    })
  })

  it('follows the configured figures', async () => {
    const custom = await createTestApp({
      env: {
        ORDER_MAX_QTY_PER_PRODUCT: '2',
        COD_MAX_ORDER_RUPEES: '30000',
        ORDER_CREATE_PER_HOUR: '4',
      },
    })
    try {
      const limits = await custom.app.inject({ url: '/api/shop/order/limits' })
      expect(limits.json().data).toEqual({
        maxPerProduct: 2,
        codMaxAmount: 30_000,
        ordersPerHour: 4,
        paymentWindowMinutes: 20,
        unpaidHoldMaxUnits: 10,
        unpaidHeldUnits: 0,
      })
      const seller = await createSeller(custom.database.db)
      const item = await createProduct(custom.database.db, {
        sellerId: seller.id,
        price: 20_000,
        totalStock: 9,
      })
      const me = await createShopper(custom.database.db)
      await fillCart(custom.database.db, me.user.id, [{ productId: item.id, quantity: 2 }])
      const cod = await create(custom.app, me)
      expect(cod.json().message).toBe(
        'Cash on delivery is available for orders up to ₹30,000. Please pay online.',
      )
      const product = await custom.app.inject({ url: `/api/shop/products/get/${item.id}` })
      expect(product.json().data.orderLimit).toBe(2)
    } finally {
      await custom.close()
    }
  })
})

describe('a rate limit on orders per account', () => {
  it('answers 429 with Retry-After past the hourly limit, per account, also for a burst', async () => {
    const limited = await createTestApp({
      env: { ORDER_CREATE_PER_HOUR: '3' },
      deps: { now: clock.now },
    })
    try {
      const ldb = limited.database.db
      const seller = await createSeller(ldb)
      const item = await createProduct(ldb, { sellerId: seller.id, price: 10, totalStock: 1000 })
      const me = await createShopper(ldb)
      const other = await createShopper(ldb)
      const refill = (s: Shopper) => fillCart(ldb, s.user.id, [{ productId: item.id, quantity: 1 }])

      await refill(me)
      // Ten at once: the attempt is counted before any work, so only three get through.
      const burst = await Promise.all(Array.from({ length: 10 }, () => create(limited.app, me)))
      const statuses = burst.map((r) => r.statusCode).sort()
      expect(statuses.filter((s) => s === 429)).toHaveLength(7)
      const refused = burst.find((r) => r.statusCode === 429)!
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000)
      expect(refused.json()).toEqual({
        success: false,
        message:
          'You have placed too many orders in the last hour. Please try again in 60 minutes.',
      })
      expect((await ordersOf(me.user.id)).length).toBeLessThanOrEqual(1)

      // Another account is not affected.
      await refill(other)
      expect((await create(limited.app, other)).statusCode).toBe(201)

      // An hour later the account may order again.
      clock.advance(3601_000)
      await refill(me)
      expect((await create(limited.app, me)).statusCode).toBe(201)
    } finally {
      await limited.close()
    }
  })
})

describe('a cap on the units unpaid online orders hold per account (issue 26.15)', () => {
  const MINUTE = 60_000
  const refill = async (s: Shopper, productId: string, quantity: number) => {
    await db().delete(cartLines).where(eq(cartLines.productId, productId))
    await fillCart(db(), s.user.id, [{ productId, quantity }])
  }

  it('refuses an online order over the 10 units one account may hold unpaid; COD is not held', async () => {
    const item = await createProduct(db(), {
      sellerId,
      price: 100,
      totalStock: 100,
      maxPerOrder: 20,
    })
    const me = await createShopper(db())
    await refill(me, item.id, 6)
    expect((await create(t.app, me, 'CASHFREE')).statusCode).toBe(201)

    await refill(me, item.id, 5)
    const over = await create(t.app, me, 'PAYU')
    expect(over.statusCode).toBe(409)
    expect(over.json()).toEqual({
      success: false,
      message:
        'Your unpaid orders already hold 6 items, and at most 10 can wait for payment at once. Please pay for or cancel your unpaid order in My Orders first.',
    })
    expect(await stockOf(item.id)).toBe(94)
    // Cash on delivery takes the same cart: it holds no payment window.
    expect((await create(t.app, me, 'COD')).statusCode).toBe(201)
    expect(await stockOf(item.id)).toBe(89)
    // Up to the cap, online is fine.
    await refill(me, item.id, 4)
    expect((await create(t.app, me, 'GATEPAY')).statusCode).toBe(201)
    expect(await stockOf(item.id)).toBe(85)
    // Another account holds its own.
    const other = await createShopper(db())
    await refill(other, item.id, 10)
    expect((await create(t.app, other, 'CASHFREE')).statusCode).toBe(201)
  })

  it('refuses one online order of more than 10 units, which cash on delivery may take', async () => {
    const item = await createProduct(db(), {
      sellerId,
      price: 100,
      totalStock: 100,
      maxPerOrder: 20,
    })
    const me = await createShopper(db())
    await refill(me, item.id, 11)
    const res = await create(t.app, me, 'CASHFREE')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      success: false,
      message:
        'An order paid online can hold at most 10 items while it waits for payment. Please lower the quantities in your cart.',
    })
    expect(await stockOf(item.id)).toBe(100)
    expect((await create(t.app, me, 'COD')).statusCode).toBe(201)
    expect(await stockOf(item.id)).toBe(89)
  })

  it('tells the checkout, in the order limits, how many units the caller already holds unpaid', async () => {
    const item = await createProduct(db(), {
      sellerId,
      price: 100,
      totalStock: 100,
      maxPerOrder: 20,
    })
    const me = await createShopper(db())
    const held = async (who: Shopper | null) => {
      const res = await t.app.inject({
        url: '/api/shop/order/limits',
        headers: who ? { cookie: who.cookie } : {},
      })
      expect(res.statusCode).toBe(200)
      // The answer depends on the account: no cache may hand it to another.
      expect(res.headers['cache-control']).toBe('no-store')
      return res.json().data.unpaidHeldUnits as number
    }
    expect(await held(me)).toBe(0)
    await refill(me, item.id, 4)
    expect((await create(t.app, me, 'CASHFREE')).statusCode).toBe(201)
    // Cash on delivery holds no payment window, so it is not counted.
    await refill(me, item.id, 3)
    expect((await create(t.app, me, 'COD')).statusCode).toBe(201)
    expect(await held(me)).toBe(4)
    // Another account and a guest hold nothing of it.
    expect(await held(await createShopper(db()))).toBe(0)
    expect(await held(null)).toBe(0)
  })

  it('releases an unpaid order after the 20-minute window, and its units count no more', async () => {
    const item = await createProduct(db(), {
      sellerId,
      price: 100,
      totalStock: 50,
      maxPerOrder: 20,
    })
    const me = await createShopper(db())
    await refill(me, item.id, 10)
    const placed = await create(t.app, me, 'CASHFREE')
    expect(placed.statusCode).toBe(201)
    expect(await stockOf(item.id)).toBe(40)
    await refill(me, item.id, 1)
    expect((await create(t.app, me, 'CASHFREE')).statusCode).toBe(409)

    const orderRow = async () =>
      (await db().select().from(orders).where(eq(orders.id, placed.json().orderId)))[0]
    // Earlier tests' unpaid orders share this clock: each run may release those too.
    clock.advance(19 * MINUTE)
    await expireUnpaidOrders(t.app.deps)
    expect(await orderRow()).toMatchObject({ orderStatus: 'pending', paymentStatus: 'pending' })
    expect(await stockOf(item.id)).toBe(40)
    clock.advance(2 * MINUTE)
    expect(await expireUnpaidOrders(t.app.deps)).toBeGreaterThanOrEqual(1)
    expect(await stockOf(item.id)).toBe(50)
    expect(await orderRow()).toMatchObject({ orderStatus: 'expired', paymentStatus: 'failed' })

    await refill(me, item.id, 10)
    expect((await create(t.app, me, 'CASHFREE')).statusCode).toBe(201)
  })

  it('follows PAYMENT_WINDOW_MINUTES and UNPAID_HOLD_MAX_UNITS', async () => {
    const custom = await createTestApp({
      env: { PAYMENT_WINDOW_MINUTES: '25', UNPAID_HOLD_MAX_UNITS: '3' },
    })
    try {
      const cdb = custom.database.db
      const seller = await createSeller(cdb)
      const item = await createProduct(cdb, { sellerId: seller.id, price: 100, totalStock: 9 })
      const me = await createShopper(cdb)
      await fillCart(cdb, me.user.id, [{ productId: item.id, quantity: 4 }])
      expect((await create(custom.app, me, 'CASHFREE')).statusCode).toBe(400)
      await cdb.update(cartLines).set({ quantity: 3 }).where(eq(cartLines.productId, item.id))
      const res = await create(custom.app, me, 'CASHFREE')
      expect(res.statusCode).toBe(201)
      const [order] = await cdb.select().from(orders).where(eq(orders.id, res.json().orderId))
      expect(order!.expiresAt!.getTime() - order!.createdAt.getTime()).toBe(25 * MINUTE)
      const limits = await custom.app.inject({
        url: '/api/shop/order/limits',
        headers: { cookie: me.cookie },
      })
      expect(limits.json().data).toMatchObject({
        paymentWindowMinutes: 25,
        unpaidHoldMaxUnits: 3,
        unpaidHeldUnits: 3,
      })
    } finally {
      await custom.close()
    }
  })
})
