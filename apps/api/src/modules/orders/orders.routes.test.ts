import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cartLines, orders, products, subOrders } from '../../db/schema'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { createProduct, createSeller, createUser } from '../../../test/factories'
import { createShopper, fillCart, postOrder } from '../../../test/shop'
import { createSession } from '../auth/sessions'
import { expireUnpaidOrders } from '../lifecycle/expiry'

let t: TestContext
const clock = createClock(new Date())
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
})
afterAll(() => t.close())

const db = () => t.database.db
const stockOf = async (id: string) =>
  (await db().select().from(products).where(eq(products.id, id)))[0]!.totalStock

const create = (
  shopper: Parameters<typeof postOrder>[1],
  extra: Record<string, unknown> = {},
  key?: string,
) => postOrder(t.app, shopper, extra, key)

describe('POST /api/shop/order/create', () => {
  it('computes lines and totals from the catalog and ignores tampered prices and statuses', async () => {
    const sellerA = await createSeller(db())
    const sellerB = await createSeller(db())
    const phone = await createProduct(db(), {
      sellerId: sellerA.id,
      // ₹30,499 in all: cash on delivery takes orders up to ₹50,000 (COD_MAX_ORDER_RUPEES).
      price: 20000,
      salePrice: 15000,
      totalStock: 5,
    })
    const cable = await createProduct(db(), { sellerId: sellerB.id, price: 499, totalStock: 5 })
    const shopper = await createShopper(db())
    await fillCart(db(), shopper.user.id, [
      { productId: phone.id, quantity: 2 },
      { productId: cable.id, quantity: 1 },
    ])
    const res = await create(shopper, {
      totalAmount: 1,
      orderStatus: 'delivered',
      paymentStatus: 'paid',
      cartItems: [{ productId: phone.id, price: 1, quantity: 2 }],
    })
    expect(res.statusCode).toBe(201)
    const { orderId, paymentUrl } = res.json()
    expect(paymentUrl).toBeUndefined()

    const details = await t.app.inject({
      method: 'GET',
      url: `/api/shop/order/details/${orderId}`,
      headers: { cookie: shopper.cookie },
    })
    const order = details.json().data
    expect(order.totalAmount).toBe(30499)
    expect(order.orderStatus).toBe('confirmed')
    expect(order.paymentStatus).toBe('pending')
    expect(order.addressInfo).toMatchObject({ addressId: shopper.address.id, city: 'Bengaluru' })
    expect(order.cartItems).toHaveLength(2)
    expect(await stockOf(phone.id)).toBe(3)
    expect(await db().select().from(cartLines)).toHaveLength(0)
    expect(await db().select().from(subOrders).where(eq(subOrders.orderId, orderId))).toHaveLength(
      2,
    )
    await t.app.deps.jobs.drain()
    const mail = t.app.deps.mailer.outbox().find((m) => m.to === shopper.user.email)
    expect(mail?.text).toContain('₹30,499')
  })

  it('refuses an empty cart, another user’s id and another user’s address', async () => {
    const shopper = await createShopper(db())
    const other = await createShopper(db())
    expect((await create(shopper)).json().message).toBe(
      'Your cart is empty. Please add items to proceed',
    )
    expect((await create({ ...shopper, user: other.user })).statusCode).toBe(403)
    const res = await create({ ...shopper, address: other.address })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('Please select one address to proceed.')
    const guest = await t.app.inject({ method: 'POST', url: '/api/shop/order/create', payload: {} })
    expect(guest.statusCode).toBe(401)
  })

  it('takes all lines or none and names the product that ran out', async () => {
    const seller = await createSeller(db())
    const plenty = await createProduct(db(), { sellerId: seller.id, totalStock: 10 })
    const scarce = await createProduct(db(), {
      sellerId: seller.id,
      title: 'Last Buds',
      totalStock: 1,
    })
    const shopper = await createShopper(db())
    await fillCart(db(), shopper.user.id, [
      { productId: plenty.id, quantity: 3 },
      { productId: scarce.id, quantity: 2 },
    ])
    const res = await create(shopper)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toContain('Last Buds')
    expect(await stockOf(plenty.id)).toBe(10)
    expect(await stockOf(scarce.id)).toBe(1)
    expect(
      await db().select().from(cartLines).where(eq(cartLines.productId, plenty.id)),
    ).toHaveLength(1)
  })

  it('replays the first answer for a repeated Idempotency-Key and refuses it for a different body', async () => {
    const seller = await createSeller(db())
    const item = await createProduct(db(), { sellerId: seller.id, totalStock: 5 })
    const shopper = await createShopper(db())
    await fillCart(db(), shopper.user.id, [{ productId: item.id, quantity: 1 }])
    const key = crypto.randomUUID()
    const first = await create(shopper, {}, key)
    const second = await create(shopper, { totalAmount: 99 }, key)
    expect(second.statusCode).toBe(201)
    expect(second.json().orderId).toBe(first.json().orderId)
    expect(await db().select().from(orders).where(eq(orders.userId, shopper.user.id))).toHaveLength(
      1,
    )
    expect(await stockOf(item.id)).toBe(4)
    const different = await create(shopper, { paymentMethod: 'CASHFREE' }, key)
    expect(different.statusCode).toBe(422)
    expect(different.json().message).toMatch(/different order/)
  })

  it('never oversells the last units to concurrent buyers', async () => {
    const seller = await createSeller(db())
    const item = await createProduct(db(), { sellerId: seller.id, totalStock: 3 })
    const buyers = await Promise.all(Array.from({ length: 20 }, () => createShopper(db())))
    for (const buyer of buyers)
      await fillCart(db(), buyer.user.id, [{ productId: item.id, quantity: 1 }])
    const answers = await Promise.all(buyers.map((buyer) => create(buyer)))
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3)
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(17)
    expect(await stockOf(item.id)).toBe(0)
  })

  it('keeps an online order pending with a payment link, and the expiry returns its stock once', async () => {
    const seller = await createSeller(db())
    const item = await createProduct(db(), { sellerId: seller.id, price: 1999, totalStock: 4 })
    const shopper = await createShopper(db())
    await fillCart(db(), shopper.user.id, [{ productId: item.id, quantity: 2 }])
    const res = await create(shopper, { paymentMethod: 'CASHFREE' })
    expect(res.statusCode).toBe(201)
    expect(res.json().paymentUrl).toMatch(/^\/deposit\?payment_session_id=/)
    const [order] = await db().select().from(orders).where(eq(orders.id, res.json().orderId))
    expect(order).toMatchObject({ orderStatus: 'pending', paymentStatus: 'pending' })
    // PAYMENT_WINDOW_MINUTES (20; issue 26.15, it was 30).
    expect(order!.expiresAt!.getTime() - order!.createdAt.getTime()).toBe(20 * 60_000)
    expect(await stockOf(item.id)).toBe(2)

    clock.advance(19 * 60_000)
    expect(await expireUnpaidOrders(t.app.deps)).toBe(0)
    expect(await stockOf(item.id)).toBe(2)
    clock.advance(2 * 60_000)
    expect(await expireUnpaidOrders(t.app.deps)).toBe(1)
    expect(await expireUnpaidOrders(t.app.deps)).toBe(0)
    expect(await stockOf(item.id)).toBe(4)
    const [expired] = await db().select().from(orders).where(eq(orders.id, order!.id))
    expect(expired).toMatchObject({ orderStatus: 'expired', paymentStatus: 'failed' })
  })
})

