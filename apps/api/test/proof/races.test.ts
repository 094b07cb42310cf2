import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cartLines, carts, orderLines, orders, products, reviews } from '../../src/db/schema'
import { createTestApp, type TestContext } from '../app'
import { createProduct, createSeller } from '../factories'
import { buyProduct, createShopper } from '../shop'

/**
 * Concurrency proofs, beyond the modules' own tests (orders: 20 buyers for 3 units once;
 * cart: 8 adds by one shopper; reviews: 8 shoppers at once). Every request goes through
 * `app.inject`, so the whole stack (session lookup, validation, transaction, error handler) runs.
 * On PostgreSQL the transactions really interleave (a pool of 10 connections); PGlite has one
 * connection and runs them one after another, which must be just as correct.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
const BUYERS = 200
const STOCK = 10
/** Full size on both: about 1 s a round on PGlite, under 1 s on PostgreSQL (2 cores). */
const ROUNDS = Number(process.env.RACE_ROUNDS ?? 20)

let t: TestContext
let sellerId: string
beforeAll(async () => {
  t = await createTestApp({
    // These races are about stock, not the order limits (order-limits.test.ts): every buyer
    // checks out once per round and the many-tabs cases hold up to 9 of one product; the online
    // buyers' unpaid orders pile up a unit a round, past the units one account may hold unpaid.
    env: {
      ORDER_CREATE_PER_HOUR: '10000',
      ORDER_MAX_QTY_PER_PRODUCT: '100',
      UNPAID_HOLD_MAX_UNITS: '10000',
      // Sessions as production keeps them (decision 100).
      SESSION_CACHE_SECONDS: '60',
    },
  })
  sellerId = (await createSeller(t.database.db)).id
})
afterAll(() => t.close())

const db = () => t.database.db
type Shopper = Awaited<ReturnType<typeof createShopper>>

const stockOf = async (id: string) =>
  (await db().select({ s: products.totalStock }).from(products).where(eq(products.id, id)))[0]!.s

/** The user's cart id (the cart is made when missing). */
async function cartOf(userId: string) {
  const [cart] = await db()
    .insert(carts)
    .values({ userId })
    .onConflictDoUpdate({ target: carts.userId, set: { userId } })
    .returning({ id: carts.id })
  return cart!.id
}

const checkout = (s: Shopper, paymentMethod: 'COD' | 'CASHFREE') =>
  t.app.inject({
    method: 'POST',
    url: '/api/shop/order/create',
    headers: { cookie: s.cookie },
    payload: { userId: s.user.id, addressInfo: { addressId: s.address.id }, paymentMethod },
  })

