import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contactMessages, orders, refunds, returns, subOrders } from '../../db/schema'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller, createUser } from '../../../test/factories'
import { createSession } from '../auth/sessions'

// 15:30 in Kolkata on 22 Nov 2026.
const NOW = new Date('2026-11-22T10:00:00Z')
const HOUR = 3_600_000
const ago = (hours: number) => new Date(NOW.getTime() - hours * HOUR)
let t: TestContext
const cookies = { admin: '', seller: '', shopper: '' }
const db = () => t.database.db
async function cookieFor(userId: string) {
  const token = await createSession(db(), { userId, days: 1, now: NOW })
  return `session=${token}`
}
const get = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: cookie ? { cookie } : {} })

const address = {
  addressId: 'a',
  address: 'x',
  city: 'Pune',
  pincode: '411001',
  phone: '9',
  notes: '',
}

beforeAll(async () => {
  // Three days to check what came back (the default is two): the flags must read the config.
  t = await createTestApp({ env: { RETURN_DECISION_DAYS: '3' }, deps: { now: () => NOW } })
  const seller = await createSeller(db(), 'Approved')
  const shopper = await createUser(db())
  cookies.admin = await cookieFor((await createUser(db(), { role: 'admin', type: 'admin' })).id)
  cookies.seller = await cookieFor(seller.id)
  cookies.shopper = await cookieFor(shopper.id)
  const order = (
    createdAt: string,
    totalPaise: number,
    extra: Partial<typeof orders.$inferInsert> = {},
  ) => ({
    userId: shopper.id,
    addressInfo: address,
    paymentMethod: 'COD' as const,
    orderStatus: 'confirmed' as const,
    paymentStatus: 'pending' as const,
    totalPaise,
    createdAt: new Date(createdAt),
    ...extra,
  })
  await db()
    .insert(orders)
    .values([
      // 00:10 IST today (still 21 Nov in UTC): counts as today.
      order('2026-11-21T18:40:00Z', 100_00),
      // Paid online earlier today.
      order('2026-11-22T05:00:00Z', 250_00, {
        paymentMethod: 'CASHFREE',
        paymentStatus: 'paid',
      }),
      // 23:50 IST yesterday: this month, not today.
      order('2026-11-21T18:20:00Z', 40_00),
      // Not sales: rejected, unpaid online.
      order('2026-11-22T06:00:00Z', 999_00, { orderStatus: 'rejected' }),
      order('2026-11-22T06:00:00Z', 888_00, { paymentMethod: 'PAYU', orderStatus: 'pending' }),
      // Last month: only in the 30-day series.
      order('2026-10-30T06:00:00Z', 70_00),
    ])
  for (const status of ['Pending', 'Pending', 'Approved'] as const) await createSeller(db(), status)
  await createProduct(db(), { sellerId: seller.id, price: 100, totalStock: 3 })
  await createProduct(db(), { sellerId: seller.id, price: 100, totalStock: 50 })
  await seedReturnsAndRefunds(seller.id, shopper.id)
  await db().insert(contactMessages).values({
    name: 'Meera',
    email: 'meera@example.in',
    subject: 'Delivery',
    message: 'Where is my parcel?',
  })
})
afterAll(() => t.close())

/**
 * A delivered order of last year (outside every sales number) with returns and refunds in each
 * state, on both sides of their promised days.
 */
