import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { startFakeDelhivery } from '../../../test/fakes/delhivery'
import { createProduct, createSeller } from '../../../test/factories'
import { createShopper, fillCart, orderCart } from '../../../test/shop'
import type { BookingInput } from '../../couriers/types'
import { returnPickupClaims, returns, shipments, subOrders } from '../../db/schema'
import { CLAIM_STALE_MS, releaseStaleClaims } from './stale-claims'

/**
 * A claim left by a process that died after the courier booked (its AWB written, the record not
 * made) says how to undo itself: once stale, the booking is cancelled at the courier (Delhivery's
 * fake) and the claim released. A fresh claim, maybe still in flight, is left alone. One left
 * before the courier answered holds no AWB: the courier is asked by our reference (issue 26.10).
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
  it('finds the booking of a stale claim without an AWB by its reference, and cancels it', async () => {
    const { part, booking } = await bookedWithoutAnswer()
    await claim(part, { awb: null })
    expect(delhivery.live(part)).toHaveLength(1)

    expect(await releaseStaleClaims(sweep(), part)).toBe(1)
    expect(delhivery.live(part)).toEqual([])
    expect(delhivery.parcels.get(booking.awb)!.cancelled).toBe(true)
    expect(await claimsOf(part)).toEqual([])
  })

  it('releases a stale claim without an AWB that the courier holds nothing for', async () => {
    const { part } = await bookedWithoutAnswer({ book: false })
    await claim(part, { awb: null })
    const asked = vi.spyOn(t.app.deps.couriers.courier('DELHIVERY')!, 'findBookings')
    try {
      expect(await releaseStaleClaims(sweep(), part)).toBe(1)
      // Released once the courier said it holds nothing under the part's reference, not blind.
      expect(asked).toHaveBeenCalledWith(part)
      await expect(asked.mock.results[0]!.value).resolves.toEqual([])
    } finally {
      asked.mockRestore()
    }
    expect(await claimsOf(part)).toEqual([])
  })

  it('keeps a stale claim without an AWB while the courier cannot be asked', async () => {
    const { part } = await bookedWithoutAnswer()
    await claim(part, { awb: null })
    delhivery.outage('track')
    try {
      expect(await releaseStaleClaims(sweep(), part)).toBe(0)
    } finally {
      delhivery.outage('track', false)
    }
    expect(await claimsOf(part)).toHaveLength(1)
    expect(delhivery.live(part)).toHaveLength(1)
    // The next sweep, the courier answering again, undoes it.
    expect(await releaseStaleClaims(sweep(), part)).toBe(1)
    expect(delhivery.live(part)).toEqual([])
  })

  it("releases a stale reverse pickup's claim, cancelling what was booked under the return", async () => {
    const { part, orderId } = await bookedWithoutAnswer({ book: false })
    const [row] = await db()
      .insert(returns)
      .values({
        orderId,
        subOrderId: part,
        status: 'approved',
        reason: 'defective',
        decideBy: new Date(),
      })
      .returning()
    const returnId = row!.id
    const courier = t.app.deps.couriers.courier('DELHIVERY')!
    const address = { name: 'A', address: '4 Brigade Road', city: 'Bengaluru', phone: '9876543210' }
    await courier.bookReturn({
      ...parcel(returnId),
      sellerPlaceId: crypto.randomUUID(),
      pickup: { ...address, pincode: '110001' },
      delivery: { ...address, pincode: '560001' },
    })
    await db()
      .insert(returnPickupClaims)
      .values({ returnId, courier: 'DELHIVERY', createdAt: longAgo() })
    expect(delhivery.live(returnId)).toHaveLength(1)

    // Sweeping parts only leaves it; sweeping the return (or all) releases it.
    expect(await releaseStaleClaims(sweep(), { parts: [part] })).toBe(0)
    expect(await releaseStaleClaims(sweep(), { returnId })).toBe(1)
    expect(delhivery.live(returnId)).toEqual([])
    expect(
      await db().select().from(returnPickupClaims).where(eq(returnPickupClaims.returnId, returnId)),
    ).toEqual([])
  })

  it("lets the shopper cancel a part whose stale claim holds nothing booked (not 'handed to the courier')", async () => {
    const { part, orderId, shopper } = await bookedWithoutAnswer({ book: false })
    await claim(part, { awb: null })
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/shop/order/${orderId}/cancel`,
      headers: { cookie: shopper.cookie },
      payload: { reason: 'Ordered by mistake' },
    })
    expect(res.statusCode, res.body).toBe(200)
    const [now] = await db().select().from(subOrders).where(eq(subOrders.id, part))
    expect(now!.status).toBe('cancelled')
    expect(await claimsOf(part)).toEqual([])
  })
})

/** What a booking asks of the courier, for our reference. */
function parcel(reference: string): Omit<BookingInput, 'pickupId' | 'pickup' | 'delivery'> {
  return {
    reference,
    codPaise: 0,
    declaredValuePaise: 150_000,
    weightGrams: 400,
    lengthCm: 18,
    breadthCm: 12,
    heightCm: 6,
    items: [{ sku: 'sku-1', title: 'Item', quantity: 1, unitPricePaise: 150_000 }],
  }
}

/**
 * A placed order's part, and (unless `book: false`) a booking Delhivery made for it whose answer
 * never reached the shop: the process died while the courier was asked.
 */
async function bookedWithoutAnswer(opts: { book?: boolean } = {}) {
  const seller = await createSeller(db())
  const item = await createProduct(db(), { sellerId: seller.id, price: 1500, totalStock: 4 })
  const shopper = await createShopper(db())
  await fillCart(db(), shopper.user.id, [{ productId: item.id, quantity: 1 }])
  const orderId = await orderCart(t.app, shopper)
  const [row] = await db().select().from(subOrders).where(eq(subOrders.orderId, orderId))
  const part = row!.id
  const address = { name: 'A', address: '4 Brigade Road', city: 'Bengaluru', phone: '9876543210' }
  const booking =
    opts.book === false
      ? { awb: '' }
      : await t.app.deps.couriers.courier('DELHIVERY')!.book({
          ...parcel(part),
          pickupId: seller.id,
          pickup: { ...address, pincode: '560001' },
          delivery: { ...address, pincode: '110001' },
        })
  return { part, orderId, shopper, booking }
}

/** A claim past CLAIM_STALE_MS, as a process killed while the courier was asked left it. */
const longAgo = () => new Date(Date.now() - CLAIM_STALE_MS - 60_000)
async function claim(subOrderId: string, { awb }: { awb: string | null }) {
  await db().insert(shipments).values({
    subOrderId,
    courier: 'DELHIVERY',
    status: 'booking',
    awb,
    createdAt: longAgo(),
    weightGrams: 400,
    lengthCm: 18,
    breadthCm: 12,
    heightCm: 6,
  })
}
const claimsOf = (subOrderId: string) =>
  db().select().from(shipments).where(eq(shipments.subOrderId, subOrderId))
const sweep = () => ({ db: db(), couriers: t.app.deps.couriers, now: () => new Date() })
