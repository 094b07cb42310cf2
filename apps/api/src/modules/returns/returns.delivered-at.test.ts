import { formatShopDate } from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { subOrders } from '../../db/schema'
import { returnsKit } from './fixtures'

/*
 * Issue 26.15: the return window counts from the courier's delivery scan, not from when its
 * webhook got through (hours later, or a retry days later); a scan stamped in the future is now.
 */

const DAY = 86_400_000
const clock = createClock()
let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
})
afterAll(() => t.close())
const kit = returnsKit(() => t, clock.now)
const UPI = { kind: 'upi', upiId: 'kavya@okicici' }

/** A COD order of one unit, shipped with the sandbox courier and picked up; answers its AWB. */
async function pickedUpParcel() {
  const seller = await kit.seller()
  const product = await kit.product(seller.user.id, 1499)
  const shopper = await kit.shopper()
  const orderId = await kit.order(shopper, [{ productId: product.id, quantity: 1 }])
  const [part] = await kit.partsOf(orderId)
  const awb = await kit.ship(seller.cookie, part!.id)
  const picked = await t.app.inject({
    method: 'POST',
    url: `/sandbox-courier/${awb}/events`,
    payload: { status: 'picked_up' },
  })
  expect(picked.statusCode, picked.body).toBe(200)
  return { shopper, product, orderId, partId: part!.id, awb }
}

/** The sandbox courier's "delivered" webhook for a scan made at `scannedAt`, arriving now. */
async function deliveredScan(awb: string, scannedAt: Date) {
  const message = t.app.deps.couriers.sandbox.event(awb, 'delivered', scannedAt)
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/couriers/sandbox/webhook',
    headers: message.headers,
    payload: message.rawBody,
  })
  expect(res.statusCode, res.body).toBe(200)
}

async function deliveredAtOf(partId: string) {
  const [part] = await t.database.db.select().from(subOrders).where(eq(subOrders.id, partId))
  return part!.deliveredAt
}

describe('POST /api/couriers/sandbox/webhook (delivered)', () => {
  it('starts the return window at the scan, not when the webhook is processed', async () => {
    const parcel = await pickedUpParcel()
    const scannedAt = new Date(clock.now().getTime() - 2 * DAY)
    await deliveredScan(parcel.awb, scannedAt)
    expect(await deliveredAtOf(parcel.partId)).toEqual(scannedAt)

    // RETURN_WINDOW_DAYS (7) after the scan: 5 days from now.
    const closes = new Date(scannedAt.getTime() + 7 * DAY)
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/shop/order/details/${parcel.orderId}`,
      headers: { cookie: parcel.shopper.cookie },
    })
    expect(details.statusCode, details.body).toBe(200)
    expect(details.json().data.parcels).toMatchObject([
      { subOrderId: parcel.partId, returnableUntil: closes.toISOString() },
    ])

    clock.advance(closes.getTime() + 60_000 - clock.now().getTime())
    const res = await kit.postReturn(parcel.shopper.cookie, parcel.orderId, {
      items: [{ productId: parcel.product.id, quantity: 1 }],
      reason: 'defective',
      payout: UPI,
    })
    expect(res.statusCode, res.body).toBe(409)
    expect(res.json()).toMatchObject({
      success: false,
      message: `The return window for this order closed on ${formatShopDate(closes, 'medium')}`,
    })
  })

  it('takes a scan stamped in the future as now', async () => {
    const parcel = await pickedUpParcel()
    await deliveredScan(parcel.awb, new Date(clock.now().getTime() + 3 * DAY))
    expect(await deliveredAtOf(parcel.partId)).toEqual(clock.now())
  })
})
