import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, shipments, subOrders, vendorProfiles } from '../../db/schema'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { createProduct, createSeller } from '../../../test/factories'
import { createShopper, fillCart } from '../../../test/shop'

// Issue 31.4: My Orders rows people can tell apart.
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

describe('GET /api/shop/order/list/:userId', () => {
  it('gives each order its first item, item count, expected day and address with its state', async () => {
    const near = await createProduct(db(), {
      sellerId: (await sellerAt('560001')).id,
      title: 'Boat Airdopes 141',
      totalStock: 3,
    })
    const far = await createProduct(db(), {
      sellerId: (await sellerAt('700001')).id,
      title: 'Xiaomi Power Bank',
      totalStock: 3,
    })
    const shopper = await createShopper(db())
    await fillCart(db(), shopper.user.id, [
      { productId: far.id, quantity: 1 },
      { productId: near.id, quantity: 2 },
    ])
    const headers = { cookie: shopper.cookie }
    // What checkout promises for this cart, before placing it.
    const promise = await t.app.inject({
      method: 'GET',
      url: `/api/shop/cart/serviceability?pincode=${shopper.address.pincode}`,
      headers,
    })
    const promised = promise.json().data.deliveryBy as string
    expect(promised).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/shop/order/create',
      headers,
      payload: {
        userId: shopper.user.id,
        addressInfo: { addressId: shopper.address.id },
        paymentMethod: 'COD',
      },
    })
    expect(placed.statusCode).toBe(201)
    const orderId = placed.json().orderId as string
    const [stored] = await db().select().from(orders).where(eq(orders.id, orderId))
    expect(stored?.expectedDelivery).toBe(promised)

    const list = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/shop/order/list/${shopper.user.id}`,
        headers,
      })
      expect(res.statusCode).toBe(200)
      return res.json().data[0]
    }
    expect(await list()).toMatchObject({
      _id: orderId,
      // The details' order: by title.
      firstItem: { title: 'Boat Airdopes 141', image: near.image },
      itemCount: 2,
      expectedDelivery: promised,
      deliverTo: {
        address: shopper.address.address,
        city: shopper.address.city,
        pincode: '560001',
        state: 'Karnataka',
      },
    })

    // The courier's own day wins once it gives one; the last live parcel decides.
    const parts = await db().select().from(subOrders).where(eq(subOrders.orderId, orderId))
    const nearPart = parts.find((p) => p.sellerId === near.sellerId)!
    const farPart = parts.find((p) => p.sellerId === far.sellerId)!
    await db()
      .insert(shipments)
      .values({
        subOrderId: nearPart.id,
        courier: 'DELHIVERY',
        status: 'booked',
        awb: `AWB${Date.now()}`,
        expectedBy: '2026-12-30',
        weightGrams: 400,
        lengthCm: 18,
        breadthCm: 12,
        heightCm: 6,
      })
    expect((await list()).expectedDelivery).toBe('2026-12-30')
    await db()
      .update(shipments)
      .set({ expectedBy: '2026-11-24' })
      .where(eq(shipments.subOrderId, nearPart.id))
    // The far part still waits on checkout's promise, later than the courier's day.
    expect((await list()).expectedDelivery).toBe(promised)
    // A cancelled part waits for nothing.
    await db().update(subOrders).set({ status: 'cancelled' }).where(eq(subOrders.id, farPart.id))
    expect((await list()).expectedDelivery).toBe('2026-11-24')
    // The details say the same (the payment success page reads them).
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/shop/order/details/${orderId}`,
      headers,
    })
    expect(details.json().data.expectedDelivery).toBe('2026-11-24')
  })

  it('promises no day it was never given: an order placed before days were kept has none', async () => {
    const product = await createProduct(db(), { sellerId: (await sellerAt('560001')).id })
    const shopper = await createShopper(db())
    await fillCart(db(), shopper.user.id, [{ productId: product.id, quantity: 1 }])
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/shop/order/create',
      headers: { cookie: shopper.cookie },
      payload: {
        userId: shopper.user.id,
        addressInfo: { addressId: shopper.address.id },
        paymentMethod: 'COD',
      },
    })
    const orderId = placed.json().orderId as string
    await db().update(orders).set({ expectedDelivery: null }).where(eq(orders.id, orderId))
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/shop/order/list/${shopper.user.id}`,
      headers: { cookie: shopper.cookie },
    })
    expect(res.json().data[0]).toMatchObject({ expectedDelivery: null, itemCount: 1 })
  })
})
