import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { createUser } from '../../../test/factories'
import { refunds } from '../../db/schema'
import { returnsKit, type Shopper } from '../returns/fixtures'

/*
 * Issue 26.8: the admin's status filter finds an order under the status the list shows it with
 * (`displayStatus`). An order whose every unit came back reads Returned (and Refunded) while it
 * stores Delivered; it was found under Delivered and not under Returned.
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
const orders: Record<'returned' | 'returnedRest' | 'partlyReturned' | 'kept' | 'asked', string> = {
  returned: '',
  returnedRest: '',
  partlyReturned: '',
  kept: '',
  asked: '',
}

/** The shopper sends `quantity` phones of `orderId` back; the seller takes them through QC. */
async function sendBack(
  orderId: string,
  quantity: number,
  steps = ['approved', 'received', 'qc_passed'],
) {
  const requested = await kit.postReturn(shopper.cookie, orderId, {
    items: [{ productId: phoneId, quantity }],
    reason: 'defective',
    payout: { kind: 'upi', upiId: 'kavya@okaxis' },
  })
  expect(requested.statusCode, requested.body).toBe(201)
  const returnId = requested.json().data[0]._id as string
  for (const status of steps) {
    const res = await kit.putReturn(phoneSeller.cookie, returnId, { status })
    expect(res.statusCode, res.body).toBe(200)
  }
}

/** A delivered order of `quantity` phones (and a cable from another seller, cancelled first). */
async function deliveredOrder(quantity: number, withCancelledCable = false) {
  const lines = [{ productId: phoneId, quantity }]
  if (withCancelledCable) lines.push({ productId: cableId, quantity: 1 })
  const orderId = await kit.order(shopper, lines)
  const parts = await kit.partsOf(orderId)
  const cable = parts.find((p) => p.sellerId === cableSeller.user.id)
  if (cable) {
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/shop/order/${orderId}/cancel`,
      headers: { cookie: shopper.cookie },
      payload: { subOrderId: cable.id, reason: 'Ordered by mistake' },
    })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
  }
  const phone = parts.find((p) => p.sellerId === phoneSeller.user.id)!
  await kit.deliver(phoneSeller.cookie, phone.id)
  return orderId
}

const list = async (query: string) => {
  const res = await t.app.inject({
    url: `/api/admin/orders/get?limit=100${query}`,
    headers: { cookie: admin },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as {
    total: number
    data: {
      _id: string
      orderStatus: string
      displayStatus: string
      displayPaymentStatus: string
    }[]
  }
}

beforeAll(async () => {
  phoneSeller = await kit.seller()
  cableSeller = await kit.seller()
  admin = await kit.cookieOf((await createUser(db(), { role: 'admin', type: 'admin' })).id)
  shopper = await kit.shopper()
  phoneId = (await kit.product(phoneSeller.user.id, 9_999, 20)).id
  cableId = (await kit.product(cableSeller.user.id, 299, 10)).id

  // Every unit back and the refund paid: Returned, Refunded (stored: Delivered).
  orders.returned = await deliveredOrder(1)
  await sendBack(orders.returned, 1)
  const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, orders.returned))
  const paidOut = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/refunds/${refund!.id}`,
    headers: { cookie: admin },
    payload: { action: 'markPaid', reference: '612345678901' },
  })
  expect(paidOut.statusCode, paidOut.body).toBe(200)
  // The cable cancelled before it shipped, the phones all sent back: nothing is with the shopper.
  orders.returnedRest = await deliveredOrder(2, true)
  await sendBack(orders.returnedRest, 2)
  // One of two phones back: the other is kept, so still Delivered.
  orders.partlyReturned = await deliveredOrder(2)
  await sendBack(orders.partlyReturned, 1)
  // Delivered, nothing sent back.
  orders.kept = await deliveredOrder(1)
  // A return asked for and not through its quality check yet: the phone is not back.
  orders.asked = await deliveredOrder(1)
  await sendBack(orders.asked, 1, ['approved'])
}, 60_000)

describe('GET /api/admin/orders/get?status=', () => {
  it('finds an order whose every unit came back under Returned, as the list shows it', async () => {
    const returned = await list('&status=returned')
    expect(returned.data.map((o) => o._id).sort()).toEqual(
      [orders.returned, orders.returnedRest].sort(),
    )
    expect(returned.total).toBe(2)
    for (const row of returned.data) {
      expect(row).toMatchObject({ orderStatus: 'delivered', displayStatus: 'returned' })
    }
    expect(returned.data.find((o) => o._id === orders.returned)).toMatchObject({
      displayPaymentStatus: 'refunded',
    })
  })

  it('leaves it out of Delivered, which keeps the orders still with the shopper', async () => {
    const delivered = await list('&status=delivered')
    expect(delivered.data.map((o) => o._id).sort()).toEqual(
      [orders.partlyReturned, orders.kept, orders.asked].sort(),
    )
    expect(delivered.total).toBe(3)
    expect(delivered.data.every((o) => o.displayStatus === 'delivered')).toBe(true)
  })

  it('counts every order once over the statuses shown', async () => {
    const all = await list('')
    expect(all.total).toBe(5)
    const shown = new Set(all.data.map((o) => o.displayStatus))
    let counted = 0
    for (const status of shown) counted += (await list(`&status=${status}`)).total
    expect(counted).toBe(all.total)
  })
})
