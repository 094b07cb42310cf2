import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeDelhivery } from '../../test/fakes/delhivery'
import { createDelhivery, pickupSlot } from './delhivery'
import { delhiveryStatus } from './delhivery-events'
import { CourierAuthError, CourierError, type BookingInput, type Courier } from './types'

const PUSH_TOKEN = 'dl-push-token-0123456789'
let fake: Awaited<ReturnType<typeof startFakeDelhivery>>
let delhivery: Courier
// Monday morning in India: today's afternoon pickup.
const now = () => new Date('2026-11-23T04:00:00Z')
beforeAll(async () => {
  fake = await startFakeDelhivery()
  delhivery = createDelhivery({
    token: fake.token,
    baseUrl: fake.baseUrl,
    webhookToken: PUSH_TOKEN,
    now,
  })
})
afterAll(() => fake.close())

/** A COD parcel of ₹1,500 from a Bengaluru seller to `pincode`. */
const parcel = (pincode = '560034', overrides: Partial<BookingInput> = {}): BookingInput => ({
  reference: crypto.randomUUID(),
  pickupId: '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
  pickup: {
    name: 'Store 560001',
    address: '4 Brigade Road',
    city: 'Bengaluru',
    pincode: '560001',
    phone: '9845012345',
    email: 'seller@example.in',
  },
  delivery: {
    name: 'Asha',
    address: '12 Koramangala 5th Block',
    city: 'Bengaluru',
    pincode,
    phone: '+919876543210',
  },
  codPaise: 150_000,
  declaredValuePaise: 150_000,
  weightGrams: 450,
  lengthCm: 20,
  breadthCm: 12,
  heightCm: 6,
  items: [{ sku: 'prod-1', title: 'USB-C cable', quantity: 2, unitPricePaise: 75_000 }],
  ...overrides,
})

describe('Delhivery serviceability', () => {
  // Served, cash and unserved pincodes from its pin code list: the courier contract.
  it('estimates transit by postal circle (its API answers no days)', async () => {
    expect(
      await delhivery.serviceability({ pickupPincode: '560001', deliveryPincode: '560034' }),
    ).toMatchObject({ transitDays: 2 })
    expect(
      await delhivery.serviceability({ pickupPincode: '560001', deliveryPincode: '791111' }),
    ).toMatchObject({ transitDays: 5 })
  })
})

describe('Delhivery book', () => {
  it('hands over the e-way bill the seller made (ewbn), and none when there is none', async () => {
    const withBill = { ...parcel(), eWayBillNumber: '181000123456' }
    await delhivery.book(withBill)
    expect(fake.live(withBill.reference)[0]?.shipment.ewbn).toBe('181000123456')
    const without = parcel()
    await delhivery.book(without)
    expect(fake.live(without.reference)[0]?.shipment).not.toHaveProperty('ewbn')
  })

  it('makes the warehouse, manifests the parcel, gets the label and asks for the pickup', async () => {
    const input = parcel()
    const booking = await delhivery.book(input)
    const [made] = fake.live(input.reference)
    expect(booking).toEqual({
      awb: made!.waybill,
      labelUrl: `${fake.baseUrl}/slips/${made!.waybill}.pdf`,
      transitDays: 2,
    })
    expect(made!.shipment).toMatchObject({
      order: input.reference,
      payment_mode: 'COD',
      cod_amount: 1500,
      total_amount: 1500,
      weight: 450,
      phone: '9876543210',
      state: 'Karnataka',
      products_desc: '2 x USB-C cable',
    })
    expect(fake.warehouses.get(made!.warehouse)).toMatchObject({
      pin: '560001',
      phone: '9845012345',
    })
    expect(fake.pickups.at(-1)).toMatchObject({
      pickup_location: made!.warehouse,
      expected_package_count: 1,
      pickup_date: '2026-11-23',
      pickup_time: '14:00:00',
    })
    // The second parcel of the day: the warehouse and the day's pickup request exist already.
    const again = await createDelhivery({ token: fake.token, baseUrl: fake.baseUrl, now }).book(
      parcel(),
    )
    expect(again.awb).not.toBe(booking.awb)
    expect(fake.pickups.filter((p) => p.pickup_location === made!.warehouse)).toHaveLength(1)
  })

  // All or nothing (a failed label or pickup request cancels the waybill) and nothing manifested
  // where it does not deliver or takes no cash: the courier contract.

  it('picks up today before noon, else on the next day that is not a Sunday', () => {
    expect(pickupSlot(new Date('2026-11-23T04:00:00Z'))).toEqual({
      date: '2026-11-23',
      time: '14:00:00',
    })
    // Saturday 15:30 IST → Monday; Sunday morning → Monday.
    expect(pickupSlot(new Date('2026-11-21T10:00:00Z'))).toEqual({
      date: '2026-11-23',
      time: '11:00:00',
    })
    expect(pickupSlot(new Date('2026-11-22T03:00:00Z')).date).toBe('2026-11-23')
  })
})

