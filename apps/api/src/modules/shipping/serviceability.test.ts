import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  addresses,
  cartLines,
  orders,
  products,
  shipments,
  subOrders,
  vendorProfiles,
} from '../../db/schema'
import { createSession } from '../auth/sessions'
import { sessionCookieFor } from '../../../test/auth'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { createProduct, createSeller } from '../../../test/factories'
import { createShopper, fillCart } from '../../../test/shop'
import { stateCodeForPincode } from '@techbazaar/shared'

let t: TestContext
// A Monday morning in India.
const clock = createClock(new Date('2026-11-23T04:00:00Z'))
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
})
afterAll(() => t.close())
const db = () => t.database.db

async function sellerAt(pincode: string) {
  const seller = await createSeller(db())
  await db()
    .update(vendorProfiles)
    .set({ businessName: `Store ${pincode}`, addressLine: '1 Park Street', city: 'X', pincode })
    .where(eq(vendorProfiles.userId, seller.id))
  return seller
}

/** A shopper living at `pincode` with one unit of a Bengaluru and a Kolkata seller's product. */
async function twoSellerCart(pincode: string) {
  const near = await createProduct(db(), {
    sellerId: (await sellerAt('560001')).id,
    title: `Near ${crypto.randomUUID()}`,
    totalStock: 3,
  })
  const far = await createProduct(db(), {
    sellerId: (await sellerAt('700001')).id,
    title: `Far ${crypto.randomUUID()}`,
    totalStock: 3,
  })
  const shopper = await createShopper(db())
  // The address's state goes with its PIN: an order to a PIN outside the saved state is refused.
  await db()
    .update(addresses)
    .set({ pincode, stateCode: stateCodeForPincode(pincode) ?? null })
    .where(eq(addresses.id, shopper.address.id))
  await fillCart(db(), shopper.user.id, [
    { productId: near.id, quantity: 1 },
    { productId: far.id, quantity: 1 },
  ])
  return { shopper, near, far }
}

