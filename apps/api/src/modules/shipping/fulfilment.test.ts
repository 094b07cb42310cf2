import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { subOrders, vendorProfiles } from '../../db/schema'
import { createSession } from '../auth/sessions'
import { moveOrder } from '../lifecycle/move'
import { createTestApp, type TestContext } from '../../../test/app'
import { sessionCookieFor } from '../../../test/auth'
import { createClock } from '../../../test/clock'
import { createProduct, createSeller, createUser } from '../../../test/factories'
import { createShopper, fillCart, orderCart } from '../../../test/shop'

const DAY = 86_400_000
// Friday 20 Nov 2026, 10:00 in India. Sellers have 2 working days (Sundays off) to ship.
const clock = createClock(new Date('2026-11-20T04:30:00Z'))
/** Moves the clock to `local`, a time in India. */
const clockTo = (local: string) =>
  clock.advance(Date.parse(`${local}+05:30`) - clock.now().getTime())

let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
})
afterAll(() => t.close())
const db = () => t.database.db

const cookieOf = async (userId: string) =>
  sessionCookieFor(t.app, await createSession(db(), { userId, days: 60, now: clock.now() }))
const get = async (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })

interface SellerRow {
  _id: string
  orderId: string
  orderStatus: string
  shipBy: string | null
  shipment: {
    awb: string
    courier: string
    status: string
    labelUrl: string
    expectedBy: string
  } | null
}
interface ShipmentRow {
  _id: string
  seller: string
  orderStatus: string
  shipBy: string | null
  shipment: { awb: string } | null
  late: boolean
  lateReason: string | null
}

