import { parseCsv } from '../../lib/csv'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createOrders, createSeller, createUser } from '../../../test/factories'
import { orders, subOrders, users } from '../../db/schema'
import { createSession } from '../auth/sessions'

// The admin's orders found the ways a support desk looks for them (issue 31, item 8): a phone
// number, the days placed (IST), the payment method and the seller; and the same as CSV.
let t: TestContext
let admin = ''
let sellerId = ''
/** Order numbers as the list prints them, by what sets each apart. */
const numbers = { byPhone: '', byMobile: '', upi: '', lateOnThe26th: '', onThe27th: '', seller: '' }

beforeAll(async () => {
  t = await createTestApp()
  const db = t.database.db
  admin = `session=${await createSession(db, {
    userId: (await createUser(db, { role: 'admin', type: 'admin' })).id,
    days: 1,
    now: new Date(),
  })}`
  const shopper = await createUser(db, { userName: 'Asha Rao', email: 'asha@example.in' })
  const withMobile = await createUser(db, { userName: 'Vikram Singh', email: 'vik@example.in' })
  await db.update(users).set({ mobile: '+91 91234 56789' }).where(eq(users.id, withMobile.id))
  sellerId = (await createSeller(db, 'Approved')).id
  // Six orders, 26 November 2026 11:00 IST back in minutes; then each given what sets it apart.
  const made = await createOrders(db, {
    count: 6,
    userIds: [shopper.id, withMobile.id, shopper.id, shopper.id, shopper.id, shopper.id],
    newest: new Date('2026-11-26T05:30:00Z'),
  })
  const [byPhone, byMobile, upi, late, next, bySeller] = made.map((o) => o.id)
  const set = (id: string | undefined, values: Partial<typeof orders.$inferInsert>) =>
    db.update(orders).set(values).where(eq(orders.id, id!))
  await set(byPhone, {
    addressInfo: {
      addressId: crypto.randomUUID(),
      address: '4 Park Street',
      city: 'Kolkata',
      pincode: '700016',
      phone: '98300 12345',
      notes: '',
      stateCode: '19',
    },
  })
  await set(upi, { paymentMethod: 'CASHFREE', paymentStatus: 'paid' })
  // 23:59 IST on the 26th is 18:29 UTC; 00:01 IST on the 27th is 18:31 UTC.
  await set(late, { createdAt: new Date('2026-11-26T18:29:00Z') })
  await set(next, { createdAt: new Date('2026-11-26T18:31:00Z') })
  await db.insert(subOrders).values({ orderId: bySeller!, sellerId, subtotalPaise: 100_000 })
  const numberOf = async (id: string | undefined) =>
    `TB-${(await db.select().from(orders).where(eq(orders.id, id!)))[0]!.orderNumber}`
  numbers.byPhone = await numberOf(byPhone)
  numbers.byMobile = await numberOf(byMobile)
  numbers.upi = await numberOf(upi)
  numbers.lateOnThe26th = await numberOf(late)
  numbers.onThe27th = await numberOf(next)
  numbers.seller = await numberOf(bySeller)
}, 60_000)
afterAll(() => t.close())

const get = (url: string) => t.app.inject({ url, headers: { cookie: admin } })
const found = async (query: string) => {
  const res = await get(`/api/admin/orders/get${query}`)
  expect(res.statusCode, query).toBe(200)
  return (res.json().data as { orderNumber: string }[]).map((o) => o.orderNumber)
}

describe('GET /api/admin/orders/get, filtered', () => {
  it('finds a phone number however it is typed: the address’s or the account’s', async () => {
    expect(await found('?q=9830012345')).toEqual([numbers.byPhone])
    expect(await found(`?q=${encodeURIComponent('+91 98300-12345')}`)).toEqual([numbers.byPhone])
    expect(await found('?q=9123456789')).toEqual([numbers.byMobile])
  })

  it('keeps the days placed in India, both ends included', async () => {
    expect(await found('?from=2026-11-27&to=2026-11-27')).toEqual([numbers.onThe27th])
    const the26th = await found('?from=2026-11-26&to=2026-11-26')
    expect(the26th).toContain(numbers.lateOnThe26th)
    expect(the26th).not.toContain(numbers.onThe27th)
    expect(the26th).toHaveLength(5)
  })

  it('narrows by payment method and by seller', async () => {
    expect(await found('?paymentMethod=CASHFREE')).toEqual([numbers.upi])
    expect(await found(`?sellerId=${sellerId}`)).toEqual([numbers.seller])
  })

  it('refuses a reversed period, an unknown method and a malformed day with a 400', async () => {
    for (const query of [
      '?from=2026-11-27&to=2026-11-26',
      '?paymentMethod=CHEQUE',
      '?from=27-11-2026',
      '?from=0000-01-01',
      '?to=9999-12-31',
      '?sellerId=nobody',
    ]) {
      const res = await get(`/api/admin/orders/get${query}`)
      expect(res.statusCode, query).toBe(400)
      expect(res.json().success).toBe(false)
    }
  })
})

describe('GET /api/admin/orders/export', () => {
  it('sends the filtered orders as a CSV file, newest first, with what the list shows', async () => {
    const res = await get('/api/admin/orders/export?from=2026-11-26&to=2026-11-27')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const { records } = parseCsv(res.body)
    expect(records[0]?.cells).toEqual([
      'Order number',
      'Placed on (IST)',
      'Customer',
      'Email',
      'Phone',
      'Delivery state',
      'Status',
      'Payment method',
      'Payment status',
      'Total (₹)',
      'Payable now (₹)',
      'Refunded (₹)',
    ])
    const rows = records.slice(1).map((r) => r.cells)
    expect(rows).toHaveLength(6)
    expect(rows[0]?.slice(0, 2)).toEqual([numbers.onThe27th, '2026-11-27 00:01'])
    const kolkata = rows.find((cells) => cells[0] === numbers.byPhone)
    expect(kolkata?.slice(4, 6)).toEqual(['98300 12345', 'West Bengal'])
    const upi = rows.find((cells) => cells[0] === numbers.upi)
    expect(upi?.slice(7, 9)).toEqual(['Cashfree', 'Paid'])
    expect(upi?.[9]).toMatch(/^1000\.0\d$/)
    // The same filters as the list: one method.
    const cod = parseCsv((await get('/api/admin/orders/export?paymentMethod=COD')).body)
    expect(cod.records).toHaveLength(6)
  })

  it('is for admins only', async () => {
    expect((await t.app.inject({ url: '/api/admin/orders/export' })).statusCode).toBe(401)
  })
})
