import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cartLines, carts, orders } from '../../db/schema'
import { createSession } from '../auth/sessions'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { createProduct, createSeller } from '../../../test/factories'
import { createShopper, fillCart } from '../../../test/shop'

/**
 * Issue 30.4: Income-tax s.269ST counts cash received "in aggregate from a person in a day", but
 * cash on delivery was limited per order only: six ₹35,999 COD orders from one shopper to one
 * seller in one day (₹2,15,994) were all accepted. A COD order that would take one seller's COD
 * from one shopper past the daily ceiling (COD_DAILY_MAX_RUPEES, ₹1,99,999) is now refused; the
 * day is the Indian calendar day (decision 070).
 */
const IST_MS = 330 * 60_000
/** 10:00 in India on a fixed day, so the day's end is hours away. */
const clock = createClock(new Date('2026-11-22T04:30:00Z'))
let t: TestContext
beforeAll(async () => {
  // Orders up to the law's ₹1,99,999 each, so two sellers' phones fit in one COD order.
  t = await createTestApp({ env: { COD_MAX_ORDER_RUPEES: '199999' }, deps: { now: clock.now } })
})
afterAll(() => t.close())

const db = () => t.database.db
const PRICE = 35_999
const REFUSAL =
  'Cash on delivery to one seller is limited to ₹1,99,999 a day (Income-tax Act, section 269ST). With your cash-on-delivery orders from this seller today, this order would pass it. Please pay online.'

/** A shopper whose session outlives the clock's moves. */
async function shopper() {
  const s = await createShopper(db())
  const token = await createSession(db(), { userId: s.user.id, days: 3, now: clock.now() })
  return { ...s, cookie: `session=${token}` }
}
type Shopper = Awaited<ReturnType<typeof shopper>>

async function order(s: Shopper, productIds: string[], paymentMethod = 'COD', app = t.app) {
  // A refused order leaves its lines in the cart.
  const own = db().select({ id: carts.id }).from(carts).where(eq(carts.userId, s.user.id))
  await db().delete(cartLines).where(inArray(cartLines.cartId, own))
  await fillCart(
    db(),
    s.user.id,
    productIds.map((productId) => ({ productId, quantity: 1 })),
  )
  return app.inject({
    method: 'POST',
    url: '/api/shop/order/create',
    headers: { cookie: s.cookie },
    payload: { userId: s.user.id, addressInfo: { addressId: s.address.id }, paymentMethod },
  })
}
const phone = async (sellerId: string) =>
  (await createProduct(db(), { sellerId, price: PRICE, totalStock: 100 })).id
const ordersOf = async (userId: string) =>
  db().select().from(orders).where(eq(orders.userId, userId))