const cartServiceability = (cookie: string, pincode: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/shop/cart/serviceability?pincode=${pincode}`,
    headers: { cookie },
  })

const place = (shopper: Awaited<ReturnType<typeof createShopper>>, paymentMethod = 'COD') =>
  t.app.inject({
    method: 'POST',
    url: '/api/shop/order/create',
    headers: { cookie: shopper.cookie },
    payload: {
      userId: shopper.user.id,
      addressInfo: { addressId: shopper.address.id },
      paymentMethod,
      cartItems: [],
      totalAmount: 0,
    },
  })

describe('GET /api/shop/cart/serviceability', () => {
  it("answers for every seller's parcel: the last delivery day, cash only where all take it", async () => {
    const { shopper, near, far } = await twoSellerCart('560034')
    // Bengaluru to Bengaluru: 1 + 2 days; Kolkata to Bengaluru (another zone): 1 + 5, Sunday skipped.
    expect((await cartServiceability(shopper.cookie, '560034')).json()).toEqual({
      success: true,
      data: {
        serviceable: true,
        cod: true,
        deliveryBy: '2026-11-30',
        undeliverable: [],
        noCod: [],
      },
    })
    expect((await cartServiceability(shopper.cookie, '791111')).json().data).toMatchObject({
      serviceable: true,
      cod: false,
      noCod: [near.title, far.title],
    })
    expect((await cartServiceability(shopper.cookie, '744101')).json().data).toEqual({
      serviceable: false,
      cod: false,
      deliveryBy: null,
      undeliverable: [near.title, far.title],
      noCod: [near.title, far.title],
    })
    expect((await cartServiceability(shopper.cookie, '04410')).statusCode).toBe(400)
  })

  it('answers an empty cart as deliverable with no day to promise', async () => {
    const shopper = await createShopper(db())
    expect((await cartServiceability(shopper.cookie, '560034')).json().data).toEqual({
      serviceable: true,
      cod: true,
      deliveryBy: null,
      undeliverable: [],
      noCod: [],
    })
  })
})

describe('placing an order where the courier cannot deliver', () => {
  it('refuses an address the courier does not reach, and keeps cart and stock', async () => {
    const { shopper, near } = await twoSellerCart('744101')
    const res = await place(shopper)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(
      'We cannot deliver some items in your cart to pincode 744101 yet. Please choose another address or remove them from your cart.',
    )
    const [stock] = await db().select().from(products).where(eq(products.id, near.id))
    expect(stock?.totalStock).toBe(3)
    expect(await db().select().from(orders).where(eq(orders.userId, shopper.user.id))).toHaveLength(
      0,
    )
    expect(
      (await db().select().from(cartLines)).filter((l) => l.productId === near.id),
    ).toHaveLength(1)
  })

  it('refuses cash on delivery where the courier takes no cash', async () => {
    const { shopper } = await twoSellerCart('791111')
    const res = await place(shopper)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(
      'Cash on delivery is not available at pincode 791111. Please choose an online payment method.',
    )
  })

  it("lets the order through when the courier's API is down, and tells the dialog it could not check", async () => {
    const courier = t.app.deps.couriers.default!
    const down = vi
      .spyOn(courier, 'serviceability')
      .mockRejectedValue(new Error('connect ECONNREFUSED'))
    try {
      // A pincode pair no earlier test asked about: nothing cached.
      const { shopper, near } = await twoSellerCart('403001')
      const dialog = await t.app.inject({
        method: 'GET',
        url: `/api/shop/serviceability?pincode=403001&productId=${near.id}`,
      })
      expect(dialog.statusCode).toBe(502)
      expect(dialog.json().message).toBe(
        'We could not check delivery to this pincode right now. Please try again.',
      )
      expect((await place(shopper)).statusCode).toBe(201)
    } finally {
      down.mockRestore()
    }
  })
})

describe('booking a parcel the courier will not take', () => {
  async function placedTo(pincode: string) {
    const seller = await sellerAt('560001')
    const item = await createProduct(db(), { sellerId: seller.id, totalStock: 3 })
    const shopper = await createShopper(db())
    await fillCart(db(), shopper.user.id, [{ productId: item.id, quantity: 1 }])
    const placed = await place(shopper)
    expect(placed.statusCode).toBe(201)
    const orderId = placed.json().orderId as string
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId))
    // The address the order froze, moved where the courier does not go (as if its rules changed).
    await db()
      .update(orders)
      .set({ addressInfo: { ...order!.addressInfo, pincode } })
      .where(eq(orders.id, orderId))
    const [sub] = await db().select().from(subOrders).where(eq(subOrders.orderId, orderId))
    const cookie = await sessionCookieFor(
      t.app,
      await createSession(db(), { userId: seller.id, days: 1, now: clock.now() }),
    )
    const ship = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/orders/vendor-ship',
        headers: { cookie },
        payload: { _id: sub!.id, weightGrams: 400, lengthCm: 10, breadthCm: 10, heightCm: 10 },
      })
    return { orderId, sub: sub!, ship }
  }

  it('says the courier does not deliver there, and leaves nothing booked', async () => {
    const { sub, ship } = await placedTo('744101')
    const res = await ship()
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(
      'Sandbox courier does not deliver from 560001 to 744101 with cash on delivery, so nothing was booked. Please contact support.',
    )
    expect(await db().select().from(shipments).where(eq(shipments.subOrderId, sub.id))).toEqual([])
  })

  it('cancels the booking at the courier when the order was rejected while it was being booked', async () => {
    const { orderId, sub, ship } = await placedTo('560034')
    const courier = t.app.deps.couriers.default!
    const book = courier.book.bind(courier)
    const booked = vi.spyOn(courier, 'book').mockImplementation(async (input) => {
      const booking = await book(input)
      await db().update(subOrders).set({ status: 'rejected' }).where(eq(subOrders.orderId, orderId))
      return booking
    })
    const cancelled = vi.spyOn(courier, 'cancel')
    try {
      const res = await ship()
      expect(res.statusCode).toBe(409)
      expect(cancelled).toHaveBeenCalledTimes(1)
      expect(await db().select().from(shipments).where(eq(shipments.subOrderId, sub.id))).toEqual(
        [],
      )
    } finally {
      booked.mockRestore()
      cancelled.mockRestore()
    }
  })
})