describe('Delhivery cancel and track', () => {
  // Cancelling a booked waybill, and scans in order keyed as the push is: the courier contract.
  it('makes the label from the waybill, and refuses to cancel or track one it does not know', async () => {
    const { awb } = await delhivery.book(parcel())
    expect(await delhivery.label(awb)).toContain(awb)
    await expect(delhivery.cancel('0000')).rejects.toBeInstanceOf(CourierError)
    await expect(delhivery.track('0000')).rejects.toBeInstanceOf(CourierError)
  })

  it('follows two scans of one status (In Transit, Pending) as two events', async () => {
    const { awb } = await delhivery.book(parcel())
    fake.scan(awb, 'In Transit', 'UD', '2026-11-23T18:10:52')
    fake.scan(awb, 'Pending', 'UD', '2026-11-24T06:00:00')
    expect((await delhivery.track(awb)).map((e) => [e.status, e.at.toISOString()])).toEqual([
      ['in_transit', '2026-11-23T12:40:52.000Z'],
      ['in_transit', '2026-11-24T00:30:00.000Z'],
    ])
  })
})

describe('Delhivery push', () => {
  // The token in the URL taken, a wrong, missing or header one refused, a status the shop does
  // not follow acknowledged without an event: the courier contract.
  it("keys an event by the shop's status and the scan's time; no token configured refuses all", async () => {
    const { awb } = await delhivery.book(parcel())
    fake.scan(awb, 'Delivered', 'DL', '2026-11-25T12:00:00')
    const rawBody = fake.push(awb)
    const headers = { 'content-type': 'application/json' }
    expect(
      delhivery.verifyWebhook({ rawBody, headers, query: { token: PUSH_TOKEN } }),
    ).toMatchObject({ awb, status: 'delivered', eventKey: 'delivered@2026-11-25T06:30:00.000Z' })
    const open = createDelhivery({ token: fake.token, baseUrl: fake.baseUrl })
    expect(() => open.verifyWebhook({ rawBody, headers, query: { token: '' } })).toThrow(
      CourierAuthError,
    )
  })

  it("maps Delhivery's status and type to the shop's", () => {
    const cases: [string, string][] = [
      ['Manifested', 'UD'],
      ['Not Picked', 'UD'],
      ['In Transit', 'UD'],
      ['Pending', 'UD'],
      ['Dispatched', 'UD'],
      ['Undelivered', 'UD'],
      ['Delivered', 'DL'],
      ['In Transit', 'RT'],
      ['RTO', 'DL'],
      ['Returned', 'DL'],
      ['Open', 'PP'],
    ]
    expect(cases.map(([status, type]) => delhiveryStatus(status, type))).toEqual([
      null,
      null,
      'in_transit',
      'in_transit',
      'out_for_delivery',
      'failed_attempt',
      'delivered',
      null,
      'rto',
      'rto',
      null,
    ])
  })
})
