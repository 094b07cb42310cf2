import { formatShopDate } from '@techbazaar/shared'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { orderHistory, returnLines, returns, vendorProfiles } from '../../db/schema'
import { returnsKit, type Shopper } from './fixtures'

/*
 * A shopper's return request (issue 18): delivered items only, within the window, never more than
 * was delivered, one return per seller, and the refund's destination asked only when it matters.
 */

const DAY = 86_400_000
// Sunday 22 Nov 2026, 15:30 in India; the tests move it through the windows.
const clock = createClock()
let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
})
afterAll(() => t.close())
const db = () => t.database.db
const kit = returnsKit(() => t, clock.now)
const UPI = { kind: 'upi', upiId: 'kavya@okicici' }

type Seller = Awaited<ReturnType<typeof kit.seller>>
type Product = Awaited<ReturnType<typeof kit.product>>

describe('POST /api/shop/order/:orderId/returns', () => {
  let shopper: Shopper
  let orderId = ''
  let deliveredAt: Date
  let sellers: Seller[] = []
  let a: Product, b: Product, c: Product

  beforeAll(async () => {
    sellers = [await kit.seller(), await kit.seller(), await kit.seller()]
    a = await kit.product(sellers[0]!.user.id, 1999)
    b = await kit.product(sellers[1]!.user.id, 499)
    c = await kit.product(sellers[2]!.user.id, 250)
    shopper = await kit.shopper()
    // Three sellers' parts: A's (2 units) and B's are delivered, C's is not shipped yet.
    orderId = await kit.order(shopper, [
      { productId: a.id, quantity: 2 },
      { productId: b.id, quantity: 1 },
      { productId: c.id, quantity: 1 },
    ])
    const parts = await kit.partsOf(orderId)
    const partOf = (s: Seller) => parts.find((p) => p.sellerId === s.user.id)!.id
    deliveredAt = await kit.deliver(sellers[0]!.cookie, partOf(sellers[0]!))
    await kit.deliver(sellers[1]!.cookie, partOf(sellers[1]!))
  })

  it("records one return per seller's part, with its lines, timeline line and mails", async () => {
    clock.advance(DAY)
    const photo = kit.storedPhoto('crushed-box')
    const res = await kit.postReturn(shopper.cookie, orderId, {
      items: [
        { productId: a.id, quantity: 1 },
        { productId: b.id, quantity: 1 },
      ],
      reason: 'damaged',
      note: 'The box was crushed',
      photos: [photo],
      payout: UPI,
    })
    expect(res.statusCode, res.body).toBe(201)
    const data = res.json().data as {
      _id: string
      items: { productId: string }[]
    }[]
    expect(data).toHaveLength(2)
    const returnOf = (productId: string) => data.find((r) => r.items[0]!.productId === productId)
    expect(returnOf(a.id)).toMatchObject({
      status: 'requested',
      reason: 'damaged',
      amount: 1999,
      items: [{ productId: a.id, title: a.title, quantity: 1, price: 1999 }],
      photos: [photo],
      pickup: null,
      decidedAt: null,
      requestedAt: clock.now().toISOString(),
      // RETURN_DECISION_DAYS (2) after the request.
      decideBy: new Date(clock.now().getTime() + 2 * DAY).toISOString(),
    })
    expect(returnOf(b.id)).toMatchObject({ amount: 499, items: [{ quantity: 1 }] })

    const ids = data.map((r) => r._id)
    const rows = await db().select().from(returns).where(inArray(returns.id, ids))
    expect(rows.map((r) => r.payout)).toEqual([UPI, UPI])
    expect(rows.map((r) => r.note)).toEqual(['The box was crushed', 'The box was crushed'])
    const lines = await db().select().from(returnLines).where(inArray(returnLines.returnId, ids))
    expect(lines.map((l) => l.quantity)).toEqual([1, 1])
    const history = await db()
      .select()
      .from(orderHistory)
      .where(and(eq(orderHistory.orderId, orderId), eq(orderHistory.event, 'returnRequested')))
    expect(history.map((h) => h.actor)).toEqual(['shopper', 'shopper'])
    expect(new Set(history.map((h) => h.subOrderId)).size).toBe(2)

    const [request] = await kit
      .mailsTo(shopper.user.email)
      .then((m) => m.filter((x) => x.subject.startsWith('We have your return request')))
    expect(request?.subject).toMatch(/^We have your return request for order TB-\d+$/)
    expect(request?.text).toContain(`1 × ${a.title}`)
    expect(request?.text).toContain('Reason: Damaged')
    expect(request?.text).toContain('UPI ka••••@okicici')
    const [toSeller] = await kit.mailsTo(sellers[0]!.user.email)
    expect(toSeller?.subject).toMatch(/^New return request for order TB-\d+$/)
    expect(toSeller?.text).toContain(`1 × ${a.title}`)
    expect(toSeller?.text).toContain('Their note: The box was crushed')
    expect(toSeller?.text).toContain(formatShopDate(rows[0]!.decideBy, 'moment'))
    // Seller B's items are not in seller A's mail.
    expect(toSeller?.text).not.toContain(b.title)
  })

  it('refuses more than was delivered, counting what is already being returned', async () => {
    const res = await kit.postReturn(shopper.cookie, orderId, {
      items: [{ productId: a.id, quantity: 2 }],
      reason: 'noLongerNeeded',
      payout: UPI,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(`You can return at most 1 of ${a.title}`)
  })

  it('refuses the items of a part that is not delivered', async () => {
    const res = await kit.postReturn(shopper.cookie, orderId, {
      items: [{ productId: c.id, quantity: 1 }],
      reason: 'defective',
      payout: UPI,
    })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('Only delivered items can be returned')
  })

  it('asks a cash-on-delivery order where to send the refund, and checks the UPI id', async () => {
    const noPayout = await kit.postReturn(shopper.cookie, orderId, {
      items: [{ productId: a.id, quantity: 1 }],
      reason: 'defective',
    })
    expect(noPayout.statusCode).toBe(400)
    expect(noPayout.json().message).toBe(
      'Tell us where to send your refund: a UPI id or a bank account',
    )
    const badUpi = await kit.postReturn(shopper.cookie, orderId, {
      items: [{ productId: a.id, quantity: 1 }],
      reason: 'defective',
      payout: { kind: 'upi', upiId: 'kavya.okicici' },
    })
    expect(badUpi.statusCode).toBe(400)
    expect(badUpi.json().errors).toEqual([
      { path: 'payout.upiId', message: 'Enter a UPI id like name@bank' },
    ])
  })

  it('refuses a photo that is not in the shop’s storage, and an item not in the order', async () => {
    const photo = await kit.postReturn(shopper.cookie, orderId, {
      items: [{ productId: a.id, quantity: 1 }],
      reason: 'defective',
      photos: ['/uploads/returns/never-uploaded.webp'],
      payout: UPI,
    })
    expect(photo.statusCode).toBe(400)
    expect(photo.json().errors).toEqual([{ path: 'photos.0', message: 'Upload this photo again' }])
    const stranger = await kit.postReturn(shopper.cookie, orderId, {
      items: [{ productId: crypto.randomUUID(), quantity: 1 }],
      reason: 'defective',
      payout: UPI,
    })
    expect(stranger.statusCode).toBe(400)
    expect(await db().select().from(returns).where(eq(returns.orderId, orderId))).toHaveLength(2)
  })

  it("answers 404 for another shopper's order, as for one that does not exist", async () => {
    const other = await kit.shopper()
    const res = await kit.postReturn(other.cookie, orderId, {
      items: [{ productId: a.id, quantity: 1 }],
      reason: 'defective',
      payout: UPI,
    })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ success: false, message: 'Order not found' })
  })

  it('refuses after the window, saying the day it closed', async () => {
    const closes = new Date(deliveredAt.getTime() + 7 * DAY)
    clock.advance(closes.getTime() + 60_000 - clock.now().getTime())
    const res = await kit.postReturn(shopper.cookie, orderId, {
      items: [{ productId: a.id, quantity: 1 }],
      reason: 'defective',
      payout: UPI,
    })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(
      `The return window for this order closed on ${formatShopDate(closes, 'medium')}`,
    )
  })
})

