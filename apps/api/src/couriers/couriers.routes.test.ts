import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../test/app'
import { sessionCookieFor } from '../../test/auth'
import { startFakeDelhivery } from '../../test/fakes/delhivery'
import { startFakeShiprocket } from '../../test/fakes/shiprocket'
import { createProduct, createSeller } from '../../test/factories'
import { createShopper, fillCart, orderCart } from '../../test/shop'
import { shipments, subOrders, vendorProfiles } from '../db/schema'
import { createSession } from '../modules/auth/sessions'

const SR_KEY = 'sr-webhook-key-0123456789'
const DL_TOKEN = 'dl-push-token-0123456789'
let t: TestContext
let shiprocket: Awaited<ReturnType<typeof startFakeShiprocket>>
let delhivery: Awaited<ReturnType<typeof startFakeDelhivery>>
beforeAll(async () => {
  shiprocket = await startFakeShiprocket()
  delhivery = await startFakeDelhivery()
  t = await createTestApp({
    env: {
      COURIER: 'shiprocket',
      SHIPROCKET_EMAIL: shiprocket.creds.email,
      SHIPROCKET_PASSWORD: shiprocket.creds.password,
      SHIPROCKET_BASE_URL: shiprocket.baseUrl,
      SHIPROCKET_WEBHOOK_TOKEN: SR_KEY,
      DELHIVERY_TOKEN: delhivery.token,
      DELHIVERY_BASE_URL: delhivery.baseUrl,
      DELHIVERY_WEBHOOK_TOKEN: DL_TOKEN,
    },
  })
})
afterAll(async () => {
  await t.close()
  await shiprocket.close()
  await delhivery.close()
})
const db = () => t.database.db

/** A seller in Bengaluru ships a COD order through Shiprocket; answers the AWB and the part. */
async function bookedParcel() {
  const seller = await createSeller(db())
  await db()
    .update(vendorProfiles)
    .set({
      businessName: 'Store',
      addressLine: '4 Brigade Road',
      city: 'Bengaluru',
      pincode: '560001',
    })
    .where(eq(vendorProfiles.userId, seller.id))
  const item = await createProduct(db(), { sellerId: seller.id, price: 1500, totalStock: 4 })
  const shopper = await createShopper(db())
  await fillCart(db(), shopper.user.id, [{ productId: item.id, quantity: 1 }])
  const orderId = await orderCart(t.app, shopper)
  const [part] = await db().select().from(subOrders).where(eq(subOrders.orderId, orderId))
  const token = await createSession(db(), { userId: seller.id, days: 1, now: new Date() })
  const shipped = await t.app.inject({
    method: 'POST',
    url: '/api/admin/orders/vendor-ship',
    headers: { cookie: sessionCookieFor(t.app, token) },
    payload: { _id: part!.id, weightGrams: 450, lengthCm: 20, breadthCm: 12, heightCm: 6 },
  })
  expect(shipped.statusCode).toBe(200)
  return { awb: shipped.json().data.awb as string, partId: part!.id }
}

const statusOf = async (partId: string) =>
  (await db().select().from(subOrders).where(eq(subOrders.id, partId)))[0]!.status

describe('POST /api/couriers/aggregator/webhook (Shiprocket)', () => {
  it('books with Shiprocket, and its webhook with the right x-api-key ships the part', async () => {
    const { awb, partId } = await bookedParcel()
    expect(shiprocket.live(partId)).toHaveLength(1)
    const [parcel] = await db().select().from(shipments).where(eq(shipments.subOrderId, partId))
    expect(parcel).toMatchObject({ courier: 'SHIPROCKET', status: 'booked', awb })

    shiprocket.scan(awb, 'PICKED UP', '2026-11-23 11:00:00')
    const url = '/api/couriers/aggregator/webhook'
    // Shiprocket's rule: no "sr" or "kr" (nor its names) in the URL its panel is given.
    expect(url).not.toMatch(/sr|kr|shiprocket|kartrocket/i)
    const forged = shiprocket.webhook(awb, 'not-the-key-0123456789')
    const refused = await t.app.inject({ method: 'POST', url, ...forged })
    expect(refused.statusCode).toBe(400)
    expect(await statusOf(partId)).toBe('inProcess')

    const pushed = shiprocket.webhook(awb, SR_KEY)
    const applied = await t.app.inject({ method: 'POST', url, ...pushed })
    expect(applied.json()).toEqual({ success: true, applied: true })
    expect(await statusOf(partId)).toBe('inShipping')

    // A status the shop does not follow is acknowledged (200), and changes nothing.
    shiprocket.scan(awb, 'RTO INITIATED', '2026-11-24 11:00:00')
    const ignored = await t.app.inject({ method: 'POST', url, ...shiprocket.webhook(awb, SR_KEY) })
    expect(ignored.json()).toEqual({ success: true, applied: false })
    expect(await statusOf(partId)).toBe('inShipping')
  })
})

describe('POST /api/couriers/delhivery/webhook?token=', () => {
  it('takes the token from the URL', async () => {
    const rawBody = JSON.stringify({
      Shipment: {
        AWB: '5100000999',
        Status: { Status: 'In Transit', StatusType: 'UD', StatusDateTime: '2026-11-23T10:00:00' },
      },
    })
    const push = (query: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/couriers/delhivery/webhook${query}`,
        headers: { 'content-type': 'application/json' },
        payload: rawBody,
      })
    expect((await push('?token=wrong-token-0123456789')).statusCode).toBe(400)
    expect((await push('')).statusCode).toBe(400)
    // Authentic, for a parcel the shop did not book (one made in the courier's own panel):
    // acknowledged, so the courier does not retry it forever, and nothing changes.
    const known = await push(`?token=${DL_TOKEN}`)
    expect(known.statusCode).toBe(200)
    expect(known.json()).toEqual({ success: true, applied: false })
  })
})