describe('fulfilment: ship-by days, the seller list, the admin shipments and late parcels', () => {
  const parts: Record<'a' | 'b' | 'c' | 'd', string> = { a: '', b: '', c: '', d: '' }
  const orders: Record<keyof typeof parts, string> = { a: '', b: '', c: '', d: '' }
  const cookies = { seller: '', admin: '', shopper: '', other: '' }
  let awb = ''
  let expectedBy = ''

  const sellerList = async () =>
    ((await get('/api/admin/orders/getVendor', cookies.seller)).json().data as SellerRow[]).map(
      (row) => ({
        ...row,
        part: (Object.keys(parts) as (keyof typeof parts)[]).find((k) => parts[k] === row._id),
      }),
    )
  const shipments = async (query = '') => {
    const res = await get(`/api/admin/shipments${query}`, cookies.admin)
    expect(res.statusCode).toBe(200)
    return res.json() as { data: ShipmentRow[]; total: number }
  }
  const named = (rows: { _id: string }[]) =>
    rows.map((row) =>
      (Object.keys(parts) as (keyof typeof parts)[]).find((k) => parts[k] === row._id),
    )

  beforeAll(async () => {
    const seller = await createSeller(db())
    await db()
      .update(vendorProfiles)
      .set({
        businessName: 'Brigade Gadgets',
        addressLine: '4 Brigade Road',
        city: 'Bengaluru',
        stateCode: '29',
        pincode: '560001',
      })
      .where(eq(vendorProfiles.userId, seller.id))
    const product = await createProduct(db(), { sellerId: seller.id, price: 999, totalStock: 20 })
    const shopper = await createShopper(db())
    cookies.seller = await cookieOf(seller.id)
    cookies.admin = await cookieOf((await createUser(db(), { role: 'admin', type: 'admin' })).id)
    cookies.shopper = await cookieOf(shopper.user.id)
    cookies.other = await cookieOf((await createSeller(db())).id)

    const order = async (key: keyof typeof parts, method: 'COD' | 'CASHFREE' = 'COD') => {
      await fillCart(db(), shopper.user.id, [{ productId: product.id, quantity: 1 }])
      orders[key] = await orderCart(t.app, shopper, method)
      const [part] = await db().select().from(subOrders).where(eq(subOrders.orderId, orders[key]))
      parts[key] = part!.id
      clock.advance(60_000)
    }
    // Friday: A. Saturday: B, C (shipped at once) and D (awaiting its online payment).
    await order('a')
    clockTo('2026-11-21T10:00:00')
    await order('b')
    await order('c')
    await order('d', 'CASHFREE')
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/admin/orders/vendor-ship',
      headers: { cookie: cookies.seller },
      payload: { _id: parts.c, weightGrams: 300, lengthCm: 18, breadthCm: 10, heightCm: 5 },
    })
    expect(booked.statusCode).toBe(200)
    awb = booked.json().data.awb
    // Packed but not booked: still to ship.
    const processed = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/orders/vendor-update',
      headers: { cookie: cookies.seller },
      payload: { _id: parts.b, status: 'inProcess' },
    })
    expect(processed.statusCode).toBe(200)
  })

  it('records when each part was confirmed: cash on delivery as placed, online when paid', async () => {
    const confirmedAt = async (key: keyof typeof parts) =>
      (await db().select().from(subOrders).where(eq(subOrders.id, parts[key])))[0]!.confirmedAt
    expect(await confirmedAt('a')).toEqual(new Date('2026-11-20T04:30:00Z'))
    expect(await confirmedAt('b')).toEqual(new Date('2026-11-21T04:30:00Z'))
    expect(await confirmedAt('d')).toBeNull()
  })

  it("lists the seller's parts to ship first, oldest first with their ship-by day, then the rest", async () => {
    // Tuesday 24 Nov.
    clockTo('2026-11-24T12:00:00')
    const rows = await sellerList()
    expect(rows.map((r) => r.part)).toEqual(['a', 'b', 'd', 'c'])
    const [a, b, d, c] = rows
    // Friday + Saturday, (Sunday), Monday; Saturday + (Sunday), Monday, Tuesday.
    expect(a).toMatchObject({ orderStatus: 'confirmed', shipBy: '2026-11-23', shipment: null })
    expect(b).toMatchObject({ orderStatus: 'inProcess', shipBy: '2026-11-24', shipment: null })
    expect(d).toMatchObject({ orderStatus: 'pending', shipBy: null, shipment: null })
    expect(c).toMatchObject({ orderStatus: 'inProcess', shipBy: null })
    expect(c!.shipment).toMatchObject({ courier: 'SANDBOX', awb, status: 'booked' })
    expect(c!.shipment!.labelUrl).toContain(awb)
    expect(c!.shipment!.expectedBy).toMatch(/^2026-11-\d\d$/)
    expectedBy = c!.shipment!.expectedBy
    expect(expectedBy > '2026-11-24').toBe(true)
    // Another seller sees none of them.
    const other = await get('/api/admin/orders/getVendor', cookies.other)
    expect(other.json().data).toEqual([])
  })

  it('shows admins every shipment, newest first, and flags a part not shipped by its day', async () => {
    const all = await shipments()
    expect(named(all.data)).toEqual(['c', 'b', 'a'])
    expect(all.total).toBe(3)
    const [c, b, a] = all.data
    expect(a).toMatchObject({
      seller: 'Brigade Gadgets',
      orderStatus: 'confirmed',
      shipBy: '2026-11-23',
      shipment: null,
      late: true,
      lateReason: 'notShipped',
    })
    // Due today is not late yet.
    expect(b).toMatchObject({ shipBy: '2026-11-24', late: false, lateReason: null })
    expect(c).toMatchObject({ shipment: { awb }, late: false, lateReason: null })
    expect(named((await shipments('?late=true')).data)).toEqual(['a'])
    expect(named((await shipments('?late=false')).data)).toEqual(['c', 'b'])
    const paged = await shipments('?limit=2&page=2')
    expect(named(paged.data)).toEqual(['a'])
    expect(paged.total).toBe(3)
  })

  it('flags a booked parcel past its expected day, until the courier delivers it', async () => {
    clockTo(`${expectedBy}T09:00:00`)
    clock.advance(DAY)
    const late = await shipments('?late=true')
    expect(named(late.data)).toEqual(['c', 'b', 'a'])
    expect(late.data.map((r) => r.lateReason)).toEqual(['notDelivered', 'notShipped', 'notShipped'])
    const dashboard = await get('/api/admin/dashboard', cookies.admin)
    expect(dashboard.json().data.lateShipments).toEqual({
      count: 3,
      notShipped: 2,
      notDelivered: 1,
    })

    for (const status of ['picked_up', 'delivered']) {
      const pushed = await t.app.inject({
        method: 'POST',
        url: `/sandbox-courier/${awb}/events`,
        payload: { status },
      })
      expect(pushed.statusCode).toBeLessThan(400)
      clock.advance(60_000)
    }
    const after = await shipments()
    expect(after.data.find((r) => r._id === parts.c)).toMatchObject({
      orderStatus: 'delivered',
      shipment: { awb },
      late: false,
    })
    expect((await get('/api/admin/dashboard', cookies.admin)).json().data.lateShipments).toEqual({
      count: 2,
      notShipped: 2,
      notDelivered: 0,
    })
  })

  it('confirms an online part when it is paid, and it joins the parts to ship', async () => {
    await db().transaction((tx) =>
      moveOrder(tx, t.app.deps.lifecycle, {
        orderId: orders.d,
        event: 'pay',
        actor: { kind: 'provider' },
      }),
    )
    const [d] = await db().select().from(subOrders).where(eq(subOrders.id, parts.d))
    expect(d!.confirmedAt).toBeInstanceOf(Date)
    const rows = await sellerList()
    expect(rows.find((r) => r.part === 'd')).toMatchObject({
      orderStatus: 'confirmed',
      shipBy: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
    })
    expect(
      rows
        .slice(0, 3)
        .map((r) => r.part)
        .sort(),
    ).toEqual(['a', 'b', 'd'])
  })

  it('is for admins only', async () => {
    expect((await get('/api/admin/shipments')).statusCode).toBe(401)
    expect((await get('/api/admin/shipments', cookies.shopper)).statusCode).toBe(403)
    expect((await get('/api/admin/shipments', cookies.seller)).statusCode).toBe(403)
    expect((await get('/api/admin/shipments?late=maybe', cookies.admin)).statusCode).toBe(400)
  })
})