describe('POST /api/shop/order/:orderId/returns for an order paid online', () => {
  it('refuses a payout account: the refund goes back to the original payment', async () => {
    const seller = await kit.seller()
    const product = await kit.product(seller.user.id, 899)
    const shopper = await kit.shopper()
    const orderId = await kit.order(shopper, [{ productId: product.id, quantity: 1 }], 'CASHFREE')
    const [part] = await kit.partsOf(orderId)
    await kit.deliver(seller.cookie, part!.id)
    const item = { items: [{ productId: product.id, quantity: 1 }], reason: 'wrongItem' }
    const withPayout = await kit.postReturn(shopper.cookie, orderId, { ...item, payout: UPI })
    expect(withPayout.statusCode).toBe(400)
    expect(withPayout.json().message).toBe(
      "This order's refund goes back to its original payment method",
    )
    const res = await kit.postReturn(shopper.cookie, orderId, item)
    expect(res.statusCode, res.body).toBe(201)
    const [row] = await db().select().from(returns).where(eq(returns.orderId, orderId))
    expect(row).toMatchObject({ status: 'requested', payout: null, reason: 'wrongItem' })
  })
})

describe('POST /api/shop/order/:orderId/returns to a seller no longer approved (issue 26.6)', () => {
  it("mails the seller the items and reason without the shopper's note or photos", async () => {
    const seller = await kit.seller()
    const product = await kit.product(seller.user.id, 1299)
    const shopper = await kit.shopper()
    const orderId = await kit.order(shopper, [{ productId: product.id, quantity: 1 }])
    const [part] = await kit.partsOf(orderId)
    await kit.deliver(seller.cookie, part!.id)
    await db()
      .update(vendorProfiles)
      .set({ status: 'Rejected' })
      .where(eq(vendorProfiles.userId, seller.user.id))

    const note = 'Call me on 9812345678 at 4 Lake View, flat 2B'
    const res = await kit.postReturn(shopper.cookie, orderId, {
      items: [{ productId: product.id, quantity: 1 }],
      reason: 'damaged',
      note,
      photos: [kit.storedPhoto('label-showing')],
      payout: UPI,
    })
    expect(res.statusCode, res.body).toBe(201)

    const [mail] = await kit.mailsTo(seller.user.email)
    expect(mail?.subject).toMatch(/^New return request for order TB-\d+$/)
    expect(mail?.text).toContain(`1 × ${product.title}`)
    expect(mail?.text).toContain('Reason: Damaged')
    expect(mail?.text).not.toContain('9812345678')
    expect(mail?.text).not.toContain('Lake View')
    expect(mail?.text).not.toContain(shopper.user.userName)
    expect(mail?.text).not.toMatch(/Photos: \d/)
    expect(mail?.text).toContain('shown once your account is approved again')
    // The shopper's own mail goes out as before.
    expect((await kit.mailsTo(shopper.user.email)).at(-1)?.subject).toMatch(/^We have your return/)

    // What the mail promises holds where the seller could look: the queue and order details.
    const queued = (await kit.queue(seller.cookie)).json().data as {
      note: unknown
      photos: unknown
    }[]
    expect(queued).toEqual([expect.objectContaining({ note: null, photos: [] })])
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/shop/order/details/${orderId}`,
      headers: { cookie: seller.cookie },
    })
    expect(details.statusCode, details.body).toBe(200)
    expect(details.json().data.returns).toEqual([
      expect.objectContaining({ note: null, photos: [] }),
    ])
    expect(details.body).not.toContain('Lake View')
  })
})
