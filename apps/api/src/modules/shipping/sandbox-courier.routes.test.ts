import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { returns, subOrders, vendorProfiles } from '../../db/schema'
import { createTestApp, type TestContext } from '../../../test/app'
import { sessionCookieFor } from '../../../test/auth'
import { createProduct, createSeller, createUser } from '../../../test/factories'
import { createSession } from '../auth/sessions'
import { buyProduct, createShopper } from '../../../test/shop'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())
const db = () => t.database.db

/** A delivered order whose return was approved, its reverse pickup booked with the sandbox. */
async function approvedReturn() {
  const seller = await createSeller(db(), 'Approved')
  await db()
    .update(vendorProfiles)
    .set({ businessName: 'Brigade Store', addressLine: '4 Brigade Road', pincode: '560001' })
    .where(eq(vendorProfiles.userId, seller.id))
  const item = await createProduct(db(), { sellerId: seller.id, price: 1500, totalStock: 3 })
  const shopper = await createShopper(db())
  const orderId = await buyProduct(t.app, db(), shopper, item.id)
  const [part] = await db().select().from(subOrders).where(eq(subOrders.orderId, orderId))
  const booking = await t.app.deps.couriers.sandbox.courier.bookReturn({
    reference: crypto.randomUUID(),
    sellerPlaceId: seller.id,
    pickup: {
      name: shopper.user.userName,
      address: shopper.address.address,
      city: shopper.address.city,
      pincode: shopper.address.pincode,
      phone: shopper.address.phone,
    },
    delivery: {
      name: 'Brigade Store',
      address: '4 Brigade Road',
      city: 'Bengaluru',
      pincode: '560001',
      phone: '9845012345',
    },
    declaredValuePaise: 150_000,
    weightGrams: 450,
    lengthCm: 20,
    breadthCm: 12,
    heightCm: 6,
    items: [{ sku: item.id, title: 'Item', quantity: 1, unitPricePaise: 150_000 }],
  })
  const [ret] = await db()
    .insert(returns)
    .values({
      orderId,
      subOrderId: part!.id,
      status: 'approved',
      reason: 'damaged',
      decideBy: new Date(),
      pickupCourier: 'SANDBOX',
      pickupAwb: booking.awb,
      pickupLabelUrl: booking.labelUrl,
    })
    .returning()
  return { ret: ret!, awb: booking.awb, shopper }
}

const desk = async () => (await t.app.inject({ method: 'GET', url: '/sandbox-courier' })).body
/** The desk's list item for `awb`. */
const itemOf = (html: string, awb: string) =>
  html.slice(html.indexOf(`<strong>${awb}</strong>`)).split('</li>')[0]!

describe('sandbox courier desk: return pickups', () => {
  it('lists a reverse pickup with its label and the events a courier sends next', async () => {
    const { ret, awb, shopper } = await approvedReturn()
    const before = await desk()
    expect(before).toContain('<h2>Return pickups</h2>')
    expect(itemOf(before, awb)).toContain('Return approved')
    expect(itemOf(before, awb)).toMatch(/value="picked_up".*value="failed_attempt"/)

    const label = await t.app.inject({ method: 'GET', url: `/sandbox-courier/${awb}/label` })
    expect(label.statusCode).toBe(200)
    expect(label.body).toContain('Collect from')
    expect(label.body).toContain(shopper.address.address)
    expect(label.body).toContain('Brigade Store')

    // Pushed to the shop's webhook like a parcel's event.
    const pushed = await t.app.inject({
      method: 'POST',
      url: `/sandbox-courier/${awb}/events`,
      payload: { status: 'picked_up', location: 'Koramangala' },
    })
    expect(pushed.statusCode, pushed.body).toBe(200)
    expect(pushed.json()).toMatchObject({ success: true })
    expect((await t.app.deps.couriers.sandbox.courier.track(awb)).map((e) => e.status)).toEqual([
      'picked_up',
    ])
    const after = itemOf(await desk(), awb)
    expect(after).toContain('Picked up')
    expect(after).toContain('value="delivered"')
    expect(after).not.toContain('value="picked_up"')

    // Received by the seller: the courier has nothing more to send.
    await db().update(returns).set({ status: 'received' }).where(eq(returns.id, ret.id))
    expect(itemOf(await desk(), awb)).not.toContain('<button')
  })

  it('answers 404 for an AWB it never booked', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox-courier/SBX0000000000/events',
      payload: { status: 'picked_up' },
    })
    expect(res.statusCode).toBe(404)
    const label = await t.app.inject({ method: 'GET', url: '/sandbox-courier/SBX0000000000/label' })
    expect(label.statusCode).toBe(404)
  })
})

describe('the desk of a demo others can reach (DEMO_MODE=true on a public address)', () => {
  let pub: TestContext
  beforeAll(async () => {
    pub = await createTestApp({
      env: { DEMO_MODE: 'true', APP_URL: 'https://demo.techbazaar.example', HOST: '0.0.0.0' },
    })
  })
  afterAll(() => pub.close())

  it('is for admins only: a guest or a shopper cannot mark a parcel delivered', async () => {
    const shopper = await createShopper(pub.database.db)
    const admin = await createUser(pub.database.db, { role: 'admin', type: 'admin' })
    const token = await createSession(pub.database.db, {
      userId: admin.id,
      days: 1,
      now: new Date(),
    })
    const event = { method: 'POST' as const, url: '/sandbox-courier/SBX0000000000/events' }
    const asGuest = await pub.app.inject({ ...event, payload: { status: 'delivered' } })
    expect(asGuest.statusCode).toBe(401)
    const asShopper = await pub.app.inject({
      ...event,
      payload: { status: 'delivered' },
      headers: { cookie: sessionCookieFor(pub.app, shopper.token) },
    })
    expect(asShopper.statusCode).toBe(403)
    expect((await pub.app.inject({ method: 'GET', url: '/sandbox-courier' })).statusCode).toBe(401)
    const cookie = sessionCookieFor(pub.app, token)
    const asAdmin = await pub.app.inject({
      method: 'GET',
      url: '/sandbox-courier',
      headers: { cookie },
    })
    expect(asAdmin.statusCode).toBe(200)
  })
})
