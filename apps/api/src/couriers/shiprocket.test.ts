import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeShiprocket } from '../../test/fakes/shiprocket'
import { createShiprocket } from './shiprocket'
import { shiprocketStatus } from './shiprocket-events'
import { CourierAuthError, type BookingInput, type Courier } from './types'

const WEBHOOK_KEY = 'sr-webhook-key-0123456789'
let fake: Awaited<ReturnType<typeof startFakeShiprocket>>
let shiprocket: Courier
let clock = new Date('2026-11-22T10:00:00Z')
const adapter = (webhookToken: string | undefined = WEBHOOK_KEY) =>
  createShiprocket({
    email: fake.creds.email,
    password: fake.creds.password,
    baseUrl: fake.baseUrl,
    webhookToken,
    now: () => clock,
  })
beforeAll(async () => {
  fake = await startFakeShiprocket()
  shiprocket = adapter()
})
afterAll(() => fake.close())

/** A COD parcel of ₹1,500 from a Bengaluru seller to `pincode`. */
const parcel = (pincode = '560034', overrides: Partial<BookingInput> = {}): BookingInput => ({
  reference: crypto.randomUUID(),
  pickupId: '7d0c2a5e-4f61-4b8e-9a0c-3c2b1e0f9a77',
  pickup: {
    name: 'Store 560001',
    address: '4 Brigade Road',
    city: 'Bengaluru',
    pincode: '560001',
    phone: '+91 98450 12345',
    email: 'seller@example.in',
  },
  delivery: {
    name: 'Asha',
    address: '12 Koramangala 5th Block',
    city: 'Bengaluru',
    pincode,
    phone: '9876543210',
  },
  codPaise: 150_000,
  declaredValuePaise: 150_000,
  weightGrams: 450,
  lengthCm: 20,
  breadthCm: 12,
  heightCm: 6,
  items: [{ sku: 'prod-1', title: 'USB-C cable', quantity: 1, unitPricePaise: 150_000 }],
  ...overrides,
})

describe('Shiprocket serviceability', () => {
  // Served, cash and unserved pincodes: the courier contract (courier-contract.ts).
  it("quotes the recommended courier's days; no pickup pincode, no courier", async () => {
    expect(
      await shiprocket.serviceability({ pickupPincode: '560001', deliveryPincode: '560034' }),
    ).toEqual({ serviceable: true, cod: true, transitDays: 3 })
    expect(
      await shiprocket.serviceability({ pickupPincode: null, deliveryPincode: '560034' }),
    ).toEqual({ serviceable: false, cod: false, transitDays: null })
  })
})

describe('Shiprocket book', () => {
  it('creates the order with a COD courier, the AWB, the pickup and the label', async () => {
    const input = parcel()
    const booking = await shiprocket.book(input)
    const [order] = fake.live(input.reference)
    expect(order).toBeDefined()
    expect(booking).toEqual({
      awb: order!.awb,
      labelUrl: `${fake.baseUrl.replace('/v1/external', '')}/labels/${order!.shipmentId}.pdf`,
      transitDays: 4,
      providerRef: `${order!.id}:${order!.shipmentId}`,
    })
    // The recommended courier (43) takes no cash: the COD one was asked for.
    expect(order!.courierId).toBe(10)
    expect(order!.pickupRequested).toBe(true)
    expect(order!.body).toMatchObject({
      order_id: input.reference,
      order_date: '2026-11-22 15:30',
      payment_method: 'COD',
      sub_total: 1500,
      weight: 0.45,
      billing_state: 'Karnataka',
      billing_phone: '9876543210',
      billing_email: fake.creds.email,
      order_items: [{ name: 'USB-C cable', sku: 'prod-1', units: 1, selling_price: 1500 }],
    })
    const place = fake.locations.get(String(order!.body.pickup_location))
    expect(place).toMatchObject({
      phone: '9845012345',
      email: 'seller@example.in',
      pin_code: '560001',
    })
  })

  it('makes the pickup location once, and takes one that exists already', async () => {
    const before = fake.counts.addpickup
    await shiprocket.book(parcel())
    expect(fake.counts.addpickup).toBe(before)
    // A new process (or the panel) made it before: "already exists" is fine.
    await adapter().book(parcel())
    expect(fake.counts.addpickup).toBe(before + 1)
    // A seller who moved gets a new place.
    const moved = parcel('560034', {})
    moved.pickup = { ...moved.pickup, address: '9 MG Road' }
    await shiprocket.book(moved)
    expect(fake.counts.addpickup).toBe(before + 2)
  })

  // All or nothing (a failed assign, pickup or label) and nothing made where no courier goes:
  // the courier contract.
  it('sends a prepaid parcel as Prepaid', async () => {
    const prepaid = parcel('791111', { codPaise: 0 })
    await shiprocket.book(prepaid)
    expect(fake.live(prepaid.reference)[0]!.body.payment_method).toBe('Prepaid')
  })
})

