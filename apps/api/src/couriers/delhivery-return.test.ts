import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeDelhivery } from '../../test/fakes/delhivery'
import { createDelhivery } from './delhivery'
import { CourierUnserviceableError, type ReturnPickupInput } from './types'

let fake: Awaited<ReturnType<typeof startFakeDelhivery>>
let delhivery: ReturnType<typeof createDelhivery>
beforeAll(async () => {
  fake = await startFakeDelhivery()
  delhivery = createDelhivery({
    token: fake.token,
    baseUrl: fake.baseUrl,
    now: () => new Date('2026-11-23T04:00:00Z'),
  })
})
afterAll(() => fake.close())

/** A ₹1,500 return from a shopper at `pincode` to a Bengaluru seller. */
const returnPickup = (pincode = '110001'): ReturnPickupInput => ({
  reference: crypto.randomUUID(),
  sellerPlaceId: '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
  pickup: {
    name: 'Asha',
    address: '12 Janpath',
    city: 'New Delhi',
    pincode,
    phone: '+919876543210',
  },
  delivery: {
    name: 'Store 560001',
    address: '4 Brigade Road',
    city: 'Bengaluru',
    pincode: '560001',
    phone: '98450 12345',
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
  [...fake.parcels.values()].filter((p) => p.shipment.order === reference)

describe('Delhivery bookReturn', () => {
  it("manifests a reverse pickup at the shopper's, bound for the seller's warehouse", async () => {
    const input = returnPickup()
    const pickupsBefore = fake.pickups.length
    const booking = await delhivery.bookReturn(input)
    const [made] = fake.live(input.reference)
    expect(booking).toEqual({
      awb: made!.waybill,
      labelUrl: `${fake.baseUrl}/slips/${made!.waybill}.pdf`,
      // Delhi to Bengaluru: across postal zones.
      transitDays: 5,
    })
    expect(made!.shipment).toMatchObject({
      order: input.reference,
      payment_mode: 'Pickup',
      name: 'Asha',
      pin: '110001',
      state: 'Delhi',
      phone: '9876543210',
      cod_amount: 0,
      total_amount: 1500,
      products_desc: '2 x USB-C cable',
      return_pin: '560001',
      return_phone: '9845012345',
      return_state: 'Karnataka',
    })
    // The seller's warehouse, at the seller's address, receives it.
    expect(fake.warehouses.get(made!.warehouse)).toMatchObject({ pin: '560001' })
    // Delhivery collects from the shopper on the manifest: no warehouse pickup is asked for.
    expect(fake.pickups.length).toBe(pickupsBefore)
  })

  it('uses the warehouse a forward parcel of the seller made', async () => {
    const input = returnPickup()
    await delhivery.bookReturn(input)
    const again = returnPickup()
    await delhivery.bookReturn(again)
    const [first] = fake.live(input.reference)
    const [second] = fake.live(again.reference)
    expect(second!.warehouse).toBe(first!.warehouse)
    expect([...fake.warehouses.keys()].filter((w) => w === first!.warehouse)).toHaveLength(1)
  })

  // Nowhere it does not deliver (744), a failed label cancelling the waybill, and cancelling
  // before collection: the courier contract (courier-contract.ts).
  it('manifests nothing where its pin code list says it does not collect (Ladakh)', async () => {
    // Ladakh takes parcels but has no reverse pickup (`pickup: N`): asked of the shopper's pincode.
    const input = returnPickup('194101')
    await expect(delhivery.bookReturn(input)).rejects.toBeInstanceOf(CourierUnserviceableError)
    expect(madeFor(input.reference)).toEqual([])
  })

  it('is tracked by its waybill like a parcel, up to its delivery to the seller', async () => {
    const { awb } = await delhivery.bookReturn(returnPickup())
    fake.scan(awb, 'Scheduled', 'PP', '2026-11-23T12:00:00', 'Delhi_Hub (Delhi)')
    fake.scan(awb, 'In Transit', 'PU', '2026-11-23T15:10:00', 'Delhi_Hub (Delhi)')
    fake.scan(awb, 'Dispatched', 'PU', '2026-11-26T09:00:00', 'Bengaluru_Hub (Karnataka)')
    fake.scan(awb, 'DTO', 'DL', '2026-11-26T13:00:00', 'Bengaluru_Hub (Karnataka)')
    expect((await delhivery.track(awb)).map((e) => [e.status, e.at.toISOString()])).toEqual([
      ['in_transit', '2026-11-23T09:40:00.000Z'],
      ['out_for_delivery', '2026-11-26T03:30:00.000Z'],
      ['delivered', '2026-11-26T07:30:00.000Z'],
    ])
  })
})
