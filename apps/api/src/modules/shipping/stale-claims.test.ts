import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { startFakeDelhivery } from '../../../test/fakes/delhivery'
import { createProduct, createSeller } from '../../../test/factories'
import { createShopper, fillCart, orderCart } from '../../../test/shop'
import { shipments, subOrders } from '../../db/schema'
import { CLAIM_STALE_MS, releaseStaleClaims } from './stale-claims'

/**
 * A claim left by a process that died after the courier booked (its AWB written, the record not
 * made) says how to undo itself: once stale, the booking is cancelled at the courier (Delhivery's
 * fake) and the claim released. A fresh claim, maybe still in flight, is left alone.
 */
let t: TestContext
let delhivery: Awaited<ReturnType<typeof startFakeDelhivery>>
beforeAll(async () => {
  delhivery = await startFakeDelhivery()
  t = await createTestApp({
    env: {
      COURIER: 'delhivery',
      DELHIVERY_TOKEN: delhivery.token,
      DELHIVERY_BASE_URL: delhivery.baseUrl,
    },
  })
})
afterAll(async () => {
  await t.close()
  await delhivery.close()
})
const db = () => t.database.db

describe('releaseStaleClaims', () => {
  it('cancels the booking a stale claim recorded and releases it; a fresh claim stays', async () => {
    const seller = await createSeller(db())
    const item = await createProduct(db(), { sellerId: seller.id, price: 1500, totalStock: 4 })
    const shopper = await createShopper(db())
    await fillCart(db(), shopper.user.id, [{ productId: item.id, quantity: 1 }])
    const orderId = await orderCart(t.app, shopper)
    const [part] = await db().select().from(subOrders).where(eq(subOrders.orderId, orderId))
    const courier = t.app.deps.couriers.courier('DELHIVERY')!
    const address = { name: 'A', address: '4 Brigade Road', city: 'Bengaluru', phone: '9876543210' }
    const booking = await courier.book({
      reference: part!.id,
      pickupId: seller.id,
      pickup: { ...address, pincode: '560001' },
      delivery: { ...address, pincode: '110001' },
      codPaise: 0,
      declaredValuePaise: 150_000,
      weightGrams: 400,
      lengthCm: 18,
      breadthCm: 12,
      heightCm: 6,
      items: [{ sku: item.id, title: 'Item', quantity: 1, unitPricePaise: 150_000 }],
    })
    const bookedAt = new Date()
    await db().insert(shipments).values({
      subOrderId: part!.id,
      courier: 'DELHIVERY',
      status: 'booking',
      awb: booking.awb,
      createdAt: bookedAt,
      weightGrams: 400,
      lengthCm: 18,
      breadthCm: 12,
      heightCm: 6,
    })
    const at = (ms: number) => ({
      db: db(),
      couriers: t.app.deps.couriers,
      now: () => new Date(bookedAt.getTime() + ms),
    })

    expect(await releaseStaleClaims(at(CLAIM_STALE_MS - 1_000))).toBe(0)
    expect(delhivery.live(part!.id)).toHaveLength(1)

    expect(await releaseStaleClaims(at(CLAIM_STALE_MS + 1_000), part!.id)).toBe(1)
    expect(delhivery.live(part!.id)).toEqual([])
    expect(await db().select().from(shipments).where(eq(shipments.subOrderId, part!.id))).toEqual(
      [],
    )
  })
})
