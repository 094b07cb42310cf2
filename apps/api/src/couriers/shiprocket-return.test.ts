import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeShiprocket } from '../../test/fakes/shiprocket'
import { createShiprocket } from './shiprocket'
import type { ReturnPickupInput } from './types'

let fake: Awaited<ReturnType<typeof startFakeShiprocket>>
let shiprocket: ReturnType<typeof createShiprocket>
beforeAll(async () => {
  fake = await startFakeShiprocket()
  shiprocket = createShiprocket({
    email: fake.creds.email,
    password: fake.creds.password,
    baseUrl: fake.baseUrl,
    now: () => new Date('2026-11-22T10:00:00Z'),
  })
})
afterAll(() => fake.close())

/** A ₹1,500 return from a shopper at `pincode` to a Bengaluru seller. */
const returnPickup = (pincode = '560034'): ReturnPickupInput => ({
  reference: crypto.randomUUID(),
  sellerPlaceId: '7d0c2a5e-4f61-4b8e-9a0c-3c2b1e0f9a77',
  pickup: {
    name: 'Asha',
    address: '12 Koramangala 5th Block',
    city: 'Bengaluru',
    pincode,
    phone: '+91 98765 43210',
  },
  delivery: {
    name: 'Store 560001',
    address: '4 Brigade Road',
    city: 'Bengaluru',
    pincode: '560001',
    phone: '9845012345',
    email: 'seller@example.in',
  },
  declaredValuePaise: 150_000,
  weightGrams: 450,
  lengthCm: 20,
  breadthCm: 12,
  heightCm: 6,
  items: [{ sku: 'prod-1', title: 'USB-C cable', quantity: 2, unitPricePaise: 75_000 }],
})

const madeFor = (reference: string) =>
  [...fake.orders.values()].filter((o) => o.reference === reference)

describe('Shiprocket bookReturn', () => {
  it('creates a return order from the shopper to the seller, with its AWB, pickup and label', async () => {
    const input = returnPickup()
    const booking = await shiprocket.bookReturn(input)
    const [order] = fake.live(input.reference)
    expect(order).toMatchObject({ kind: 'return', pickupRequested: true })
    expect(booking).toEqual({
      awb: order!.awb,
      labelUrl: `${fake.baseUrl.replace('/v1/external', '')}/labels/${order!.shipmentId}.pdf`,
      // The recommended courier: a return takes no cash, so any courier will do.
      transitDays: 3,
      providerRef: `${order!.id}:${order!.shipmentId}`,
    })
    expect(order!.courierId).toBe(43)
    expect(order!.body).toMatchObject({
      order_id: input.reference,
      order_date: '2026-11-22 15:30',
      pickup_customer_name: 'Asha',
      pickup_pincode: '560034',
      pickup_state: 'Karnataka',
      pickup_phone: '9876543210',
      // No email of the shopper's: the shop's account stands in.
      pickup_email: fake.creds.email,
      shipping_customer_name: 'Store 560001',
      shipping_pincode: '560001',
      shipping_email: 'seller@example.in',
      payment_method: 'Prepaid',
      sub_total: 1500,
      weight: 0.45,
      order_items: [{ name: 'USB-C cable', sku: 'prod-1', units: 2, selling_price: 750 }],
    })
  })

  // Nothing made where no courier collects (the fake answers so only to a question asked as a
  // return, from the shopper), a failed AWB or label cancelling the return order, tracking and
  // cancelling by its AWB: the courier contract (courier-contract.ts).
  it('says why when Shiprocket refuses the return order, leaving nothing booked', async () => {
    const input = returnPickup()
    fake.outage('createReturn')
    try {
      await expect(shiprocket.bookReturn(input)).rejects.toThrow(/create return order answered 500/)
    } finally {
      fake.outage('createReturn', false)
    }
    expect(madeFor(input.reference)).toEqual([])
  })
})