describe('GET /api/shop/order/list/:userId and /details/:orderId', () => {
  it('shows orders to their owner, an admin and (in part) the seller, and to nobody else', async () => {
    const sellerA = await createSeller(db())
    const sellerB = await createSeller(db())
    const a = await createProduct(db(), { sellerId: sellerA.id, title: 'From A', price: 100 })
    const b = await createProduct(db(), { sellerId: sellerB.id, title: 'From B', price: 200 })
    const shopper = await createShopper(db())
    const other = await createShopper(db())
    await fillCart(db(), shopper.user.id, [
      { productId: a.id, quantity: 1 },
      { productId: b.id, quantity: 1 },
    ])
    const { orderId } = (await create(shopper)).json()
    const get = (url: string, cookie: string) =>
      t.app.inject({ method: 'GET', url, headers: { cookie } })

    const mine = await get(`/api/shop/order/list/${shopper.user.id}`, shopper.cookie)
    expect(mine.json().data.map((o: { _id: string }) => o._id)).toEqual([orderId])
    expect((await get(`/api/shop/order/list/${shopper.user.id}`, other.cookie)).statusCode).toBe(
      403,
    )
    expect((await get(`/api/shop/order/details/${orderId}`, other.cookie)).statusCode).toBe(404)

    const sessionFor = async (userId: string) =>
      `session=${await createSession(db(), { userId, days: 1, now: new Date() })}`
    const admin = await createUser(db(), { role: 'admin', type: 'admin' })
    const asAdmin = await get(`/api/shop/order/details/${orderId}`, await sessionFor(admin.id))
    expect(asAdmin.json().data.cartItems).toHaveLength(2)
    const asSeller = await get(`/api/shop/order/details/${orderId}`, await sessionFor(sellerB.id))
    expect(asSeller.json().data.cartItems.map((l: { title: string }) => l.title)).toEqual([
      'From B',
    ])
    expect(asSeller.json().data.totalAmount).toBe(200)
    const stranger = await createSeller(db())
    expect(
      (await get(`/api/shop/order/details/${orderId}`, await sessionFor(stranger.id))).statusCode,
    ).toBe(404)
    expect((await get(`/api/shop/order/details/not-a-uuid`, shopper.cookie)).statusCode).toBe(400)
  })
})
