import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { createUser } from '../../../test/factories'
import { refunds } from '../../db/schema'
import { returnsKit, type Shopper } from '../returns/fixtures'

/*
 * Issue 26.8: after a cancellation, a delivery, a return and its refund, every view of an order
 * (the shopper's list and details, the admin's list and details, the seller's list and the
 * dashboard's revenue) states the same money and words, from one rule (`orderStanding`).
 */

const clock = createClock()
let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
})
afterAll(() => t.close())
const db = () => t.database.db
const kit = returnsKit(() => t, clock.now)

type Seller = Awaited<ReturnType<typeof kit.seller>>
let phoneSeller: Seller, cableSeller: Seller
let shopper: Shopper
let admin = ''
let phoneId = '',
  cableId = ''

const get = async (cookie: string, url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data
}
const shopperList = async () =>
  (await get(shopper.cookie, `/api/shop/order/list/${shopper.user.id}`)) as { _id: string }[]
const shopperDetails = (orderId: string) =>
  get(shopper.cookie, `/api/shop/order/details/${orderId}`)
const adminDetails = (orderId: string) => get(admin, `/api/admin/orders/details/${orderId}`)
const adminRow = async (orderId: string) =>
  ((await get(admin, '/api/admin/orders/get')) as { _id: string }[]).find((o) => o._id === orderId)
const sellerRow = async (seller: Seller, orderId: string) =>
  ((await get(seller.cookie, '/api/admin/orders/getVendor')) as { orderId: string }[]).find(
    (o) => o.orderId === orderId,
  )

/** The order the issue describes: a ₹22,999 phone and a ₹299 cable from two sellers, COD. */
let twoSellers = ''
/** A ₹22,999 phone, cash on delivery, delivered, returned and refunded. */
let returnedOrder = ''

beforeAll(async () => {
  phoneSeller = await kit.seller()
  cableSeller = await kit.seller()
  admin = await kit.cookieOf((await createUser(db(), { role: 'admin', type: 'admin' })).id)
  shopper = await kit.shopper()
  phoneId = (await kit.product(phoneSeller.user.id, 22_999, 10)).id
  cableId = (await kit.product(cableSeller.user.id, 299, 10)).id
})

