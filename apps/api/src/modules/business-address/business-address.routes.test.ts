import { gstinCheckChar } from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createSeller, createUser } from '../../../test/factories'
import { vendorProfiles } from '../../db/schema'
import { createSession } from '../auth/sessions'

let t: TestContext
const db = () => t.database.db
let pans = 1000
/** A valid GSTIN of `state`, a new one each time (GSTINs are unique per seller). */
const gstinIn = (state: string) => {
  const first14 = `${state}AABCT${++pans}L1Z`
  return first14 + gstinCheckChar(first14)
}

async function cookieFor(userId: string) {
  const token = await createSession(db(), { userId, days: 1, now: new Date() })
  return `session=${token}`
}

/** A seller with a GSTIN of `state` (none when null). */
async function sellerIn(
  state: string | null,
  status: 'Pending' | 'Approved' | 'Rejected' = 'Approved',
) {
  // No business address yet: these tests fill it in.
  const seller = await createSeller(db(), status, { invoiceable: false })
  const gstNumber = state ? gstinIn(state) : null
  await db().update(vendorProfiles).set({ gstNumber }).where(eq(vendorProfiles.userId, seller.id))
  return { id: seller.id, gstNumber, cookie: await cookieFor(seller.id) }
}

const address = (overrides: Record<string, unknown> = {}) => ({
  businessName: 'Bengaluru Gadgets Pvt. Ltd.',
  addressLine: '12, 3rd Cross, Koramangala',
  city: 'Bengaluru',
  stateCode: '29',
  pincode: '560034',
  ...overrides,
})

