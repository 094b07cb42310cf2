import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  invoices,
  orderHistory,
  orders,
  payments,
  products,
  refunds,
  shipments,
  subOrders,
} from '../../db/schema'
import { createSession } from '../auth/sessions'
import { createTestApp, type TestContext } from '../../../test/app'
import { sessionCookieFor } from '../../../test/auth'
import { createClock } from '../../../test/clock'
import { createProduct, createSeller, createUser } from '../../../test/factories'
import { createShopper, fillCart, orderCart, placeOrder } from '../../../test/shop'
import { startSmtpServer } from '../../../test/smtp'

/**
 * The shopper's cancel (`POST /api/shop/order/:orderId/cancel`, decision 55) through the whole
 * stack: the lifecycle move, the stock, the refund ledger, the outbox worker with the built-in
 * sandbox gateways (Cashfree and GatePay), and the mails as a real SMTP server receives them.
 */
let t: TestContext
let smtp: Awaited<ReturnType<typeof startSmtpServer>>
const clock = createClock(new Date())
beforeAll(async () => {
  smtp = await startSmtpServer()
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, SHOP_NAME: 'TechBazaar' },
    deps: { now: clock.now },
  })
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})
const db = () => t.database.db
type Shopper = Awaited<ReturnType<typeof createShopper>>