describe('200 buyers, 10 units', () => {
  it(`sells exactly the stock in each of ${ROUNDS} rounds, with clean refusals and no 5xx`, async () => {
    const buyers: Shopper[] = []
    for (let i = 0; i < BUYERS; i += 50) {
      buyers.push(...(await Promise.all(Array.from({ length: 50 }, () => createShopper(db())))))
    }
    const cartIds = new Map<string, string>()
    for (const b of buyers) cartIds.set(b.user.id, await cartOf(b.user.id))
    const timings: number[] = []

    for (let round = 0; round < ROUNDS; round++) {
      const item = await createProduct(db(), {
        sellerId,
        title: `Race ${round}`,
        price: 999,
        totalStock: STOCK,
      })
      // Every buyer holds one unit of this round's product and nothing else.
      await db()
        .delete(cartLines)
        .where(inArray(cartLines.cartId, [...cartIds.values()]))
      await db()
        .insert(cartLines)
        .values(
          [...cartIds.values()].map((cartId) => ({ cartId, productId: item.id, quantity: 1 })),
        )

      // Watch the stock while the checkouts run: it must never dip below zero.
      let watching = true
      const seen: number[] = []
      const watcher = (async () => {
        while (watching) {
          seen.push(await stockOf(item.id))
          // PGlite answers without I/O, so a bare loop of awaits would never let the requests run.
          await new Promise((resolve) => setImmediate(resolve))
        }
      })()
      const started = performance.now()
      const answers = await Promise.all(
        buyers.map((b, i) => checkout(b, i % 2 === 0 ? 'COD' : 'CASHFREE')),
      )
      timings.push(performance.now() - started)
      watching = false
      await watcher

      const byStatus = new Map<number, typeof answers>()
      for (const a of answers)
        byStatus.set(a.statusCode, [...(byStatus.get(a.statusCode) ?? []), a])
      expect([...byStatus.keys()].sort()).toEqual([201, 409])
      expect(byStatus.get(201)).toHaveLength(STOCK)
      for (const refused of byStatus.get(409)!) {
        expect(refused.json()).toEqual({
          success: false,
          message: `Sorry, "Race ${round}" does not have 1 in stock any more. Please update your cart.`,
        })
      }
      expect(await stockOf(item.id)).toBe(0)
      expect(Math.min(...seen)).toBeGreaterThanOrEqual(0)
      const sold = await db()
        .select({
          units: sql<number>`sum(${orderLines.quantity})::int`,
          n: sql<number>`count(*)::int`,
        })
        .from(orderLines)
        .where(eq(orderLines.productId, item.id))
      expect(sold[0]).toEqual({ units: STOCK, n: STOCK })
      // The winners' carts are empty, the others still hold their unit.
      const winners = new Set(byStatus.get(201)!.map((a) => a.json().orderId as string))
      const winnerOrders = await db()
        .select({ id: orders.id, userId: orders.userId })
        .from(orders)
        .where(inArray(orders.id, [...winners]))
      expect(winnerOrders).toHaveLength(STOCK)
      const left = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(cartLines)
        .where(eq(cartLines.productId, item.id))
      expect(left[0]!.n).toBe(BUYERS - STOCK)
    }
    const total = timings.reduce((a, b) => a + b, 0)
    console.warn(
      `races: ${ROUNDS} rounds of ${BUYERS} checkouts on ${onPostgres ? 'PostgreSQL' : 'PGlite'}: ` +
        `${Math.round(total / ROUNDS)} ms per round, ${Math.round(total)} ms in all`,
    )
  }, 600_000)
})

