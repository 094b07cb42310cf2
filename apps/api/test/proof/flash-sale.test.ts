import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cartLines, carts, orderLines, orders, products } from '../../src/db/schema'
import { createBenchShoppers, fillBenchCarts } from '../../bench/shoppers'
import { createTestApp, type TestContext } from '../app'
import { createProduct, createSeller } from '../factories'

/**
 * A flash sale (issue 33.5): SHOPPERS shoppers each hold the one product in their cart and all
 * press "Place order" at once, with their own Idempotency-Key as the web app sends it; the
 * product has UNITS units. Exactly UNITS orders are placed, every other shopper gets the 409
 * that names the product, nobody gets a 5xx, the stock ends at zero and every loser's cart is
 * as it was. `npm run bench`'s flash row runs the same sale with 10,000 shoppers.
 */
const SHOPPERS = 1000
const UNITS = 20

let t: TestContext
beforeAll(async () => {
  // Sessions as production keeps them (decision 100): each shopper's read once, then in memory.
  t = await createTestApp({ env: { SESSION_CACHE_SECONDS: '60' } })
})
afterAll(() => t.close())

describe('a flash sale', () => {
  it(`sells exactly ${UNITS} units to ${SHOPPERS} shoppers ordering at once`, async () => {
    const db = t.database.db
    const seller = await createSeller(db)
    const item = await createProduct(db, {
      sellerId: seller.id,
      title: 'Flash Phone',
      price: 999,
      totalStock: UNITS,
    })
    const shoppers = await createBenchShoppers(db, SHOPPERS)
    await fillBenchCarts(db, shoppers, item.id)

    const started = performance.now()
    const answers = await Promise.all(
      shoppers.map((s) =>
        t.app.inject({
          method: 'POST',
          url: '/api/shop/order/create',
          headers: { authorization: `Bearer ${s.token}`, 'idempotency-key': crypto.randomUUID() },
          payload: {
            userId: s.userId,
            addressInfo: { addressId: s.addressId },
            paymentMethod: 'COD',
          },
        }),
      ),
    )
    const seconds = (performance.now() - started) / 1000
    console.warn(
      `flash sale: ${SHOPPERS} shoppers, ${UNITS} units on ${t.database.kind}: ${seconds.toFixed(1)} s`,
    )

    const byStatus = new Map<number, number>()
    for (const a of answers) byStatus.set(a.statusCode, (byStatus.get(a.statusCode) ?? 0) + 1)
    expect(Object.fromEntries(byStatus)).toEqual({ 201: UNITS, 409: SHOPPERS - UNITS })
    const refusal = {
      success: false,
      message: 'Sorry, "Flash Phone" does not have 1 in stock any more. Please update your cart.',
    }
    for (const a of answers.filter((a) => a.statusCode === 409)) expect(a.json()).toEqual(refusal)

    const [stock] = await db
      .select({ left: products.totalStock })
      .from(products)
      .where(eq(products.id, item.id))
    expect(stock!.left).toBe(0)
    const sold = await db
      .select({ orderId: orderLines.orderId, userId: orders.userId, quantity: orderLines.quantity })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orderLines.productId, item.id))
    expect(sold).toHaveLength(UNITS)
    expect(sold.every((line) => line.quantity === 1)).toBe(true)
    const winners = new Set(sold.map((line) => line.userId))
    expect(winners.size).toBe(UNITS)
    const answeredWinners = answers
      .map((a, i) => (a.statusCode === 201 ? shoppers[i]!.userId : null))
      .filter((id): id is string => id !== null)
    expect(new Set(answeredWinners)).toEqual(winners)

    // Winners' carts are empty; every loser still holds the unit it wanted.
    const held = await db
      .select({ userId: carts.userId, n: sql<number>`count(${cartLines.productId})::int` })
      .from(carts)
      .leftJoin(cartLines, eq(cartLines.cartId, carts.id))
      .where(
        inArray(
          carts.userId,
          shoppers.map((s) => s.userId),
        ),
      )
      .groupBy(carts.userId)
    for (const row of held) expect(row.n).toBe(winners.has(row.userId) ? 0 : 1)
    expect(held).toHaveLength(SHOPPERS)
    // About 15 s on PGlite (one connection: the orders queue) and 5 on PostgreSQL on this
    // machine; room for a machine busy with other suites.
  }, 120_000)
})