function put(cookie: string | undefined, payload: object) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/admin/business-address',
    headers: cookie ? { cookie } : {},
    payload,
  })
}
const get = (cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/admin/business-address',
    headers: cookie ? { cookie } : {},
  })

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('GET /api/admin/business-address', () => {
  it('should answer an empty address with the state of the seller’s GSTIN', async () => {
    const seller = await sellerIn('29')
    const res = await get(seller.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toEqual({
      businessName: null,
      addressLine: null,
      city: null,
      stateCode: '29',
      pincode: null,
      gstNumber: seller.gstNumber,
      turnoverAbove5Cr: false,
    })
  })
})

describe('the seller’s turnover answer', () => {
  const turnoverOf = async (sellerId: string) =>
    (await db().select().from(vendorProfiles).where(eq(vendorProfiles.userId, sellerId)))[0]
      ?.turnoverAbove5Cr

  it('is saved with the address, answered on GET, and kept when a save leaves it out', async () => {
    const seller = await sellerIn('29')
    const above = await put(seller.cookie, address({ turnoverAbove5Cr: true }))
    expect(above.statusCode, above.body).toBe(200)
    expect(above.json().data.turnoverAbove5Cr).toBe(true)
    expect(await turnoverOf(seller.id)).toBe(true)
    expect((await get(seller.cookie)).json().data.turnoverAbove5Cr).toBe(true)

    // A client that does not know the field saves the address without clearing the answer.
    expect((await put(seller.cookie, address({ city: 'Bangalore' }))).statusCode).toBe(200)
    expect(await turnoverOf(seller.id)).toBe(true)

    const below = await put(seller.cookie, address({ turnoverAbove5Cr: false }))
    expect(below.json().data.turnoverAbove5Cr).toBe(false)
    expect(await turnoverOf(seller.id)).toBe(false)
  })

  it('must be a yes or no', async () => {
    const seller = await sellerIn('29')
    const res = await put(seller.cookie, address({ turnoverAbove5Cr: 'yes' }))
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual([
      { path: 'turnoverAbove5Cr', message: 'Turnover must be yes or no' },
    ])
    expect(await turnoverOf(seller.id)).toBe(false)
  })
})

describe('PUT /api/admin/business-address', () => {
  it('should save the seller’s own address and no one else’s', async () => {
    const seller = await sellerIn('29')
    const other = await sellerIn('27')
    const res = await put(seller.cookie, address({ city: '  Bengaluru  ' }))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Business address saved',
      data: { ...address(), gstNumber: seller.gstNumber },
    })
    expect((await get(seller.cookie)).json().data.city).toBe('Bengaluru')
    const [row] = await db()
      .select()
      .from(vendorProfiles)
      .where(eq(vendorProfiles.userId, seller.id))
    expect(row).toMatchObject({ addressLine: '12, 3rd Cross, Koramangala', stateCode: '29' })
    // Nobody else's profile moved.
    expect((await get(other.cookie)).json().data.addressLine).toBeNull()
  })

  it('should let a pending seller prepare its address', async () => {
    const seller = await sellerIn('27', 'Pending')
    const res = await put(seller.cookie, address({ stateCode: '27', pincode: '400001' }))
    expect(res.statusCode, res.body).toBe(200)
  })

  it('should refuse a state other than the GSTIN’s', async () => {
    const seller = await sellerIn('27')
    const res = await put(seller.cookie, address())
    expect(res.statusCode).toBe(400)
    const message = 'State must be Maharashtra (27), the state of your GSTIN'
    expect(res.json()).toMatchObject({ message, errors: [{ path: 'stateCode', message }] })
  })

  it('should accept any state from a seller without a GSTIN, but only real ones', async () => {
    const seller = await sellerIn(null)
    const delhi = address({ stateCode: '07', pincode: '110001' })
    expect((await put(seller.cookie, delhi)).statusCode).toBe(200)
    const res = await put(seller.cookie, address({ stateCode: '99' }))
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual([{ path: 'stateCode', message: 'State is required' }])
  })

  it('should require every field and a 6-digit PIN code', async () => {
    const seller = await sellerIn('29')
    const blank = await put(seller.cookie, {
      businessName: ' ',
      addressLine: '',
      city: '',
      stateCode: '29',
    })
    expect(blank.statusCode).toBe(400)
    expect(blank.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'businessName', message: 'Business name is required' },
        { path: 'addressLine', message: 'Address is required' },
        { path: 'city', message: 'City is required' },
        { path: 'pincode', message: 'Pincode is required' },
      ]),
    )
    for (const pincode of ['056003', '56003', '5600345', 'ABCDEF']) {
      const res = await put(seller.cookie, address({ pincode }))
      expect(res.statusCode, pincode).toBe(400)
    }
  })

  it('should refuse a PIN code from another state, on the PIN code field', async () => {
    const seller = await sellerIn(null)
    const res = await put(seller.cookie, address({ stateCode: '27', pincode: '560001' }))
    expect(res.statusCode).toBe(400)
    const message = 'PIN code 560001 is in Karnataka, not Maharashtra'
    expect(res.json().errors).toEqual([{ path: 'pincode', message }])
    // Nothing was saved.
    expect((await get(seller.cookie)).json().data.pincode).toBeNull()

    const withGstin = await sellerIn('29')
    const mumbai = await put(withGstin.cookie, address({ pincode: '400001' }))
    expect(mumbai.statusCode).toBe(400)
    expect(mumbai.json().errors).toEqual([
      { path: 'pincode', message: 'PIN code 400001 is in Maharashtra, not Karnataka' },
    ])
  })

  it('should accept a PIN code of any state its postal circle serves', async () => {
    const seller = await sellerIn(null)
    for (const [stateCode, pincode] of [
      ['30', '403001'], // Goa, in Maharashtra's circle
      ['34', '605001'], // Puducherry, in Tamil Nadu's
      ['11', '737101'], // Sikkim, in West Bengal's
      ['31', '682555'], // Lakshadweep, in Kerala's
      ['04', '160017'], // Chandigarh, in Punjab's
      ['17', '793001'], // Meghalaya, in the North-East's
    ] as const) {
      const res = await put(seller.cookie, address({ stateCode, pincode }))
      expect(res.statusCode, `${stateCode} ${pincode}: ${res.body}`).toBe(200)
      expect(res.json().data).toMatchObject({ stateCode, pincode })
    }
  })

  it('should be only for approved and pending sellers', async () => {
    expect((await get()).statusCode).toBe(401)
    expect((await put(undefined, address())).statusCode).toBe(401)
    const shopper = await cookieFor((await createUser(db())).id)
    expect((await get(shopper)).statusCode).toBe(403)
    const admin = await cookieFor((await createUser(db(), { role: 'admin', type: 'admin' })).id)
    expect((await put(admin, address())).statusCode).toBe(403)
    const rejected = await sellerIn('29', 'Rejected')
    const res = await get(rejected.cookie)
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe('Your seller account was rejected')
  })
})
