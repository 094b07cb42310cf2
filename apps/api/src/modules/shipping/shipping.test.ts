import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, outbox, products, shipments, subOrders, vendorProfiles } from '../../db/schema'
import { createSession } from '../auth/sessions'
import { createTestApp, type TestContext } from '../../../test/app'
import { sessionCookieFor } from '../../../test/auth'
import { createClock } from '../../../test/clock'
import { createProduct, createSeller, createUser } from '../../../test/factories'
import { createShopper, fillCart, orderCart } from '../../../test/shop'

let t: TestContext
// A Sunday afternoon in India: couriers do not deliver on Sundays.
const clock = createClock(new Date('2026-11-22T10:00:00Z'))
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
})
afterAll(() => t.close())
const db = () => t.database.db

const cookieOf = async (userId: string) =>
  sessionCookieFor(t.app, await createSession(db(), { userId, days: 1, now: clock.now() }))

/** An approved seller picking up from `pincode` (none: no business address yet). */
async function sellerAt(pincode: string | null) {
  const seller = await createSeller(db(), 'Approved', { invoiceable: pincode !== null })
  if (pincode) {
    await db()
      .update(vendorProfiles)
      .set({
        businessName: `Store ${pincode}`,
        addressLine: '4 Brigade Road',
        city: 'Bengaluru',
        stateCode: '29',
        pincode,
      })
      .where(eq(vendorProfiles.userId, seller.id))
  }
  return seller
}

const serviceability = (pincode: string, productId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/shop/serviceability?pincode=${pincode}&productId=${productId}`,
  })

const ship = async (sellerId: string, subId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/orders/vendor-ship',
    headers: { cookie: await cookieOf(sellerId) },
    payload: { _id: subId, weightGrams: 450, lengthCm: 20, breadthCm: 12, heightCm: 6 },
  })

const push = (awb: string, status: string, location?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/sandbox-courier/${awb}/events`,
    payload: { status, location },
  })

const partOf = async (orderId: string, sellerId: string) =>
  (await db().select().from(subOrders).where(eq(subOrders.orderId, orderId))).find(
    (s) => s.sellerId === sellerId,
  )!

/** A COD order of one unit from each seller, to the shopper's Bengaluru address (560025). */
async function orderFrom(...sellers: { id: string }[]) {
  const items = []
  for (const seller of sellers) {
    items.push(await createProduct(db(), { sellerId: seller.id, price: 1500, totalStock: 4 }))
  }
  const shopper = await createShopper(db())
  await fillCart(
    db(),
    shopper.user.id,
    items.map((i) => ({ productId: i.id, quantity: 1 })),
  )
  return { orderId: await orderCart(t.app, shopper), shopper, items }
}