describe('POST /api/shop/order/create: cash on delivery per seller per day (s.269ST)', () => {
  it('refuses the sixth ₹35,999 COD order to one seller in one day, naming the limit', async () => {
    const seller = await createSeller(db())
    const item = await phone(seller.id)
    const me = await shopper()
    for (let n = 1; n <= 5; n++)
      expect((await order(me, [item])).statusCode, `order ${n}`).toBe(201)
    const sixth = await order(me, [item])
    expect(sixth.statusCode).toBe(400)
    expect(sixth.json()).toEqual({ success: false, message: REFUSAL })
    expect(await ordersOf(me.user.id)).toHaveLength(5)
    // The cart keeps the line for an online payment.
    expect(await db().select().from(cartLines)).not.toHaveLength(0)
    expect((await order(me, [item], 'CASHFREE')).statusCode).toBe(201)
  })

  it('counts each seller apart, also within one order', async () => {
    const [a, b] = [await createSeller(db()), await createSeller(db())]
    const [fromA, fromB] = [await phone(a.id), await phone(b.id)]
    const me = await shopper()
    for (let n = 1; n <= 5; n++) expect((await order(me, [fromA])).statusCode).toBe(201)
    // Seller B is at ₹0 today, but the order also takes a sixth phone from A.
    const both = await order(me, [fromA, fromB])
    expect(both.statusCode).toBe(400)
    expect(both.json().message).toBe(REFUSAL)
    expect((await order(me, [fromB])).statusCode).toBe(201)
    // Another shopper of seller A is counted on its own.
    expect((await order(await shopper(), [fromA])).statusCode).toBe(201)
  })

  it('leaves cancelled orders out, and starts again on the next day in India', async () => {
    const seller = await createSeller(db())
    const item = await phone(seller.id)
    const me = await shopper()
    const placed: string[] = []
    for (let n = 1; n <= 5; n++) placed.push((await order(me, [item])).json().orderId)
    expect((await order(me, [item])).statusCode).toBe(400)
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/shop/order/${placed[0]}/cancel`,
      headers: { cookie: me.cookie },
      payload: { reason: 'Ordered twice' },
    })
    expect(cancel.statusCode).toBe(200)
    expect((await order(me, [item])).statusCode).toBe(201)
    expect((await order(me, [item])).statusCode).toBe(400)

    // Past midnight in India (not UTC's): a new day.
    const now = clock.now().getTime()
    const nextIstMidnight = Math.ceil((now + IST_MS) / 86_400_000) * 86_400_000 - IST_MS
    clock.advance(nextIstMidnight - now - 60_000)
    expect((await order(me, [item])).statusCode).toBe(400)
    clock.advance(2 * 60_000)
    expect((await order(me, [item])).statusCode).toBe(201)
  })

  it('takes its ceiling from COD_DAILY_MAX_RUPEES', async () => {
    const small = await createTestApp({
      env: { COD_DAILY_MAX_RUPEES: '50000' },
      deps: { now: clock.now },
    })
    try {
      const seller = await createSeller(small.database.db)
      const item = (
        await createProduct(small.database.db, { sellerId: seller.id, price: PRICE, totalStock: 9 })
      ).id
      const me = await createShopper(small.database.db)
      const place = async () => {
        await fillCart(small.database.db, me.user.id, [{ productId: item, quantity: 1 }])
        return small.app.inject({
          method: 'POST',
          url: '/api/shop/order/create',
          headers: { cookie: me.cookie },
          payload: {
            userId: me.user.id,
            addressInfo: { addressId: me.address.id },
            paymentMethod: 'COD',
          },
        })
      }
      expect((await place()).statusCode).toBe(201)
      const second = await place()
      expect(second.statusCode).toBe(400)
      expect(second.json().message).toContain('limited to ₹50,000 a day')
    } finally {
      await small.close()
    }
  })
})

describe('GET /api/shop/order/quote: the checkout is told before paying', () => {
  const quote = (s: Shopper) =>
    t.app.inject({ method: 'GET', url: '/api/shop/order/quote', headers: { cookie: s.cookie } })

  it('answers the refusal COD would meet, from the same count, and null while it fits', async () => {
    const seller = await createSeller(db())
    const item = await phone(seller.id)
    const me = await shopper()
    for (let n = 1; n <= 5; n++) expect((await order(me, [item])).statusCode).toBe(201)
    // The sixth phone is in the cart: cash would pass the day's ceiling for this seller.
    await order(me, [item], 'COD')
    const refused = await quote(me)
    expect(refused.statusCode).toBe(200)
    expect(refused.json().data.codDailyRefusal).toBe(REFUSAL)

    // Another seller's phone alone fits: nothing to say.
    const other = await phone((await createSeller(db())).id)
    const own = db().select({ id: carts.id }).from(carts).where(eq(carts.userId, me.user.id))
    await db().delete(cartLines).where(inArray(cartLines.cartId, own))
    await fillCart(db(), me.user.id, [{ productId: other, quantity: 1 }])
    expect((await quote(me)).json().data.codDailyRefusal).toBeNull()

    // The next Indian day starts afresh.
    await db().delete(cartLines).where(inArray(cartLines.cartId, own))
    await fillCart(db(), me.user.id, [{ productId: item, quantity: 1 }])
    clock.advance(24 * 3_600_000)
    expect((await quote(me)).json().data.codDailyRefusal).toBeNull()
  })
})
