import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outbox, payments, products } from '../../db/schema'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller, createUser } from '../../../test/factories'
import { createShopper, fillCart, orderCart } from '../../../test/shop'
import { createSession } from '../auth/sessions'

let t: TestContext
const cookies = { admin: '', sellerA: '', sellerB: '', shopper: '' }
let sellerA: { id: string }
let sellerB: { id: string }

const db = () => t.database.db
async function cookieFor(userId: string) {
  const token = await createSession(db(), { userId, days: 1, now: new Date() })
  return `session=${token}`
}
const call = (method: 'GET' | 'PUT', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} })
const stockOf = async (id: string) =>
  (await db().select().from(products).where(eq(products.id, id)))[0]!.totalStock

/** A COD order with one line from each seller; answers its id and the products. */
async function placeOrder(paymentMethod: 'COD' | 'CASHFREE' = 'COD') {
  const phone = await createProduct(db(), { sellerId: sellerA.id, price: 20000, totalStock: 5 })
  const cable = await createProduct(db(), { sellerId: sellerB.id, price: 500, totalStock: 5 })
  const shopper = await createShopper(db(), { userName: 'Asha Rao' })
  cookies.shopper = shopper.cookie
  await fillCart(db(), shopper.user.id, [
    { productId: phone.id, quantity: 2 },
    { productId: cable.id, quantity: 1 },
  ])
  const orderId = await orderCart(t.app, shopper, paymentMethod)
  return { orderId, phone, cable, shopper }
}

beforeAll(async () => {
  t = await createTestApp()
  sellerA = await createSeller(db(), 'Approved')
  sellerB = await createSeller(db(), 'Approved')
  cookies.admin = await cookieFor((await createUser(db(), { role: 'admin', type: 'admin' })).id)
  cookies.sellerA = await cookieFor(sellerA.id)
  cookies.sellerB = await cookieFor(sellerB.id)
})
afterAll(() => t.close())

describe('GET /api/admin/orders/get', () => {
  it('should list every order, newest first, for admins only', async () => {
    const first = await placeOrder()
    const second = await placeOrder()
    expect((await call('GET', '/api/admin/orders/get')).statusCode).toBe(401)
    expect((await call('GET', '/api/admin/orders/get', cookies.shopper)).statusCode).toBe(403)
    expect((await call('GET', '/api/admin/orders/get', cookies.sellerA)).statusCode).toBe(403)
    const res = await call('GET', '/api/admin/orders/get', cookies.admin)
    expect(res.statusCode).toBe(200)
    const ids = res.json().data.map((o: { _id: string }) => o._id)
    expect(ids.indexOf(second.orderId)).toBeLessThan(ids.indexOf(first.orderId))
    expect(res.json().data[0]).toMatchObject({
      orderStatus: 'confirmed',
      totalAmount: 40500,
      paymentMethod: 'COD',
      paymentStatus: 'pending',
      userName: 'Asha Rao',
    })
  })
})

describe('GET /api/admin/orders/getVendor', () => {
  it('should answer a seller only its own sub-orders and lines', async () => {
    const { orderId } = await placeOrder()
    expect((await call('GET', '/api/admin/orders/getVendor')).statusCode).toBe(401)
    expect((await call('GET', '/api/admin/orders/getVendor', cookies.shopper)).statusCode).toBe(403)
    expect((await call('GET', '/api/admin/orders/getVendor', cookies.admin)).statusCode).toBe(403)
    const res = await call('GET', '/api/admin/orders/getVendor', cookies.sellerB)
    expect(res.statusCode).toBe(200)
    const mine = res.json().data.find((s: { orderId: string }) => s.orderId === orderId)
    expect(mine.totalAmount).toBe(500)
    expect(mine.cartItems).toHaveLength(1)
    expect(mine.cartItems[0].price).toBe(500)
  })
})

describe('GET /api/admin/orders/details/:id', () => {
  it('should show admins the whole order and a seller only its part', async () => {
    const { orderId } = await placeOrder()
    const url = `/api/admin/orders/details/${orderId}`
    expect((await call('GET', url)).statusCode).toBe(401)
    expect((await call('GET', url, cookies.shopper)).statusCode).toBe(403)
    const admin = await call('GET', url, cookies.admin)
    expect(admin.statusCode).toBe(200)
    expect(admin.json().data).toMatchObject({
      totalAmount: 40500,
      userName: 'Asha Rao',
      addressInfo: { city: 'Bengaluru', pincode: '560001' },
    })
    expect(admin.json().data.cartItems).toHaveLength(2)
    const seller = await call('GET', url, cookies.sellerA)
    expect(seller.json().data.totalAmount).toBe(40000)
    expect(seller.json().data.cartItems).toHaveLength(1)
    const outsider = await cookieFor((await createSeller(db(), 'Approved')).id)
    expect((await call('GET', url, outsider)).statusCode).toBe(404)
    expect((await call('GET', '/api/admin/orders/details/nope', cookies.admin)).statusCode).toBe(
      400,
    )
  })
})