describe('one shopper, many tabs', () => {
  let me: Shopper
  beforeAll(async () => {
    me = await createShopper(db())
  })
  const cart = (method: 'POST' | 'PUT', productId: string, quantity: number) =>
    t.app.inject({
      method,
      url: method === 'POST' ? '/api/shop/cart/add' : '/api/shop/cart/update-cart',
      headers: { cookie: me.cookie },
      payload: { userId: me.user.id, productId, quantity },
    })
  const quantities = async () =>
    new Map(
      (
        await t.app.inject({
          url: `/api/shop/cart/get/${me.user.id}?limit=50`,
          headers: { cookie: me.cookie },
        })
      )
        .json()
        .data.map((l: { productId: string; quantity: number }) => [l.productId, l.quantity]),
    )

  it('adds exactly what succeeded, never above stock, across products at once', async () => {
    const phone = await createProduct(db(), { sellerId, totalStock: 7 })
    const cable = await createProduct(db(), { sellerId, totalStock: 5 })
    const ops = [
      ...Array.from({ length: 20 }, () => ({ id: phone.id, n: 1 })),
      ...Array.from({ length: 10 }, () => ({ id: cable.id, n: 2 })),
    ]
    const answers = await Promise.all(ops.map((op) => cart('POST', op.id, op.n)))
    const added = new Map<string, number>()
    answers.forEach((a, i) => {
      if (a.statusCode === 200) added.set(ops[i]!.id, (added.get(ops[i]!.id) ?? 0) + ops[i]!.n)
      else {
        expect(a.statusCode).toBe(400)
        expect(a.json().message).toMatch(/^Only [57] in stock\. You already added \d+\.$/)
      }
    })
    const held = await quantities()
    expect(held.get(phone.id)).toBe(7)
    expect(held.get(cable.id)).toBe(4)
    expect(added.get(phone.id)).toBe(7)
    expect(added.get(cable.id)).toBe(4)
  })

  it('lands on one of the requested quantities when tabs set it at once', async () => {
    const watch = await createProduct(db(), { sellerId, totalStock: 6 })
    await cart('POST', watch.id, 1)
    const wanted = [2, 3, 4, 5, 6, 7, 8, 1, 6, 2, 9, 3]
    const answers = await Promise.all(wanted.map((n) => cart('PUT', watch.id, n)))
    answers.forEach((a, i) => {
      expect(a.statusCode).toBe(wanted[i]! > 6 ? 400 : 200)
      // Each answer is the cart right after its own change (the changes ran one at a time).
      if (a.statusCode === 200) {
        const line = a
          .json()
          .data.items.find((l: { productId: string }) => l.productId === watch.id)
        expect(line.quantity).toBe(wanted[i])
      }
    })
    const final = (await quantities()).get(watch.id) as number
    expect(wanted.filter((n) => n <= 6)).toContain(final)
  })

  it('loses no line added while the same shopper checks out', async () => {
    // The order takes what the cart held when it read it; whatever another tab adds meanwhile
    // must end up either in that order or still in the cart, never silently dropped.
    for (let attempt = 0; attempt < 8; attempt++) {
      const first = await createProduct(db(), { sellerId, totalStock: 100 })
      const later = await createProduct(db(), { sellerId, totalStock: 100 })
      await db()
        .delete(cartLines)
        .where(eq(cartLines.cartId, await cartOf(me.user.id)))
      await cart('POST', first.id, 1)
      const adds = [
        ...Array.from({ length: 6 }, () => cart('POST', later.id, 1)),
        ...Array.from({ length: 4 }, () => cart('POST', first.id, 1)),
      ]
      const [order, ...added] = await Promise.all([checkout(me, 'COD'), ...adds])
      expect(order!.statusCode).toBe(201)
      expect(added.map((a) => a.statusCode)).toEqual(Array(10).fill(200))
      const ordered = await db()
        .select({ productId: orderLines.productId, quantity: orderLines.quantity })
        .from(orderLines)
        .where(eq(orderLines.orderId, order!.json().orderId))
      const inOrder = new Map(ordered.map((l) => [l.productId, l.quantity]))
      const held = await quantities()
      const units = (id: string) => (inOrder.get(id) ?? 0) + ((held.get(id) as number) ?? 0)
      expect(units(first.id)).toBe(5)
      expect(units(later.id)).toBe(6)
      expect(await stockOf(first.id)).toBe(100 - (inOrder.get(first.id) ?? 0))
      expect(await stockOf(later.id)).toBe(100 - (inOrder.get(later.id) ?? 0))
    }
  })
})

describe('reviews at once', () => {
  it('keeps one review per shopper and a true average and count', async () => {
    const item = await createProduct(db(), { sellerId, totalStock: 100 })
    const eager = await createShopper(db())
    const others = await Promise.all(Array.from({ length: 15 }, () => createShopper(db())))
    // Only shoppers who received the product may review it.
    for (const s of [eager, ...others]) await buyProduct(t.app, db(), s, item.id)
    const review = (s: Shopper, value: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/shop/review/add',
        headers: { cookie: s.cookie },
        payload: {
          productId: item.id,
          userId: s.user.id,
          reviewMessage: `Rated ${value}`,
          reviewValue: value,
        },
      })
    const answers = await Promise.all([
      // One shopper double-submits ten times with different stars, among 15 others.
      ...[1, 2, 3, 4, 5, 5, 4, 3, 2, 1].map((v) => review(eager, v)),
      ...others.map((s, i) => review(s, (i % 5) + 1)),
    ])
    expect(answers.map((a) => a.statusCode)).toEqual(Array(25).fill(200))

    const rows = await db().select().from(reviews).where(eq(reviews.productId, item.id))
    expect(rows).toHaveLength(16)
    expect(rows.filter((r) => r.userId === eager.user.id)).toHaveLength(1)
    const mean = Math.round((rows.reduce((sum, r) => sum + r.value, 0) / rows.length) * 100) / 100
    const [stored] = await db()
      .select({ average: products.averageReview, count: products.reviewCount })
      .from(products)
      .where(and(eq(products.id, item.id)))
    expect({ average: Number(stored!.average), count: stored!.count }).toEqual({
      average: mean,
      count: 16,
    })
    // The eager shopper's one row holds the value of the write that committed last.
    const eagerRow = rows.find((r) => r.userId === eager.user.id)!
    expect(eagerRow.message).toBe(`Rated ${eagerRow.value}`)
  })
})
