import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller, createUser } from '../../../test/factories'
import { createSession } from '../auth/sessions'

let t: TestContext
const cookies = { admin: '', seller: '', shopper: '' }

async function cookieFor(userId: string) {
  const token = await createSession(t.database.db, { userId, days: 1, now: new Date() })
  return `session=${token}`
}

beforeAll(async () => {
  t = await createTestApp()
  const db = t.database.db
  cookies.admin = await cookieFor((await createUser(db, { role: 'admin', type: 'admin' })).id)
  cookies.seller = await cookieFor((await createSeller(db, 'Approved')).id)
  cookies.shopper = await cookieFor((await createUser(db)).id)
})
afterAll(() => t.close())

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} })

describe('GET /api/admin/vendors', () => {
  it('should list sellers for admins only', async () => {
    expect((await call('GET', '/api/admin/vendors')).statusCode).toBe(401)
    expect((await call('GET', '/api/admin/vendors', cookies.shopper)).statusCode).toBe(403)
    expect((await call('GET', '/api/admin/vendors', cookies.seller)).statusCode).toBe(403)
    const res = await call('GET', '/api/admin/vendors', cookies.admin)
    expect(res.statusCode).toBe(200)
    const [first] = res.json().data
    expect(Object.keys(first).sort()).toEqual([
      '_id',
      'email',
      'gstNumber',
      'mobile',
      'status',
      'userName',
    ])
  })
})

describe('POST /api/admin/vendors', () => {
  const payload = { userName: 'Rohan Electronics', email: 'Rohan@Shop.in', password: 'Seller123' }

  it('should create an approved seller that can sign in', async () => {
    expect((await call('POST', '/api/admin/vendors', undefined, payload)).statusCode).toBe(401)
    expect((await call('POST', '/api/admin/vendors', cookies.seller, payload)).statusCode).toBe(403)
    const res = await call('POST', '/api/admin/vendors', cookies.admin, payload)
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      message: 'Vendor created successfully!',
      data: { email: 'rohan@shop.in', status: 'Approved', gstNumber: null },
    })
    const login = await call('POST', '/api/auth/login', undefined, {
      email: 'rohan@shop.in',
      password: 'Seller123',
    })
    expect(login.statusCode).toBe(200)
    expect(login.json().user).toMatchObject({
      role: 'admin',
      type: 'vendor',
      vendorStatus: 'Approved',
    })
  })

  it('should answer 409 for a taken email and 400 for missing fields', async () => {
    const taken = await call('POST', '/api/admin/vendors', cookies.admin, payload)
    expect(taken.statusCode).toBe(409)
    const missing = await call('POST', '/api/admin/vendors', cookies.admin, { email: 'a@b.in' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['userName', 'password']),
    )
  })
})

describe('PUT /api/admin/vendors/:id/status', () => {
  it('should list a seller’s live products on approval and hide them on rejection', async () => {
    const db = t.database.db
    const seller = await createSeller(db, 'Pending')
    const product = await createProduct(db, {
      sellerId: seller.id,
      title: 'Pending Phone',
      listed: false,
    })
    const sellerCookie = await cookieFor(seller.id)
    const shop = () => call('GET', `/api/shop/products/get/${product.id}`).then((r) => r.statusCode)
    const url = `/api/admin/vendors/${seller.id}/status`

    expect(await shop()).toBe(404)
    expect((await call('PUT', url, undefined, { status: 'Approved' })).statusCode).toBe(401)
    expect((await call('PUT', url, cookies.shopper, { status: 'Approved' })).statusCode).toBe(403)
    expect((await call('PUT', url, sellerCookie, { status: 'Approved' })).statusCode).toBe(403)

    const approved = await call('PUT', url, cookies.admin, { status: 'Approved' })
    expect(approved.statusCode).toBe(200)
    expect(approved.json().data.status).toBe('Approved')
    expect(await shop()).toBe(200)

    const rejected = await call('PUT', url, cookies.admin, { status: 'Rejected' })
    expect(rejected.json().data.status).toBe('Rejected')
    expect(await shop()).toBe(404)
    // A rejected seller still signs in and sees its status.
    const me = await call('GET', '/api/auth/check-auth', sellerCookie)
    expect(me.json().user.vendorStatus).toBe('Rejected')
  })

  it('should refuse other statuses and unknown vendors', async () => {
    const seller = await createSeller(t.database.db, 'Pending')
    const bad = await call('PUT', `/api/admin/vendors/${seller.id}/status`, cookies.admin, {
      status: 'Pending',
    })
    expect(bad.statusCode).toBe(400)
    const unknown = await call(
      'PUT',
      `/api/admin/vendors/${crypto.randomUUID()}/status`,
      cookies.admin,
      { status: 'Approved' },
    )
    expect(unknown.statusCode).toBe(404)
  })
})