describe('an order after "Cancel this part"', () => {
  it('shows the cancelled line as cancelled and ₹22,999 payable to the shopper and the admin', async () => {
    twoSellers = await kit.order(shopper, [
      { productId: phoneId, quantity: 1 },
      { productId: cableId, quantity: 1 },
    ])
    const cablePart = (await kit.partsOf(twoSellers)).find(
      (p) => p.sellerId === cableSeller.user.id,
    )!
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/shop/order/${twoSellers}/cancel`,
      headers: { cookie: shopper.cookie },
      payload: { subOrderId: cablePart.id, reason: 'Ordered by mistake' },
    })
    expect(cancelled.statusCode, cancelled.body).toBe(200)

    const money = {
      totalAmount: 23_298,
      payableAmount: 22_999,
      refundedAmount: 0,
      refundPendingAmount: 0,
      orderStatus: 'confirmed',
      displayStatus: 'confirmed',
      displayPaymentStatus: 'pending',
    }
    expect((await shopperList()).find((o) => o._id === twoSellers)).toMatchObject(money)
    expect(await adminRow(twoSellers)).toMatchObject(money)
    for (const details of [await shopperDetails(twoSellers), await adminDetails(twoSellers)]) {
      expect(details).toMatchObject(money)
      const line = (productId: string) =>
        details.cartItems.find((l: { productId: string }) => l.productId === productId)
      expect(line(cableId)).toMatchObject({
        quantity: 1,
        state: 'cancelled',
        cancelledQuantity: 1,
        returnedQuantity: 0,
      })
      expect(line(phoneId)).toMatchObject({ state: 'active', cancelledQuantity: 0 })
    }
    // The mail tells the shopper the cash to hand over for the rest.
    const [mail] = (await kit.mailsTo(shopper.user.email)).filter((m) =>
      m.subject.endsWith('is cancelled'),
    )
    expect(mail!.text).toContain('please pay ₹22,999 in cash on delivery')
  })

  it("shows each seller its own part: the phone's payable, the cable's cancelled", async () => {
    expect(await sellerRow(phoneSeller, twoSellers)).toMatchObject({
      totalAmount: 22_999,
      payableAmount: 22_999,
      displayStatus: 'confirmed',
      cartItems: [expect.objectContaining({ state: 'active' })],
    })
    expect(await sellerRow(cableSeller, twoSellers)).toMatchObject({
      totalAmount: 299,
      payableAmount: 0,
      displayStatus: 'cancelled',
      cartItems: [expect.objectContaining({ state: 'cancelled', cancelledQuantity: 1 })],
    })
  })

  it('reads Paid once the courier delivered the rest and collected the cash', async () => {
    const phonePart = (await kit.partsOf(twoSellers)).find(
      (p) => p.sellerId === phoneSeller.user.id,
    )!
    await kit.deliver(phoneSeller.cookie, phonePart.id)
    const paid = { orderStatus: 'delivered', displayPaymentStatus: 'paid', payableAmount: 22_999 }
    expect((await shopperList()).find((o) => o._id === twoSellers)).toMatchObject(paid)
    expect(await shopperDetails(twoSellers)).toMatchObject(paid)
    expect(await adminRow(twoSellers)).toMatchObject(paid)
  })
})

describe('an order whose every unit came back', () => {
  it('reads Returned, and Refunded once the refund is paid', async () => {
    returnedOrder = await kit.order(shopper, [{ productId: phoneId, quantity: 1 }])
    const [part] = await kit.partsOf(returnedOrder)
    await kit.deliver(phoneSeller.cookie, part!.id)
    const requested = await kit.postReturn(shopper.cookie, returnedOrder, {
      items: [{ productId: phoneId, quantity: 1 }],
      reason: 'defective',
      payout: { kind: 'upi', upiId: 'kavya@okaxis' },
    })
    expect(requested.statusCode, requested.body).toBe(201)
    const returnId = requested.json().data[0]._id as string
    for (const status of ['approved', 'received', 'qc_passed']) {
      const res = await kit.putReturn(phoneSeller.cookie, returnId, { status })
      expect(res.statusCode, res.body).toBe(200)
    }
    const owed = {
      orderStatus: 'delivered',
      displayStatus: 'returned',
      displayPaymentStatus: 'paid',
      payableAmount: 22_999,
      refundedAmount: 0,
      refundPendingAmount: 22_999,
    }
    expect(await shopperDetails(returnedOrder)).toMatchObject({
      ...owed,
      cartItems: [expect.objectContaining({ state: 'returned', returnedQuantity: 1 })],
    })

    const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, returnedOrder))
    const paidOut = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/refunds/${refund!.id}`,
      headers: { cookie: admin },
      payload: { action: 'markPaid', reference: '612345678901' },
    })
    expect(paidOut.statusCode, paidOut.body).toBe(200)
    const refunded = {
      displayStatus: 'returned',
      displayPaymentStatus: 'refunded',
      refundedAmount: 22_999,
      refundPendingAmount: 0,
    }
    expect((await shopperList()).find((o) => o._id === returnedOrder)).toMatchObject(refunded)
    expect(await shopperDetails(returnedOrder)).toMatchObject(refunded)
    expect(await adminDetails(returnedOrder)).toMatchObject(refunded)
    expect(await adminRow(returnedOrder)).toMatchObject(refunded)
  })
})

describe('GET /api/admin/dashboard', () => {
  it("counts today's revenue net of cancelled parts and refunds", async () => {
    const data = await get(admin, '/api/admin/dashboard')
    // ₹22,999 of the two-seller order (its ₹299 cable cancelled), nothing of the one refunded.
    expect(data).toMatchObject({ ordersToday: 2, revenueToday: 22_999 })
    expect(data.revenueSeries.at(-1).revenue).toBe(22_999)
  })
})
