import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller, createUser, testGstin } from '../../../test/factories'
import { createSession } from '../auth/sessions'
import { SANDBOX_GSTINS } from '../../gstn'

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
      'gstRegistrationType',
      'gstinLegalName',
      'gstinProblem',
      'listedProducts',
      'mobile',
      'status',
      'userName',
    ])
  })

  it('should count each seller’s listed products: what a reject takes offline', async () => {
    const db = t.database.db
    const seller = await createSeller(db, 'Approved')
    for (const listed of [true, true, false])
      await createProduct(db, { sellerId: seller.id, listed })
    const res = await call('GET', '/api/admin/vendors', cookies.admin)
    const row = res.json().data.find((v: { _id: string }) => v._id === seller.id)
    expect(row.listedProducts).toBe(2)
  })
})

/** What seller registration asks besides the account: mobile, GSTIN, business address. */
const details = {
  mobile: '+91 98450 12345',
  gstNumber: '27aapfu0939f1zv',
  businessName: 'Rohan Electronics Pvt Ltd',
  addressLine: '12 Lamington Road',
  city: 'Mumbai',
  stateCode: '27',
  pincode: '400007',
}

describe('POST /api/admin/vendors', () => {
  const payload = {
    userName: 'Rohan Electronics',
    email: 'Rohan@Shop.in',
    password: 'Seller123',
    ...details,
  }

  it('should create an approved seller that can sign in', async () => {
    expect((await call('POST', '/api/admin/vendors', undefined, payload)).statusCode).toBe(401)
    expect((await call('POST', '/api/admin/vendors', cookies.seller, payload)).statusCode).toBe(403)
    const res = await call('POST', '/api/admin/vendors', cookies.admin, payload)
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      message: 'Vendor created successfully!',
      data: {
        email: 'rohan@shop.in',
        status: 'Approved',
        gstNumber: '27AAPFU0939F1ZV',
        mobile: '9845012345',
      },
    })
    const address = await call(
      'GET',
      '/api/admin/business-address',
      await cookieFor(res.json().data._id),
    )
    expect(address.json().data).toMatchObject({
      businessName: 'Rohan Electronics Pvt Ltd',
      city: 'Mumbai',
      stateCode: '27',
      pincode: '400007',
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
      expect.arrayContaining([
        'userName',
        'password',
        'mobile',
        'gstNumber',
        'businessName',
        'addressLine',
        'city',
        'stateCode',
        'pincode',
      ]),
    )
  })

  it('should check the GSTIN as registration does: check digit, state, not taken', async () => {
    const create = (overrides: object) =>
      call('POST', '/api/admin/vendors', cookies.admin, {
        ...payload,
        email: `${crypto.randomUUID().slice(0, 8)}@shop.in`,
        ...overrides,
      })
    const badDigit = await create({ gstNumber: '27AAPFU0939F1ZW' })
    expect(badDigit.statusCode).toBe(400)
    expect(badDigit.json().message).toBe('GST Number check digit does not match')
    const otherState = await create({ stateCode: '29', pincode: '560001' })
    expect(otherState.statusCode).toBe(400)
    expect(otherState.json().errors).toEqual([
      { path: 'stateCode', message: 'State must be Maharashtra (27), the state of the GSTIN' },
    ])
    const badMobile = await create({ mobile: '12345' })
    expect(badMobile.json().errors[0]).toMatchObject({ path: 'mobile' })
    const taken = await create({})
    expect(taken.statusCode).toBe(409)
    expect(taken.json().message).toBe('A seller with this GST Number already exists')
  })

  it('should answer 409, never 500, when two admins add the same email at once', async () => {
    const email = 'race@shop.in'
    const answers = await Promise.all(
      [testGstin(500_001), testGstin(500_002)].map((gstNumber) =>
        call('POST', '/api/admin/vendors', cookies.admin, { ...payload, email, gstNumber }),
      ),
    )
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409])
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(
      'An account with this email already exists',
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

  it('approves one seller per GSTIN: a second approval answers 409 until the first is rejected', async () => {
    const db = t.database.db
    const gstNumber = testGstin(600_010)
    const first = await createSeller(db, 'Pending', { gstNumber })
    const second = await createSeller(db, 'Pending', { gstNumber })
    const approve = (id: string, status = 'Approved') =>
      call('PUT', `/api/admin/vendors/${id}/status`, cookies.admin, { status })
    expect((await approve(first.id)).statusCode).toBe(200)
    const refused = await approve(second.id)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({
      success: false,
      message: 'Another approved seller holds this GST Number',
    })
    expect((await approve(first.id, 'Rejected')).statusCode).toBe(200)
    expect((await approve(second.id)).statusCode).toBe(200)
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

describe('sellers without a GSTIN (made before "Add New Vendor" asked for one)', () => {
  it('are not listed until an admin completes them, then are', async () => {
    const db = t.database.db
    const seller = await createSeller(db, 'Pending', { gstNumber: null })
    const product = await createProduct(db, { sellerId: seller.id, listed: false })
    const shop = () => call('GET', `/api/shop/products/get/${product.id}`).then((r) => r.statusCode)

    const approved = await call('PUT', `/api/admin/vendors/${seller.id}/status`, cookies.admin, {
      status: 'Approved',
    })
    expect(approved.json().data).toMatchObject({ status: 'Approved', listedProducts: 0 })
    expect(await shop()).toBe(404)
    // Editing the product does not list it either.
    const sellerCookie = await cookieFor(seller.id)
    const mine = await call('GET', '/api/admin/products/get', sellerCookie)
    expect(mine.json().data[0].listed).toBe(false)

    const url = `/api/admin/vendors/${seller.id}/details`
    const gstNumber = testGstin(600_001)
    expect((await call('PUT', url, sellerCookie, { ...details, gstNumber })).statusCode).toBe(403)
    const invalid = await call('PUT', url, cookies.admin, { ...details, gstNumber: 'NOPE' })
    expect(invalid.statusCode).toBe(400)
    const done = await call('PUT', url, cookies.admin, { ...details, gstNumber })
    expect(done.statusCode).toBe(200)
    expect(done.json().data).toMatchObject({ gstNumber, mobile: '9845012345', listedProducts: 1 })
    expect(await shop()).toBe(200)

    const again = await call('PUT', url, cookies.admin, {
      ...details,
      gstNumber: testGstin(600_002),
    })
    expect(again.statusCode).toBe(409)
  })

  it('answers 409 for a GSTIN another seller holds', async () => {
    const db = t.database.db
    const holder = await createSeller(db, 'Approved', { gstNumber: testGstin(600_003) })
    const seller = await createSeller(db, 'Approved', { gstNumber: null })
    const res = await call('PUT', `/api/admin/vendors/${seller.id}/details`, cookies.admin, {
      ...details,
      gstNumber: testGstin(600_003),
    })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('A seller with this GST Number already exists')
    expect(holder.id).not.toBe(seller.id)
    const list = await call('GET', '/api/admin/vendors', cookies.admin)
    expect(list.json().data.find((v: { _id: string }) => v._id === seller.id).gstNumber).toBeNull()
  })

  it('leave the listing when the migration runs, and the cached catalog follows', async () => {
    const db = t.database.db
    const seller = await createSeller(db, 'Approved', { gstNumber: null })
    const product = await createProduct(db, { sellerId: seller.id, listed: true })
    const listing = () =>
      call('GET', '/api/shop/products/get?limit=100').then((r) =>
        r.json().data.some((p: { _id: string }) => p._id === product.id),
      )
    expect(await listing()).toBe(true) // and now cached
    const sql = readFileSync(
      new URL('../../../drizzle/0016_unlist-sellers-without-gstin.sql', import.meta.url),
      'utf8',
    )
    await t.database.db.execute(sql)
    await expect.poll(listing).toBe(false)
  })
})

describe("sellers' GSTINs verified with the GST network (issue 30.10)", () => {
  const vendorOf = (res: { json(): { data: { _id: string; status: string }[] } }, id: string) =>
    res.json().data.find((v) => v._id === id)

  it('refuses to approve a cancelled GSTIN, and keeps the seller pending', async () => {
    const db = t.database.db
    const seller = await createSeller(db, 'Pending', { gstNumber: SANDBOX_GSTINS.cancelled })
    const res = await call('PUT', `/api/admin/vendors/${seller.id}/status`, cookies.admin, {
      status: 'Approved',
    })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toMatch(/shows 27AAACC1111C1ZM as cancelled/)
    const list = await call('GET', '/api/admin/vendors', cookies.admin)
    expect(vendorOf(list, seller.id)?.status).toBe('Pending')
    // Rejecting needs no verification.
    const reject = await call('PUT', `/api/admin/vendors/${seller.id}/status`, cookies.admin, {
      status: 'Rejected',
    })
    expect(reject.statusCode).toBe(200)
  })

  it('records a composition dealer as one when approving it, with its legal name', async () => {
    const seller = await createSeller(t.database.db, 'Pending', {
      gstNumber: SANDBOX_GSTINS.composition,
    })
    const res = await call('PUT', `/api/admin/vendors/${seller.id}/status`, cookies.admin, {
      status: 'Approved',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({
      status: 'Approved',
      gstRegistrationType: 'composition',
      gstinLegalName: 'Corner Cell Store',
    })
  })

  it('refuses to add a seller whose GSTIN the network does not know', async () => {
    const res = await call('POST', '/api/admin/vendors', cookies.admin, {
      userName: 'Ghost Traders',
      email: 'ghost@traders.in',
      password: 'Seller123',
      ...details,
      gstNumber: SANDBOX_GSTINS.unknown,
    })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toMatch(/has no registration/)
  })
})