describe('Shiprocket login', () => {
  it('logs in once, again on a 401, and again before the token is 10 days old', async () => {
    const courier = adapter()
    const before = fake.counts.logins
    await courier.serviceability({ pickupPincode: '560001', deliveryPincode: '560034' })
    await courier.serviceability({ pickupPincode: '560001', deliveryPincode: '110001' })
    expect(fake.counts.logins).toBe(before + 1)
    fake.expireTokens()
    expect(
      (await courier.serviceability({ pickupPincode: '560001', deliveryPincode: '560034' }))
        .serviceable,
    ).toBe(true)
    expect(fake.counts.logins).toBe(before + 2)
    const start = clock
    try {
      clock = new Date(start.getTime() + 9 * 24 * 3600_000 + 1000)
      await courier.serviceability({ pickupPincode: '560001', deliveryPincode: '560034' })
      expect(fake.counts.logins).toBe(before + 3)
    } finally {
      clock = start
    }
  })
})

describe('Shiprocket label, cancel and track by AWB', () => {
  it('finds the order by AWB when no providerRef is kept', async () => {
    const input = parcel()
    const { awb } = await shiprocket.book(input)
    expect(await shiprocket.label(awb)).toMatch(/\/labels\/\d+\.pdf$/)
    await shiprocket.requestPickup({ awb, pickupId: input.pickupId, pickup: input.pickup })
    await shiprocket.cancel(awb)
    expect(fake.live(input.reference)).toEqual([])
  })
  // Scans in order, keyed as the webhook is: the courier contract.
})

describe('Shiprocket webhook', () => {
  const booked = async () => (await shiprocket.book(parcel())).awb

  // The right x-api-key taken, a wrong or missing one refused, a status the shop does not
  // follow acknowledged without an event: the courier contract.
  it("keys an event by the shop's status and the scan's time; no key configured refuses all", async () => {
    const awb = await booked()
    fake.scan(awb, 'DELIVERED', '2026-11-24 13:00:00', 'Koramangala')
    const good = fake.webhook(awb, WEBHOOK_KEY)
    expect(
      shiprocket.verifyWebhook({ rawBody: good.payload, headers: good.headers, query: {} }),
    ).toMatchObject({ awb, status: 'delivered', eventKey: 'delivered@2026-11-24T07:30:00.000Z' })
    const open = adapter(undefined)
    expect(() =>
      open.verifyWebhook({ rawBody: good.payload, headers: { 'x-api-key': '' }, query: {} }),
    ).toThrow(CourierAuthError)
  })

  it("maps Shiprocket's words to the shop's", () => {
    expect(
      [
        'PICKED UP',
        'Shipped',
        'IN_TRANSIT',
        'REACHED AT DESTINATION HUB',
        'OUT FOR DELIVERY',
        'Delivered',
        'UNDELIVERED',
        'RTO INITIATED',
        'RTO IN TRANSIT',
        'RTO DELIVERED',
        'LOST',
        'AWB ASSIGNED',
      ].map(shiprocketStatus),
    ).toEqual([
      'picked_up',
      'in_transit',
      'in_transit',
      'in_transit',
      'out_for_delivery',
      'delivered',
      'failed_attempt',
      null,
      null,
      'rto',
      null,
      null,
    ])
  })
})