async function seedReturnsAndRefunds(sellerId: string, userId: string) {
  const [order] = await db()
    .insert(orders)
    .values({
      userId,
      addressInfo: address,
      paymentMethod: 'CASHFREE',
      paymentStatus: 'paid',
      orderStatus: 'delivered',
      totalPaise: 5_000_00,
      createdAt: new Date('2025-06-01T06:00:00Z'),
    })
    .returning()
  const [part] = await db()
    .insert(subOrders)
    .values({ orderId: order!.id, sellerId, status: 'delivered', subtotalPaise: 5_000_00 })
    .returning()
  const ret = (
    status: (typeof returns.$inferInsert)['status'],
    decideBy: Date,
    receivedAt: Date | null = null,
  ) => ({
    orderId: order!.id,
    subOrderId: part!.id,
    status,
    reason: 'defective' as const,
    decideBy,
    receivedAt,
  })
  await db()
    .insert(returns)
    .values([
      // Requested: one past its decide-by moment (overdue), one still within it.
      ret('requested', ago(1)),
      ret('requested', ago(-24)),
      // Approved and waiting for the pickup: the seller has nothing to decide, never overdue.
      ret('approved', ago(72)),
      // Received: unchecked for 4 days (over the 3 allowed: overdue), and for 2.5 days (not yet).
      ret('received', ago(200), ago(96)),
      ret('received', ago(200), ago(60)),
      // Closed ones count for nothing, however old.
      ret('rejected', ago(200)),
      ret('qc_passed', ago(200), ago(150)),
      ret('qc_failed', ago(200), ago(150)),
    ])
  let n = 0
  const refund = (status: (typeof refunds.$inferInsert)['status'], expectedBy: Date) => ({
    orderId: order!.id,
    subOrderId: part!.id,
    sourceKey: `test:${++n}`,
    cause: 'return' as const,
    method: 'original' as const,
    provider: 'CASHFREE',
    amountPaise: 100_00,
    status,
    expectedBy,
  })
  await db()
    .insert(refunds)
    .values([
      refund('pending', ago(-48)),
      // Accepted by the provider but past its promised day.
      refund('initiated', ago(2)),
      refund('failed', ago(-48)),
      refund('failed', ago(2)),
      // Completed late is done: neither waiting nor overdue.
      refund('completed', ago(100)),
    ])
}

describe('GET /api/admin/dashboard', () => {
  it('should be for admins only', async () => {
    expect((await get()).statusCode).toBe(401)
    expect((await get(cookies.shopper)).statusCode).toBe(403)
    expect((await get(cookies.seller)).statusCode).toBe(403)
  })

  it('should count sales by Kolkata day and fill the 30-day series with zeros', async () => {
    const res = await get(cookies.admin)
    expect(res.statusCode).toBe(200)
    const data = res.json().data
    expect(data).toMatchObject({
      ordersToday: 2,
      revenueToday: 350,
      ordersThisMonth: 3,
      revenueThisMonth: 390,
    })
    expect(data.revenueSeries).toHaveLength(30)
    expect(data.revenueSeries[29]).toEqual({ date: '2026-11-22', revenue: 350 })
    expect(data.revenueSeries[28]).toEqual({ date: '2026-11-21', revenue: 40 })
    expect(data.revenueSeries[0]).toEqual({ date: '2026-10-24', revenue: 0 })
    expect(data.revenueSeries.find((p: { date: string }) => p.date === '2026-10-30').revenue).toBe(
      70,
    )
  })

  it('should list pending vendors, low stock and the latest messages', async () => {
    const data = (await get(cookies.admin)).json().data
    expect(data.pendingVendors.count).toBe(2)
    expect(data.pendingVendors.latest).toHaveLength(2)
    expect(data.lowStock.map((p: { totalStock: number }) => p.totalStock)).toEqual([3])
    expect(data.latestMessages[0]).toMatchObject({ name: 'Meera', subject: 'Delivery' })
    // No seller has a part to ship here (the shipping tests count late ones).
    expect(data.lateShipments).toEqual({ count: 0, notShipped: 0, notDelivered: 0 })
  })

  it('should count open and overdue returns, waiting, failed and overdue refunds', async () => {
    const data = (await get(cookies.admin)).json().data
    expect(data.returnsAndRefunds).toEqual({
      // requested ×2, approved, received ×2
      openReturns: 5,
      // the request past its decide-by, the return received 4 days ago
      overdueReturns: 2,
      // pending and initiated
      pendingRefunds: 2,
      failedRefunds: 2,
      // the initiated and the failed one past expected-by; the late completed one is done
      overdueRefunds: 2,
    })
  })
})