const cancel = (shopper: Shopper, orderId: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/shop/order/${orderId}/cancel`,
    headers: { cookie: shopper.cookie },
    payload: body,
  })

const stockOf = async (id: string) =>
  (await db().select().from(products).where(eq(products.id, id)))[0]!.totalStock
const orderRow = async (id: string) =>
  (await db().select().from(orders).where(eq(orders.id, id)))[0]!
const partsOf = (orderId: string) =>
  db().select().from(subOrders).where(eq(subOrders.orderId, orderId))
const refundsOf = (orderId: string) =>
  db().select().from(refunds).where(eq(refunds.orderId, orderId))
const historyOf = (orderId: string) =>
  db().select().from(orderHistory).where(eq(orderHistory.orderId, orderId))
const numberOf = async (orderId: string) => `TB-${(await orderRow(orderId)).orderNumber}`
/** Cancellation and refund mails the SMTP server received for an order, once the outbox ran. */
async function mailsAbout(orderId: string) {
  await t.app.deps.jobs.drain()
  const number = await numberOf(orderId)
  return smtp.received.filter(
    (m) => m.subject.includes(number) && /cancelled|refund/i.test(m.subject),
  )
}

/** A shopper's order of `quantity` units from each of `sellers` (one product each). */
async function orderFrom(
  sellerCount: number,
  opts: { quantity?: number; price?: number; method?: 'COD' | 'CASHFREE' } = {},
) {
  const items = []
  for (let i = 0; i < sellerCount; i++) {
    const seller = await createSeller(db())
    items.push(
      await createProduct(db(), { sellerId: seller.id, price: opts.price ?? 1500, totalStock: 5 }),
    )
  }
  const shopper = await createShopper(db())
  await fillCart(
    db(),
    shopper.user.id,
    items.map((item) => ({ productId: item.id, quantity: opts.quantity ?? 2 })),
  )
  const orderId = await orderCart(t.app, shopper, opts.method ?? 'COD')
  const parts = await partsOf(orderId)
  const partOf = (item: { sellerId: string }) => parts.find((p) => p.sellerId === item.sellerId)!
  return { shopper, items, orderId, partOf }
}

/** The seller's "Ship": books the sandbox courier for its part (it stays in process). */
async function ship(sellerId: string, subOrderId: string) {
  const token = await createSession(db(), { userId: sellerId, days: 1, now: clock.now() })
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/orders/vendor-ship',
    headers: { cookie: sessionCookieFor(t.app, token) },
    payload: { _id: subOrderId, weightGrams: 450, lengthCm: 20, breadthCm: 12, heightCm: 6 },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.awb as string
}

/** The built-in gateway's Pay button for a Cashfree checkout. */
async function payCashfree(paymentUrl: string) {
  const sessionId = new URL(paymentUrl, 'http://x').searchParams.get('payment_session_id')!
  const res = await t.app.inject({
    method: 'POST',
    url: '/sandbox-gateway',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ payment_session_id: sessionId, outcome: 'pay' }).toString(),
  })
  expect(res.statusCode).toBe(303)
}

const SHIPPED =
  'This order has been handed to the courier and can no longer be cancelled. You can return it once it is delivered.'

describe('cancelling a cash-on-delivery order before it ships', () => {
  it('cancels it, puts the stock back at once, owes no refund and mails the shopper', async () => {
    const { shopper, items, orderId } = await orderFrom(1)
    const [item] = items
    expect(await stockOf(item!.id)).toBe(3)

    const res = await cancel(shopper, orderId, { reason: 'Ordered by mistake' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      success: true,
      message: 'Your order is cancelled.',
      orderStatus: 'cancelled',
    })
    expect(await stockOf(item!.id)).toBe(5)
    expect(await orderRow(orderId)).toMatchObject({ orderStatus: 'cancelled' })
    expect((await partsOf(orderId)).map((p) => p.status)).toEqual(['cancelled'])
    // Cash on delivery took nothing: nothing is owed.
    expect(await refundsOf(orderId)).toEqual([])
    const cancelLine = (await historyOf(orderId)).find((l) => l.event === 'cancel')
    expect(cancelLine).toMatchObject({
      actor: 'shopper',
      actorId: shopper.user.id,
      fromStatus: 'confirmed',
      toStatus: 'cancelled',
      note: 'Ordered by mistake',
    })

    const mails = await mailsAbout(orderId)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.to).toEqual([shopper.user.email])
    expect(mails[0]!.subject).toBe(`Your TechBazaar order ${await numberOf(orderId)} is cancelled`)
    expect(mails[0]!.text).toContain(`2 × ${item!.title} — ₹3,000`)
    expect(mails[0]!.text).toContain('Your reason: Ordered by mistake')
    expect(mails[0]!.text).toContain('Nothing was charged for them.')

    // A second cancel (a double click, a retry) is refused and changes nothing.
    const again = await cancel(shopper, orderId, { reason: 'Ordered by mistake' })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ success: false, message: 'This order is already cancelled.' })
    expect(await stockOf(item!.id)).toBe(5)
    expect((await historyOf(orderId)).filter((l) => l.event === 'cancel')).toHaveLength(1)
    expect(await mailsAbout(orderId)).toHaveLength(1)
  })

  it("answers 404 for another shopper's order, and 400 without a reason", async () => {
    const { shopper, items, orderId } = await orderFrom(1)
    const stranger = await createShopper(db())
    const res = await cancel(stranger, orderId, { reason: 'Not mine' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ success: false, message: 'Order not found' })
    const blank = await cancel(shopper, orderId, { reason: '   ' })
    expect(blank.statusCode).toBe(400)
    expect(blank.json()).toMatchObject({ success: false, message: expect.stringMatching(/why/) })
    const foreignPart = await cancel(shopper, orderId, {
      reason: 'x',
      subOrderId: crypto.randomUUID(),
    })
    expect(foreignPart.statusCode).toBe(404)
    expect(await orderRow(orderId)).toMatchObject({ orderStatus: 'confirmed' })
    expect(await stockOf(items[0]!.id)).toBe(3)
  })

  it('refuses a part the courier has booked (409), and one picked up', async () => {
    const { shopper, items, orderId, partOf } = await orderFrom(1)
    const part = partOf(items[0]!)
    const awb = await ship(items[0]!.sellerId, part.id)
    const res = await cancel(shopper, orderId, { reason: 'Too slow' })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ success: false, message: SHIPPED })
    const byPart = await cancel(shopper, orderId, { reason: 'Too slow', subOrderId: part.id })
    expect(byPart.statusCode).toBe(409)
    expect((await partsOf(orderId))[0]!.status).toBe('inProcess')

    await t.app.inject({
      method: 'POST',
      url: `/sandbox-courier/${awb}/events`,
      payload: { status: 'picked_up', location: 'Mumbai hub' },
    })
    expect((await partsOf(orderId))[0]!.status).toBe('inShipping')
    expect((await cancel(shopper, orderId, { reason: 'Too slow' })).statusCode).toBe(409)
    expect(await stockOf(items[0]!.id)).toBe(3)
    expect(await mailsAbout(orderId)).toEqual([])
  })

  it('leaves no invoice or courier booking on a part cancelled while its courier was asked', async () => {
    const { items, partOf } = await orderFrom(1)
    const part = partOf(items[0]!)
    const courier = t.app.deps.couriers.default!
    const book = courier.book.bind(courier)
    // The shopper's cancel lands between the seller's claim and the courier's answer.
    courier.book = async (input) => {
      const answer = await book(input)
      await db().update(subOrders).set({ status: 'cancelled' }).where(eq(subOrders.id, part.id))
      return answer
    }
    try {
      const token = await createSession(db(), {
        userId: items[0]!.sellerId,
        days: 1,
        now: clock.now(),
      })
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/orders/vendor-ship',
        headers: { cookie: sessionCookieFor(t.app, token) },
        payload: { _id: part.id, weightGrams: 450, lengthCm: 20, breadthCm: 12, heightCm: 6 },
      })
      expect(res.statusCode).toBe(409)
      expect(res.json().message).toMatch(/^This order is Cancelled now/)
    } finally {
      courier.book = book
    }
    expect(await db().select().from(shipments).where(eq(shipments.subOrderId, part.id))).toEqual([])
    expect(await db().select().from(invoices).where(eq(invoices.subOrderId, part.id))).toEqual([])
  })

  it("cancels one seller's part of a two-seller order, and only that part", async () => {
    const { shopper, items, orderId, partOf } = await orderFrom(2)
    const [a, b] = items as [(typeof items)[0], (typeof items)[0]]
    const res = await cancel(shopper, orderId, {
      reason: 'Found a better price elsewhere',
      subOrderId: partOf(a).id,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      success: true,
      message: 'These items are cancelled.',
      orderStatus: 'confirmed',
    })
    const parts = await partsOf(orderId)
    expect(parts.find((p) => p.id === partOf(a).id)!.status).toBe('cancelled')
    expect(parts.find((p) => p.id === partOf(b).id)!.status).toBe('confirmed')
    expect(await stockOf(a.id)).toBe(5)
    expect(await stockOf(b.id)).toBe(3)
    expect(await orderRow(orderId)).toMatchObject({ orderStatus: 'confirmed' })
    const [mail] = await mailsAbout(orderId)
    expect(mail!.text).toContain(a.title)
    expect(mail!.text).not.toContain(b.title)
  })

  it('"Cancel order" with one part booked cancels the others and says so (decision 55)', async () => {
    const { shopper, items, orderId, partOf } = await orderFrom(2)
    const [a, b] = items as [(typeof items)[0], (typeof items)[0]]
    await ship(a.sellerId, partOf(a).id)
    const res = await cancel(shopper, orderId, { reason: 'Changed my mind' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      success: true,
      message: 'The items that had not shipped are cancelled.',
      orderStatus: 'inProcess',
    })
    const parts = await partsOf(orderId)
    expect(parts.find((p) => p.id === partOf(a).id)!.status).toBe('inProcess')
    expect(parts.find((p) => p.id === partOf(b).id)!.status).toBe('cancelled')
    expect(await stockOf(a.id)).toBe(3)
    expect(await stockOf(b.id)).toBe(5)
    // What is left has shipped: a second "Cancel order" is refused with the rule.
    const again = await cancel(shopper, orderId, { reason: 'Changed my mind' })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(SHIPPED)
    expect(await stockOf(b.id)).toBe(5)
  })
})

describe('cancelling a paid order', () => {
  it('refunds each cancelled Cashfree part in full, once, until the order reads refunded', async () => {
    const { shopper, items, orderId, partOf } = await orderFrom(2, { method: 'CASHFREE' })
    const [a, b] = items as [(typeof items)[0], (typeof items)[0]]
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId))
    const placed = await t.app.inject({
      method: 'POST',
      url: `/api/shop/order/${orderId}/pay`,
      headers: { cookie: shopper.cookie },
    })
    await payCashfree(placed.json().paymentUrl)
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'paid' })
    const sandbox = t.app.deps.payments.sandbox

    const first = await cancel(shopper, orderId, {
      reason: 'Ordered by mistake',
      subOrderId: partOf(a).id,
    })
    expect(first.statusCode).toBe(200)
    expect(first.json().message).toBe(
      'These items are cancelled. A refund of ₹3,000 is on its way to your original payment method.',
    )
    expect(await stockOf(a.id)).toBe(5)
    const [owed] = await refundsOf(orderId)
    expect(owed).toMatchObject({
      subOrderId: partOf(a).id,
      sourceKey: `cancel:${partOf(a).id}`,
      cause: 'cancellation',
      method: 'original',
      provider: 'CASHFREE',
      paymentId: payment!.id,
      amountPaise: 300_000,
      status: 'pending',
      attempt: 1,
    })
    expect(sandbox.refunds(payment!.providerOrderId!)).toEqual([])

    // The worker asks Cashfree (accepted: initiated), then its status (the sandbox settles it).
    await t.app.deps.jobs.drain()
    const [done] = await refundsOf(orderId)
    expect(done).toMatchObject({ status: 'completed', reference: expect.any(String) })
    expect(done!.completedAt).not.toBeNull()
    expect(sandbox.refunds(payment!.providerOrderId!)).toEqual([
      expect.objectContaining({
        refundId: done!.providerRefundId,
        amountPaise: 300_000,
        status: 'SUCCESS',
      }),
    ])
    // Half is back: the order is still paid.
    expect(await orderRow(orderId)).toMatchObject({
      paymentStatus: 'paid',
      orderStatus: 'confirmed',
    })

    const second = await cancel(shopper, orderId, { reason: 'Changed my mind' })
    expect(second.statusCode).toBe(200)
    expect(second.json()).toEqual({
      success: true,
      message:
        'Your order is cancelled. A refund of ₹3,000 is on its way to your original payment method.',
      orderStatus: 'cancelled',
    })
    await t.app.deps.jobs.drain()
    const all = await refundsOf(orderId)
    expect(all.map((r) => [r.subOrderId, r.amountPaise, r.status]).sort()).toEqual(
      [
        [partOf(a).id, 300_000, 'completed'],
        [partOf(b).id, 300_000, 'completed'],
      ].sort(),
    )
    expect(sandbox.refunds(payment!.providerOrderId!)).toHaveLength(2)
    expect(await orderRow(orderId)).toMatchObject({
      orderStatus: 'cancelled',
      paymentStatus: 'refunded',
    })
    const [after] = await db().select().from(payments).where(eq(payments.orderId, orderId))
    expect(after!.status).toBe('refunded')

    // The timeline: both cancels with their reasons, and each part's refund owed and paid.
    const lines = await historyOf(orderId)
    expect(
      lines
        .filter((l) => l.event === 'cancel')
        .map((l) => l.note)
        .sort(),
    ).toEqual(['Changed my mind', 'Ordered by mistake'])
    for (const part of [partOf(a), partOf(b)]) {
      const events = lines.filter((l) => l.subOrderId === part.id).map((l) => l.event)
      expect(events.filter((e) => e !== 'cancel').sort()).toEqual(['refund', 'refundPaid'])
    }
    expect(lines.find((l) => l.event === 'refund')!.note).toBe(
      '₹3,000 to the original payment method (CASHFREE)',
    )
    // The timeline the shopper reads lists each cancel before the refund it caused (issue 31.5).
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/shop/order/details/${orderId}`,
      headers: { cookie: shopper.cookie },
    })
    const timeline = read.json().data.timeline as { event: string }[]
    expect(timeline.map((e) => e.event).filter((e) => e === 'cancel' || e === 'refund')).toEqual([
      'cancel',
      'refund',
      'cancel',
      'refund',
    ])

    // Mails: each cancellation, each refund initiated and completed (once each).
    const number = await numberOf(orderId)
    const subjects = (await mailsAbout(orderId)).map((m) => m.subject).sort()
    expect(subjects).toEqual(
      [
        `Your TechBazaar order ${number} is cancelled`,
        `Your TechBazaar order ${number} is cancelled`,
        `Refund of ₹3,000 for order ${number} initiated`,
        `Refund of ₹3,000 for order ${number} initiated`,
        `Your refund of ₹3,000 for order ${number} is complete`,
        `Your refund of ₹3,000 for order ${number} is complete`,
      ].sort(),
    )
    const initiated = (await mailsAbout(orderId)).find((m) => m.subject.endsWith('initiated'))!
    expect(initiated.text).toMatch(/Refund of ₹3,000 initiated on \d{1,2} \w{3}, expected by/)
    expect(initiated.text).toContain('It goes back to your original payment method.')
    const complete = (await mailsAbout(orderId)).find((m) => m.subject.endsWith('complete'))!
    expect(complete.text).toMatch(/Refund of ₹3,000 completed on \d{1,2} \w{3}/)
    expect(complete.text).toMatch(/Reference: \S+/)

    // The order details show the refunds as the ledger holds them.
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/shop/order/details/${orderId}`,
      headers: { cookie: shopper.cookie },
    })
    expect(details.json().data.refunds).toEqual(
      expect.arrayContaining(
        all.map((r) =>
          expect.objectContaining({
            _id: r.id,
            amount: 3000,
            status: 'completed',
            method: 'original',
            completedAt: expect.any(String),
          }),
        ),
      ),
    )

    // Nothing more is owed however often it is asked: the parts' keys are taken.
    expect((await cancel(shopper, orderId, { reason: 'again' })).statusCode).toBe(409)
    await t.app.deps.jobs.drain()
    expect(await refundsOf(orderId)).toHaveLength(2)
    expect(sandbox.refunds(payment!.providerOrderId!)).toHaveLength(2)
  })

  it('refunds a GatePay order through its sandbox', async () => {
    const { shopper, item, orderId, paymentUrl } = await placeOrder(t.app, db(), 'GATEPAY', {
      price: 899,
      totalStock: 3,
      quantity: 2,
    })
    const prepayId = new URL(paymentUrl, 'http://x').searchParams.get('prepayId')!
    const paid = await t.app.inject({
      method: 'POST',
      url: '/sandbox-gateway/gatepay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ prepayId, outcome: 'pay' }).toString(),
    })
    expect(paid.statusCode).toBe(303)
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'paid' })
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId))

    const res = await cancel(shopper, orderId, { reason: 'Delivery takes too long' })
    expect(res.statusCode).toBe(200)
    expect(await stockOf(item.id)).toBe(3)
    const [owed] = await refundsOf(orderId)
    expect(owed).toMatchObject({ provider: 'GATEPAY', amountPaise: 179_800, status: 'pending' })

    await t.app.deps.jobs.drain()
    expect((await refundsOf(orderId))[0]).toMatchObject({ status: 'completed' })
    const held = t.app.deps.payments.sandboxGatepay.refunds(payment!.providerOrderId!)
    expect(held).toEqual([expect.objectContaining({ amountPaise: 179_800, status: 'SUCCESS' })])
    expect(await orderRow(orderId)).toMatchObject({
      orderStatus: 'cancelled',
      paymentStatus: 'refunded',
    })
    const subjects = (await mailsAbout(orderId)).map((m) => m.subject)
    expect(subjects.filter((s) => s.includes('₹1,798'))).toHaveLength(2)
  })

  it('refunds a paid order an admin rejects through the same ledger (refundParts)', async () => {
    const { orderId, item, paymentUrl } = await placeOrder(t.app, db(), 'CASHFREE', {
      price: 650,
      totalStock: 4,
      quantity: 2,
    })
    await payCashfree(paymentUrl)
    const adminUser = await createUser(db(), { role: 'admin', type: 'admin' })
    const token = await createSession(db(), { userId: adminUser.id, days: 1, now: clock.now() })
    const rejected = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/update/${orderId}`,
      headers: { cookie: sessionCookieFor(t.app, token) },
      payload: { orderStatus: 'rejected' },
    })
    expect(rejected.statusCode).toBe(200)
    expect(await stockOf(item.id)).toBe(4)
    const [part] = await partsOf(orderId)
    expect(await refundsOf(orderId)).toEqual([
      expect.objectContaining({
        sourceKey: `reject:${part!.id}`,
        cause: 'rejection',
        amountPaise: 130_000,
        status: 'pending',
      }),
    ])
    await t.app.deps.jobs.drain()
    expect((await refundsOf(orderId))[0]!.status).toBe('completed')
    expect(await orderRow(orderId)).toMatchObject({
      orderStatus: 'rejected',
      paymentStatus: 'refunded',
    })
  })

  it('closes an unpaid online order as before: no refund, lines back in the cart', async () => {
    const { shopper, item, orderId } = await placeOrder(t.app, db(), 'CASHFREE', {
      price: 700,
      totalStock: 2,
      quantity: 1,
    })
    const res = await cancel(shopper, orderId, { reason: 'Changed my mind' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      success: true,
      message: 'Your order was cancelled. Its items are back in your cart.',
      orderStatus: 'cancelled',
    })
    expect(await orderRow(orderId)).toMatchObject({
      orderStatus: 'cancelled',
      paymentStatus: 'failed',
    })
    expect(await stockOf(item.id)).toBe(2)
    expect(await refundsOf(orderId)).toEqual([])
    expect(
      await db()
        .select()
        .from(orderHistory)
        .where(and(eq(orderHistory.orderId, orderId), eq(orderHistory.event, 'cancel'))),
    ).toEqual([expect.objectContaining({ note: 'Changed my mind' })])
  })
})