describe('GET /api/shop/serviceability', () => {
  it('answers the delivery day by distance, and where cash is taken', async () => {
    const item = await createProduct(db(), {
      sellerId: (await sellerAt('560001')).id,
      totalStock: 3,
    })
    // Same sorting district: a day to pack, two in transit, Sunday skipped.
    expect((await serviceability('560034', item.id)).json()).toEqual({
      success: true,
      data: { serviceable: true, cod: true, deliveryBy: '2026-11-25' },
    })
    // Across zones: five days in transit.
    expect((await serviceability('110001', item.id)).json().data).toEqual({
      serviceable: true,
      cod: true,
      deliveryBy: '2026-11-28',
    })
    expect((await serviceability('791111', item.id)).json().data).toMatchObject({
      serviceable: true,
      cod: false,
    })
    expect((await serviceability('744101', item.id)).json().data).toEqual({
      serviceable: false,
      cod: false,
      deliveryBy: null,
    })
    expect((await serviceability('012345', item.id)).statusCode).toBe(400)
    expect(
      (await serviceability('560034', '00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404)
  })
})

describe('shipping a parcel', () => {
  it('tells a seller without a business address to add one, and books once with one', async () => {
    const homeless = await sellerAt(null)
    const { orderId } = await orderFrom(homeless)
    const refused = await ship(homeless.id, (await partOf(orderId, homeless.id)).id)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe(
      'Add your business address first: the courier picks the parcel up there.',
    )

    const seller = await sellerAt('560001')
    const second = await orderFrom(seller)
    const part = await partOf(second.orderId, seller.id)
    const booked = await ship(seller.id, part.id)
    expect(booked.statusCode).toBe(200)
    const { awb, courier, labelUrl } = booked.json().data
    expect(awb).toMatch(/^SBX\d{10}$/)
    expect(courier).toBe('SANDBOX')
    expect((await partOf(second.orderId, seller.id)).status).toBe('inProcess')
    expect((await ship(seller.id, part.id)).statusCode).toBe(409)
    const label = await t.app.inject({ method: 'GET', url: labelUrl })
    expect(label.statusCode).toBe(200)
    expect(label.body).toContain(awb)
    expect(label.body).toContain('COD ₹1,500')
  })

  it('leaves the parcel unbooked when the courier is down, and books it on the retry', async () => {
    const seller = await sellerAt('560001')
    const { orderId } = await orderFrom(seller)
    const part = await partOf(orderId, seller.id)
    const courier = t.app.deps.couriers.default!
    const book = courier.book
    courier.book = async () => {
      throw new Error('ECONNREFUSED')
    }
    try {
      const down = await ship(seller.id, part.id)
      expect(down.statusCode).toBe(502)
      expect(down.json().message).toBe(
        'The courier could not be reached, so nothing was booked. Please try again.',
      )
    } finally {
      courier.book = book
    }
    expect(await db().select().from(shipments).where(eq(shipments.subOrderId, part.id))).toEqual([])
    expect((await partOf(orderId, seller.id)).status).toBe('confirmed')
    expect((await ship(seller.id, part.id)).statusCode).toBe(200)
  })

  it('follows the parcels to the door and back: replays, late and forged events change nothing', async () => {
    const [near, far] = [await sellerAt('560001'), await sellerAt('110001')]
    const { orderId, shopper, items } = await orderFrom(near, far)
    const [partNear, partFar] = [await partOf(orderId, near.id), await partOf(orderId, far.id)]
    const awbNear = (await ship(near.id, partNear.id)).json().data.awb as string
    const awbFar = (await ship(far.id, partFar.id)).json().data.awb as string

    expect((await push(awbNear, 'picked_up', 'Bengaluru hub')).json()).toEqual({
      success: true,
      applied: true,
    })
    expect((await partOf(orderId, near.id)).status).toBe('inShipping')
    // The far parcel is still being packed: the order reads as its least advanced part.
    const order = async () => (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!
    expect((await order()).orderStatus).toBe('inProcess')

    // A replay of the same event (same time) is recorded once and moves nothing.
    const courier = t.app.deps.couriers.sandbox
    const replay = courier.event(awbNear, 'picked_up', clock.now(), 'Bengaluru hub')
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/couriers/sandbox/webhook',
      headers: replay.headers,
      payload: replay.rawBody,
    })
    expect(again.json()).toEqual({ success: true, applied: false })
    // A forged one (no key) is refused.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/couriers/sandbox/webhook',
      headers: { 'content-type': 'application/json', 'x-api-key': 'guess' },
      payload: courier.event(awbNear, 'delivered', clock.now()).rawBody,
    })
    expect(forged.statusCode).toBe(400)
    expect((await partOf(orderId, near.id)).status).toBe('inShipping')

    clock.advance(60_000)
    expect((await push(awbNear, 'delivered', 'Koramangala')).json().applied).toBe(true)
    clock.advance(60_000)
    // An in-transit scan that arrives after the delivery: kept, but the parcel stays delivered.
    expect((await push(awbNear, 'in_transit')).json().applied).toBe(false)
    expect((await partOf(orderId, near.id)).status).toBe('delivered')

    // The far parcel comes back to the seller: its stock returns.
    expect((await push(awbFar, 'picked_up')).json().applied).toBe(true)
    clock.advance(60_000)
    expect((await push(awbFar, 'rto')).json().applied).toBe(true)
    expect((await partOf(orderId, far.id)).status).toBe('returned')
    // The end told again later (couriers resend it) is neither applied nor kept twice.
    clock.advance(60_000)
    expect((await push(awbFar, 'rto')).json().applied).toBe(false)
    const [farItem] = await db().select().from(products).where(eq(products.id, items[1]!.id))
    expect(farItem!.totalStock).toBe(4)
    const [nearItem] = await db().select().from(products).where(eq(products.id, items[0]!.id))
    expect(nearItem!.totalStock).toBe(3)
    expect((await order()).orderStatus).toBe('delivered')

    // The shopper follows both parcels.
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/shop/order/details/${orderId}`,
      headers: { cookie: shopper.cookie },
    })
    const parcels = details.json().data.parcels as {
      status: string
      shipment: { awb: string; status: string; events: { status: string }[] }
    }[]
    expect(parcels.map((p) => [p.shipment.awb, p.status, p.shipment.status]).sort()).toEqual(
      [
        [awbNear, 'delivered', 'delivered'],
        [awbFar, 'returned', 'rto'],
      ].sort(),
    )
    const nearEvents = parcels.find((p) => p.shipment.awb === awbNear)!.shipment.events
    expect(nearEvents.map((e) => e.status)).toEqual(['picked_up', 'delivered', 'in_transit'])
    const farEvents = parcels.find((p) => p.shipment.awb === awbFar)!.shipment.events
    expect(farEvents.map((e) => e.status)).toEqual(['picked_up', 'rto'])

    // A mail when it shipped and when it arrived, once each, through the outbox.
    const mails = await db().select().from(outbox).where(eq(outbox.kind, 'mail'))
    const keys = mails.map((m) => m.dedupeKey)
    const [nearPart, farPart] = [
      (await partOf(orderId, near.id)).id,
      (await partOf(orderId, far.id)).id,
    ]
    expect(keys).toContain(`parcel-ship:${nearPart}`)
    expect(keys).toContain(`parcel-deliver:${nearPart}`)
    expect(keys).toContain(`parcel-ship:${farPart}`)
    expect(keys).not.toContain(`parcel-deliver:${farPart}`)
  })

  it('shows each delivery attempt: out for delivery again after a failed one (decision 57)', async () => {
    const seller = await sellerAt('560001')
    const { orderId } = await orderFrom(seller)
    const part = await partOf(orderId, seller.id)
    const awb = (await ship(seller.id, part.id)).json().data.awb as string
    const parcel = async () =>
      (await db().select().from(shipments).where(eq(shipments.subOrderId, part.id)))[0]!.status
    for (const status of ['in_transit', 'out_for_delivery', 'failed_attempt', 'out_for_delivery']) {
      clock.advance(60_000)
      expect((await push(awb, status)).json().applied).toBe(true)
      expect(await parcel()).toBe(status)
    }
    // A late scan of an earlier step is kept without moving the parcel back.
    clock.advance(60_000)
    expect((await push(awb, 'in_transit')).json().applied).toBe(false)
    expect(await parcel()).toBe('out_for_delivery')
  })

  it('keeps a booked parcel out of an admin\'s "Rejected": the courier\'s scans move it on', async () => {
    const seller = await sellerAt('560001')
    const { orderId } = await orderFrom(seller)
    const part = await partOf(orderId, seller.id)
    const awb = (await ship(seller.id, part.id)).json().data.awb as string
    const admin = await createUser(db(), { role: 'admin', type: 'admin' })
    const reject = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/update/${orderId}`,
      headers: { cookie: await cookieOf(admin.id) },
      payload: { orderStatus: 'rejected' },
    })
    // Stopped through the courier instead (stop-parcel.test.ts), never rejected with the goods out.
    expect(reject.statusCode).toBe(409)
    expect((await push(awb, 'picked_up')).statusCode).toBe(200)
    expect((await partOf(orderId, seller.id)).status).toBe('inShipping')
  })
})