describe('PUT /api/admin/orders/update/:id', () => {
  it('should move the order and its sub-orders along, admins only', async () => {
    const { orderId } = await placeOrder()
    const url = `/api/admin/orders/update/${orderId}`
    const body = { orderStatus: 'inShipping' }
    expect((await call('PUT', url, undefined, body)).statusCode).toBe(401)
    expect((await call('PUT', url, cookies.shopper, body)).statusCode).toBe(403)
    expect((await call('PUT', url, cookies.sellerA, body)).statusCode).toBe(403)
    const res = await call('PUT', url, cookies.admin, body)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, message: 'Order status updated successfully' })
    const sub = await call('GET', '/api/admin/orders/getVendor', cookies.sellerA)
    const mine = sub.json().data.find((s: { orderId: string }) => s.orderId === orderId)
    expect(mine.orderStatus).toBe('inShipping')
  })

  it('should mail the shopper when an admin marks the parcels shipped and then delivered', async () => {
    const { orderId, shopper } = await placeOrder()
    const url = `/api/admin/orders/update/${orderId}`
    expect((await call('PUT', url, cookies.admin, { orderStatus: 'inShipping' })).statusCode).toBe(
      200,
    )
    expect((await call('PUT', url, cookies.admin, { orderStatus: 'delivered' })).statusCode).toBe(
      200,
    )
    const mails = (await db().select().from(outbox).where(eq(outbox.kind, 'mail')))
      .map((row) => (row.payload as { mail: { to: string; subject: string; text: string } }).mail)
      .filter((mail) => mail.to === shopper.user.email)
    // One per parcel (each seller's part) and step; no tracking number for a parcel sent by hand.
    expect(mails.filter((m) => m.subject.endsWith('has shipped'))).toHaveLength(2)
    expect(mails.filter((m) => m.subject.endsWith('was delivered'))).toHaveLength(2)
    expect(mails.find((m) => m.subject.endsWith('has shipped'))!.text).toContain('is on its way.')
  })

  it('should refuse an unknown status with 400 and an unknown order with 404', async () => {
    const { orderId } = await placeOrder()
    const bad = await call('PUT', `/api/admin/orders/update/${orderId}`, cookies.admin, {
      orderStatus: 'shipped',
    })
    expect(bad.statusCode).toBe(400)
    const missing = await call(
      'PUT',
      '/api/admin/orders/update/00000000-0000-4000-8000-000000000000',
      cookies.admin,
      { orderStatus: 'delivered' },
    )
    expect(missing.statusCode).toBe(404)
  })

  it('should return stock once when an unshipped order is rejected twice', async () => {
    const { orderId, phone, cable } = await placeOrder()
    expect(await stockOf(phone.id)).toBe(3)
    const url = `/api/admin/orders/update/${orderId}`
    const reject = { orderStatus: 'rejected' }
    expect((await call('PUT', url, cookies.admin, reject)).statusCode).toBe(200)
    expect((await call('PUT', url, cookies.admin, reject)).statusCode).toBe(200)
    expect(await stockOf(phone.id)).toBe(5)
    expect(await stockOf(cable.id)).toBe(5)
    const details = await call('GET', `/api/admin/orders/details/${orderId}`, cookies.admin)
    expect(details.json().data).toMatchObject({ orderStatus: 'rejected', paymentStatus: 'failed' })
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId))
    if (payment) expect(payment.status).toBe('failed')
    expect((await call('PUT', url, cookies.admin, { orderStatus: 'pending' })).statusCode).toBe(409)
  })

  it('should keep stock out when a shipped order is rejected', async () => {
    const { orderId, phone } = await placeOrder()
    const url = `/api/admin/orders/update/${orderId}`
    await call('PUT', url, cookies.admin, { orderStatus: 'inShipping' })
    await call('PUT', url, cookies.admin, { orderStatus: 'rejected' })
    expect(await stockOf(phone.id)).toBe(3)
  })
})

describe('PUT /api/admin/orders/vendor-update', () => {
  it('should let a seller update only its own sub-order', async () => {
    const { orderId } = await placeOrder()
    const list = await call('GET', '/api/admin/orders/getVendor', cookies.sellerA)
    const mine = list.json().data.find((s: { orderId: string }) => s.orderId === orderId)
    const body = { _id: mine._id, status: 'inProcess' }
    const url = '/api/admin/orders/vendor-update'
    expect((await call('PUT', url, undefined, body)).statusCode).toBe(401)
    expect((await call('PUT', url, cookies.shopper, body)).statusCode).toBe(403)
    expect((await call('PUT', url, cookies.sellerB, body)).statusCode).toBe(403)
    expect((await call('PUT', url, cookies.sellerA, { ...body, status: 'bogus' })).statusCode).toBe(
      400,
    )
    const missing = { _id: '00000000-0000-4000-8000-000000000000', status: 'inProcess' }
    expect((await call('PUT', url, cookies.sellerA, missing)).statusCode).toBe(404)
    const res = await call('PUT', url, cookies.sellerA, body)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      message: 'Order status updated successfully',
      data: { _id: mine._id, orderId, status: 'inProcess' },
    })
  })
})
