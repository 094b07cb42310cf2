import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createUser } from '../../../test/factories'
import { placeOrder } from '../../../test/shop'
import { createSession } from '../auth/sessions'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const db = () => t.database.db
const NUMBER = /^TB-(\d+)$/
const sequenceOf = (orderNumber: string) => Number(NUMBER.exec(orderNumber)?.[1])

async function adminCookie() {
  const admin = await createUser(db(), { role: 'admin', type: 'admin' })
  return `session=${await createSession(db(), { userId: admin.id, days: 1, now: new Date() })}`
}
const get = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } })

describe('order numbers', () => {
  it('gives every order its own number, in the order they were placed, also when placed at once', async () => {
    const first = await placeOrder(t.app, db(), 'COD', { price: 500, totalStock: 5, quantity: 1 })
    const together = await Promise.all(
      Array.from({ length: 8 }, () =>
        placeOrder(t.app, db(), 'COD', { price: 500, totalStock: 5, quantity: 1 }),
      ),
    )
    const last = await placeOrder(t.app, db(), 'CASHFREE', {
      price: 500,
      totalStock: 5,
      quantity: 1,
    })
    const numbers = [first, ...together, last].map((o) => o.orderNumber)
    for (const n of numbers) expect(n).toMatch(NUMBER)
    expect(new Set(numbers).size).toBe(numbers.length)
    const firstSeq = sequenceOf(first.orderNumber)
    const lastSeq = sequenceOf(last.orderNumber)
    const middle = together.map((o) => sequenceOf(o.orderNumber)).sort((a, b) => a - b)
    // Sequential: the eight concurrent ones take exactly the numbers between the two others.
    expect(middle).toEqual(Array.from({ length: 8 }, (_, i) => firstSeq + 1 + i))
    expect(lastSeq).toBe(firstSeq + 9)
  })

  it('returns the number in the shopper’s list and details and in the admin’s and seller’s lists', async () => {
    const placed = await placeOrder(t.app, db(), 'COD', { price: 700, totalStock: 3, quantity: 1 })
    const { shopper, orderId, orderNumber } = placed
    const list = await get(`/api/shop/order/list/${shopper.user.id}`, shopper.cookie)
    expect(list.json().data).toEqual([expect.objectContaining({ _id: orderId, orderNumber })])
    const details = await get(`/api/shop/order/details/${orderId}`, shopper.cookie)
    expect(details.json().data).toMatchObject({ _id: orderId, orderNumber })

    const admin = await adminCookie()
    const all = await get('/api/admin/orders/get', admin)
    expect(all.json().data).toContainEqual(expect.objectContaining({ _id: orderId, orderNumber }))
    const adminDetails = await get(`/api/admin/orders/details/${orderId}`, admin)
    expect(adminDetails.json().data).toMatchObject({ orderNumber })

    const sellerId = placed.item.sellerId
    const sellerCookie = `session=${await createSession(db(), { userId: sellerId, days: 1, now: new Date() })}`
    const mine = await get('/api/admin/orders/getVendor', sellerCookie)
    expect(mine.json().data).toEqual([expect.objectContaining({ orderId, orderNumber })])
  })

  it('puts the number in the confirmation mail’s subject and text', async () => {
    const { shopper, orderNumber } = await placeOrder(t.app, db(), 'COD', {
      price: 900,
      totalStock: 2,
      quantity: 1,
    })
    await t.app.deps.jobs.drain()
    const mail = t.app.deps.mailer.outbox().find((m) => m.to === shopper.user.email)
    expect(mail?.subject).toContain(orderNumber)
    expect(mail?.text).toContain(`order ${orderNumber}`)
    expect(mail?.text).toContain('Status: Confirmed')
    expect(mail?.text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/)
  })
})

describe('GET /api/admin/orders/get?orderNumber=', () => {
  it('finds one order by its number, typed with or without the prefix', async () => {
    const admin = await adminCookie()
    const { orderId, orderNumber } = await placeOrder(t.app, db(), 'COD', {
      price: 300,
      totalStock: 2,
      quantity: 1,
    })
    const bare = String(sequenceOf(orderNumber))
    for (const typed of [orderNumber, orderNumber.toLowerCase(), bare, `#${bare}`, ` ${bare} `]) {
      const res = await get(`/api/admin/orders/get?orderNumber=${encodeURIComponent(typed)}`, admin)
      expect(res.statusCode, typed).toBe(200)
      expect(res.json().data.map((o: { _id: string }) => o._id)).toEqual([orderId])
    }
    const unknown = await get('/api/admin/orders/get?orderNumber=TB-99999999', admin)
    expect(unknown.json()).toMatchObject({ success: true, data: [], total: 0 })
    const empty = await get('/api/admin/orders/get?orderNumber=', admin)
    expect(empty.json().data.length).toBeGreaterThan(1)
  })

  it('answers 400 with a plain message for text that is not an order number', async () => {
    const admin = await adminCookie()
    for (const typed of ['abc', 'TB-', 'TB-12x', '99999999999', "1' OR 1=1"]) {
      const res = await get(`/api/admin/orders/get?orderNumber=${encodeURIComponent(typed)}`, admin)
      expect(res.statusCode, typed).toBe(400)
      expect(res.json()).toMatchObject({
        success: false,
        message: 'Enter an order number like TB-10234.',
      })
    }
  })
})
