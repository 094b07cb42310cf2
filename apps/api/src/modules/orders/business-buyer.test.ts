import { BUYER_GSTIN_MESSAGE } from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, products, vendorProfiles } from '../../db/schema'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller } from '../../../test/factories'
import { createShopper, fillCart, postOrder } from '../../../test/shop'
import { createSession } from '../auth/sessions'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const db = () => t.database.db
const BILLING = {
  addressLine: '21 Residency Road',
  city: 'Bengaluru',
  stateCode: '29',
  pincode: '560025',
}
const BUYER = {
  gstin: '29AAGCB7383J1Z4',
  legalName: 'Bharat Traders Pvt Ltd',
  billingAddress: BILLING,
}

/** A shopper with one product of `seller` in the cart. */
async function shopperWithCart(sellerId: string) {
  const item = await createProduct(db(), { sellerId, totalStock: 5 })
  const shopper = await createShopper(db())
  await fillCart(db(), shopper.user.id, [{ productId: item.id, quantity: 1 }])
  return { shopper, item }
}

const create = (
  shopper: Parameters<typeof postOrder>[1],
  extra: Record<string, unknown> = {},
  key?: string,
) => postOrder(t.app, shopper, extra, key)

const details = (orderId: string, cookie: string) =>
  t.app.inject({ method: 'GET', url: `/api/shop/order/details/${orderId}`, headers: { cookie } })
const sessionFor = async (userId: string) =>
  `session=${await createSession(db(), { userId, days: 1, now: new Date() })}`

describe('a business buyer at checkout', () => {
  it('stores the GSTIN (trimmed, uppercased) and legal name and shows them as billed to', async () => {
    const seller = await createSeller(db())
    const { shopper } = await shopperWithCart(seller.id)
    const res = await create(shopper, {
      buyer: {
        gstin: ' 29aagcb7383j1z4 ',
        legalName: '  Bharat Traders Pvt Ltd ',
        billingAddress: { ...BILLING, city: ' Bengaluru ' },
      },
    })
    expect(res.statusCode).toBe(201)
    const { orderId } = res.json()
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId))
    expect(row).toMatchObject({
      buyerGstin: BUYER.gstin,
      buyerLegalName: BUYER.legalName,
      buyerAddress: BILLING,
    })

    expect((await details(orderId, shopper.cookie)).json().data.buyer).toEqual(BUYER)
    // The seller invoices this business, so it sees it; once suspended, no longer.
    const sellerCookie = await sessionFor(seller.id)
    expect((await details(orderId, sellerCookie)).json().data.buyer).toEqual(BUYER)
    await db()
      .update(vendorProfiles)
      .set({ status: 'Rejected' })
      .where(eq(vendorProfiles.userId, seller.id))
    expect((await details(orderId, sellerCookie)).json().data.buyer).toBeNull()
  })

  it('leaves a personal order without a buyer', async () => {
    const seller = await createSeller(db())
    const { shopper } = await shopperWithCart(seller.id)
    const res = await create(shopper, {})
    expect(res.statusCode).toBe(201)
    const [row] = await db().select().from(orders).where(eq(orders.id, res.json().orderId))
    expect(row).toMatchObject({ buyerGstin: null, buyerLegalName: null })
    expect((await details(res.json().orderId, shopper.cookie)).json().data.buyer).toBeNull()
  })

  it('refuses a GSTIN with a wrong check character with a field error, placing nothing', async () => {
    const seller = await createSeller(db())
    const { shopper, item } = await shopperWithCart(seller.id)
    const res = await create(shopper, { buyer: { ...BUYER, gstin: '29AAGCB7383J1Z5' } })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      success: false,
      message: BUYER_GSTIN_MESSAGE,
      errors: [{ path: 'buyer.gstin', message: BUYER_GSTIN_MESSAGE }],
    })
    const missing = await create(shopper, {
      buyer: { gstin: BUYER.gstin, billingAddress: BILLING },
    })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors).toEqual([
      { path: 'buyer.legalName', message: 'Legal name is required' },
    ])
    // Issue 30.1: the billing address is asked, in the GSTIN's state, with a PIN code there.
    const noAddress = await create(shopper, {
      buyer: { gstin: BUYER.gstin, legalName: BUYER.legalName },
    })
    expect(noAddress.json().errors).toEqual([
      { path: 'buyer.billingAddress', message: 'The billing address is required' },
    ])
    const elsewhere = await create(shopper, {
      buyer: { ...BUYER, billingAddress: { ...BILLING, stateCode: '27', pincode: '400001' } },
    })
    expect(elsewhere.json().errors).toEqual([
      {
        path: 'buyer.billingAddress.stateCode',
        message:
          'A GSTIN starting 29 is registered in Karnataka: the billing address must be there',
      },
    ])
    const wrongPin = await create(shopper, {
      buyer: { ...BUYER, billingAddress: { ...BILLING, pincode: '400001' } },
    })
    expect(wrongPin.json().errors).toEqual([
      {
        path: 'buyer.billingAddress.pincode',
        message: 'PIN code 400001 is in Maharashtra, not Karnataka',
      },
    ])
    expect(await db().select().from(orders).where(eq(orders.userId, shopper.user.id))).toEqual([])
    const [product] = await db().select().from(products).where(eq(products.id, item.id))
    expect(product?.totalStock).toBe(5)
  })

  it('refuses an Idempotency-Key reused with other business details', async () => {
    const seller = await createSeller(db())
    const { shopper } = await shopperWithCart(seller.id)
    const key = crypto.randomUUID()
    expect((await create(shopper, { buyer: BUYER }, key)).statusCode).toBe(201)
    expect((await create(shopper, { buyer: BUYER }, key)).statusCode).toBe(201)
    const personal = await create(shopper, {}, key)
    expect(personal.statusCode).toBe(422)
    expect(personal.json().message).toMatch(/different order/)
  })
})
