import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  orderHistory,
  orders,
  outbox,
  payments,
  products,
  refunds,
  subOrders,
  vendorProfiles,
} from '../../db/schema'
import { createSession } from '../auth/sessions'
import { createTestApp, type TestContext } from '../../../test/app'
import { sessionCookieFor } from '../../../test/auth'
import { createProduct, createSeller, createUser } from '../../../test/factories'
import { createShopper, fillCart, orderCart, placeOrder } from '../../../test/shop'
import { moveOrder } from './move'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())
const db = () => t.database.db

const cookieOf = async (userId: string) =>
  sessionCookieFor(t.app, await createSession(db(), { userId, days: 1, now: new Date() }))

async function adminCookie() {
  const admin = await createUser(db(), { role: 'admin', type: 'admin' })
  return cookieOf(admin.id)
}

const sellerMoves = async (sellerId: string, subId: string, status: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/orders/vendor-update',
    headers: { cookie: await cookieOf(sellerId) },
    payload: { _id: subId, status },
  })

const adminMoves = async (cookie: string, orderId: string, orderStatus: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/orders/update/${orderId}`,
    headers: { cookie },
    payload: { orderStatus },
  })

const statusOf = async (orderId: string) =>
  (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!

const partsOf = (orderId: string) =>
  db()
    .select({ id: subOrders.id, sellerId: subOrders.sellerId, status: subOrders.status })
    .from(subOrders)
    .where(eq(subOrders.orderId, orderId))

const historyOf = async (orderId: string) =>
  (await db().select().from(orderHistory).where(eq(orderHistory.orderId, orderId))).sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
  )

/** A COD order with one line from each of two sellers. */
async function twoSellerOrder() {
  const [a, b] = [await createSeller(db()), await createSeller(db())]
  const [pa, pb] = [
    await createProduct(db(), { sellerId: a.id, price: 1000, totalStock: 5 }),
    await createProduct(db(), { sellerId: b.id, price: 2000, totalStock: 5 }),
  ]
  const shopper = await createShopper(db())
  await fillCart(db(), shopper.user.id, [
    { productId: pa.id, quantity: 1 },
    { productId: pb.id, quantity: 1 },
  ])
  const orderId = await orderCart(t.app, shopper)
  const parts = await partsOf(orderId)
  const partOf = (sellerId: string) => parts.find((p) => p.sellerId === sellerId)!.id
  return { orderId, shopper, a, b, partA: partOf(a.id), partB: partOf(b.id) }
}

describe('the order lifecycle', () => {
  it('refuses a seller moving an unpaid order, backwards or past a step, with a 409', async () => {
    const { orderId } = await placeOrder(t.app, db(), 'CASHFREE', {
      price: 500,
      totalStock: 3,
      quantity: 1,
    })
    const [part] = await partsOf(orderId)
    const unpaid = await sellerMoves(part!.sellerId, part!.id, 'delivered')
    expect(unpaid.statusCode).toBe(409)
    expect(unpaid.json()).toEqual({
      success: false,
      message: 'This order is Awaiting payment; it cannot be marked Delivered.',
    })

    const { partA, a } = await twoSellerOrder()
    expect((await sellerMoves(a.id, partA, 'delivered')).statusCode).toBe(409)
    expect((await sellerMoves(a.id, partA, 'inProcess')).statusCode).toBe(200)
    const back = await sellerMoves(a.id, partA, 'pending')
    expect(back.statusCode).toBe(409)
    expect(back.json().message).toBe(
      'This order is In process; it cannot be marked Awaiting payment.',
    )
    // Asking for the status it has is not an error: nothing changes.
    expect((await sellerMoves(a.id, partA, 'inProcess')).statusCode).toBe(200)
  })

  it('leaves Shipped and Delivered to the courier: a seller asking is told to book it', async () => {
    const admin = await adminCookie()
    const { orderId, a, partA } = await twoSellerOrder()
    const ship = await sellerMoves(a.id, partA, 'inShipping')
    expect(ship.statusCode).toBe(409)
    expect(ship.json().message).toBe(
      'Book the courier with Ship: its tracking marks the parcel Shipped and then Delivered.',
    )
    const skip = await sellerMoves(a.id, partA, 'delivered')
    expect(skip.statusCode).toBe(409)
    expect(skip.json().message).toBe('This order is Confirmed; it cannot be marked Delivered.')
    expect((await sellerMoves(a.id, partA, 'inProcess')).statusCode).toBe(200)
    expect((await sellerMoves(a.id, partA, 'inShipping')).statusCode).toBe(409)
    // An admin still may (a parcel sent outside the shop); then the seller cannot deliver it.
    expect((await adminMoves(admin, orderId, 'inShipping')).statusCode).toBe(200)
    const deliver = await sellerMoves(a.id, partA, 'delivered')
    expect(deliver.statusCode).toBe(409)
    expect(deliver.json().message).toBe(
      'Book the courier with Ship: its tracking marks the parcel Shipped and then Delivered.',
    )
    expect((await partsOf(orderId)).map((p) => p.status)).toEqual(['inShipping', 'inShipping'])
  })

  it('derives the order status from its parts, so the shopper never reads a stale one', async () => {
    const admin = await adminCookie()
    const { orderId, a, partA, partB } = await twoSellerOrder()
    expect((await adminMoves(admin, orderId, 'inShipping')).statusCode).toBe(200)
    expect((await partsOf(orderId)).map((p) => p.status)).toEqual(['inShipping', 'inShipping'])
    // The drift of the issue: the seller set inProcess after the admin shipped; now refused.
    expect((await sellerMoves(a.id, partA, 'inProcess')).statusCode).toBe(409)

    // The courier delivers one parcel, then the other.
    const courierDelivers = (subOrderId: string) =>
      db().transaction((tx) =>
        moveOrder(tx, t.app.deps.lifecycle, {
          orderId,
          subOrderId,
          event: 'deliver',
          actor: { kind: 'courier' },
        }),
      )
    expect((await courierDelivers(partA)).changed).toBe(true)
    expect((await statusOf(orderId)).orderStatus).toBe('inShipping')
    expect((await courierDelivers(partB)).changed).toBe(true)
    expect((await statusOf(orderId)).orderStatus).toBe('delivered')
    // A delivered order is not rejected (that is a return), nor sent back to processing.
    expect((await adminMoves(admin, orderId, 'rejected')).statusCode).toBe(409)
    expect((await adminMoves(admin, orderId, 'pending')).statusCode).toBe(409)

    const lines = await historyOf(orderId)
    expect(
      lines.map((l) => [l.event, l.actor, l.fromStatus, l.toStatus, l.subOrderId !== null]),
    ).toEqual([
      ['place', 'shopper', null, 'confirmed', false],
      ['ship', 'admin', 'confirmed', 'inShipping', false],
      ['deliver', 'courier', 'inShipping', 'delivered', true],
      ['deliver', 'courier', 'inShipping', 'delivered', true],
    ])

    // The timeline the shopper reads: every line, the sellers' parts named.
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/details/${orderId}`,
      headers: { cookie: admin },
    })
    const timeline = details.json().data.timeline as { event: string; part: string | null }[]
    expect(timeline.map((l) => l.event)).toEqual(['place', 'ship', 'deliver', 'deliver'])
    expect(timeline.filter((l) => l.part !== null)).toHaveLength(2)
    // A seller reads the whole order's lines and its own part's, not the other seller's.
    const asSeller = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/details/${orderId}`,
      headers: { cookie: await cookieOf(a.id) },
    })
    expect((asSeller.json().data.timeline as unknown[]).length).toBe(3)
  })

  it("records the shopper's cancel as cancelled, not rejected", async () => {
    const { shopper, orderId } = await placeOrder(t.app, db(), 'CASHFREE', {
      price: 700,
      totalStock: 2,
      quantity: 1,
    })
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/shop/order/${orderId}/cancel`,
      headers: { cookie: sessionCookieFor(t.app, shopper.token) },
      payload: { reason: 'Ordered by mistake' },
    })
    expect(res.statusCode).toBe(200)
    expect(await statusOf(orderId)).toMatchObject({
      orderStatus: 'cancelled',
      paymentStatus: 'failed',
    })
    const lines = await historyOf(orderId)
    expect(lines.at(-1)).toMatchObject({
      event: 'cancel',
      actor: 'shopper',
      actorId: shopper.user.id,
      fromStatus: 'pending',
      toStatus: 'cancelled',
      note: 'Ordered by mistake',
    })
  })

  it('terminates the checkout of an unpaid order an admin rejects, and refunds a payment that still arrives', async () => {
    const admin = await adminCookie()
    const { orderId, paymentUrl, item } = await placeOrder(t.app, db(), 'CASHFREE', {
      price: 1299,
      totalStock: 4,
      quantity: 2,
    })
    const sessionId = new URL(paymentUrl, 'http://x').searchParams.get('payment_session_id')!
    expect((await adminMoves(admin, orderId, 'rejected')).statusCode).toBe(200)
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId))
    const queued = await db()
      .select({ kind: outbox.kind, dedupeKey: outbox.dedupeKey })
      .from(outbox)
      .where(eq(outbox.dedupeKey, `terminate:CASHFREE:${payment!.providerOrderId}`))
    expect(queued).toEqual([
      { kind: 'payment.terminate', dedupeKey: `terminate:CASHFREE:${payment!.providerOrderId}` },
    ])
    expect(await statusOf(orderId)).toMatchObject({
      orderStatus: 'rejected',
      paymentStatus: 'failed',
    })

    // The shopper pays before the worker reached the provider (the checkout is still open).
    const paid = await t.app.inject({
      method: 'POST',
      url: '/sandbox-gateway',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ payment_session_id: sessionId, outcome: 'pay' }).toString(),
    })
    expect(paid.statusCode).toBe(303)
    expect(await statusOf(orderId)).toMatchObject({
      orderStatus: 'rejected',
      paymentStatus: 'paid',
    })
    // The ledger owes the whole payment back (one refund, keyed by the payment) and queues the
    // provider call under that refund's id.
    const owed = await db().select().from(refunds).where(eq(refunds.orderId, orderId))
    expect(owed).toEqual([
      expect.objectContaining({
        sourceKey: `late:${payment!.id}`,
        cause: 'latePayment',
        subOrderId: null,
        amountPaise: 2 * 129_900,
        status: 'pending',
        provider: 'CASHFREE',
      }),
    ])
    const refund = await db()
      .select({ payload: outbox.payload, status: outbox.status })
      .from(outbox)
      .where(
        and(eq(outbox.kind, 'payment.refund'), eq(outbox.dedupeKey, `refund:${owed[0]!.id}:1`)),
      )
    expect(refund).toEqual([{ status: 'pending', payload: { refundId: owed[0]!.id } }])

    await t.app.deps.jobs.drain()
    expect(await statusOf(orderId)).toMatchObject({
      orderStatus: 'rejected',
      paymentStatus: 'refunded',
    })
    const [after] = await db().select().from(payments).where(eq(payments.orderId, orderId))
    expect(after!.status).toBe('refunded')
    const [done] = await db().select().from(refunds).where(eq(refunds.orderId, orderId))
    expect(done!.status).toBe('completed')
    expect(t.app.deps.payments.sandbox.refunds(payment!.providerOrderId!)).toEqual([
      expect.objectContaining({ amountPaise: 2 * 129_900, status: 'SUCCESS' }),
    ])
    expect((await historyOf(orderId)).map((l) => l.event)).toEqual([
      'place',
      'reject',
      'latePayment',
      'refund',
      'refundPaid',
    ])
    // Its stock came back once, with the rejection.
    const [product] = await db().select().from(products).where(eq(products.id, item.id))
    expect(product!.totalStock).toBe(4)
  })

  it('hides buyers from a seller whose account was rejected, and stops it moving orders', async () => {
    const { orderId, a, partA } = await twoSellerOrder()
    await db()
      .update(vendorProfiles)
      .set({ status: 'Rejected' })
      .where(eq(vendorProfiles.userId, a.id))
    const cookie = await cookieOf(a.id)
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/orders/getVendor',
      headers: { cookie },
    })
    expect(list.statusCode).toBe(200)
    const row = (list.json().data as { orderId: string; userName: string; email: string }[]).find(
      (r) => r.orderId === orderId,
    )
    expect(row).toMatchObject({ userName: 'Hidden', email: '' })
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/details/${orderId}`,
      headers: { cookie },
    })
    expect(details.statusCode).toBe(200)
    const data = details.json().data
    expect(data.userName).toBe('Hidden')
    expect(data.addressInfo).toMatchObject({ address: 'Hidden', phone: '', notes: '' })
    expect(data.cartItems).toHaveLength(1)
    expect((await sellerMoves(a.id, partA, 'inProcess')).statusCode).toBe(403)
  })
})
