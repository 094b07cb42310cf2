import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, vendorProfiles } from '../../db/schema'
import { SANDBOX_GSTINS } from '../../gstn'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller } from '../../../test/factories'
import { createShopper, fillCart, postOrder } from '../../../test/shop'

/*
 * Issue 30.10 at order placement: a business buyer's GSTIN is asked of the GST network (the
 * sandbox in demo mode), and a composition dealer's goods stay in its state.
 */

let t: TestContext
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())
const db = () => t.database.db

/** A shopper in Karnataka (29) with one product of `sellerId` in the cart. */
async function shopperWithCart(sellerId: string, title = 'Redmi 13C') {
  const item = await createProduct(db(), { sellerId, totalStock: 5, title })
  const shopper = await createShopper(db())
  await fillCart(db(), shopper.user.id, [{ productId: item.id, quantity: 1 }])
  return shopper
}

async function compositionSeller(stateCode: '27' | '29') {
  const gstNumber =
    stateCode === '27' ? SANDBOX_GSTINS.composition : SANDBOX_GSTINS.compositionKarnataka
  const seller = await createSeller(db(), 'Approved', { gstNumber })
  await db()
    .update(vendorProfiles)
    .set({ gstRegistrationType: 'composition', stateCode })
    .where(eq(vendorProfiles.userId, seller.id))
  return seller
}

/** Billing addresses in the GSTINs' own states (issue 30.1 asks for one with every GSTIN). */
const MUMBAI = {
  addressLine: '4 Hill Road, Bandra',
  city: 'Mumbai',
  stateCode: '27',
  pincode: '400050',
}
const BENGALURU = {
  addressLine: '21 Residency Road',
  city: 'Bengaluru',
  stateCode: '29',
  pincode: '560025',
}

describe("a business buyer's GSTIN at checkout", () => {
  it('is refused when the GST network shows it cancelled, and no order is made', async () => {
    const shopper = await shopperWithCart((await createSeller(db())).id)
    const res = await postOrder(t.app, shopper, {
      buyer: {
        gstin: SANDBOX_GSTINS.cancelled,
        legalName: 'Closed Shutters Electronics',
        billingAddress: MUMBAI,
      },
    })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({
      success: false,
      message: expect.stringMatching(
        /as cancelled: the GSTIN entered for the invoice must be active/,
      ),
    })
    const placed = await db().select().from(orders).where(eq(orders.userId, shopper.user.id))
    expect(placed).toHaveLength(0)
  })

  it('is refused when the network does not know it, and accepted when active', async () => {
    const seller = await createSeller(db())
    const unknown = await shopperWithCart(seller.id)
    const res = await postOrder(t.app, unknown, {
      buyer: { gstin: SANDBOX_GSTINS.unknown, legalName: 'Nobody Traders', billingAddress: MUMBAI },
    })
    expect(res.statusCode).toBe(409)
    const known = await shopperWithCart(seller.id)
    const ok = await postOrder(t.app, known, {
      buyer: {
        gstin: '29AAGCB7383J1Z4',
        legalName: 'Bharat Traders Pvt Ltd',
        billingAddress: BENGALURU,
      },
    })
    expect(ok.statusCode).toBe(201)
  })
})

describe("a composition dealer's goods", () => {
  it('cannot be ordered to another state, with a message saying why', async () => {
    const seller = await compositionSeller('27')
    const shopper = await shopperWithCart(seller.id, 'Corner Cell Charger')
    const res = await postOrder(t.app, shopper)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(
      `"Corner Cell Charger" is sold by ${seller.userName}, a composition dealer that can deliver only within Maharashtra. Please remove it from your cart or choose an address in Maharashtra.`,
    )
  })

  it('can be ordered within its state', async () => {
    const seller = await compositionSeller('29')
    const shopper = await shopperWithCart(seller.id)
    expect((await postOrder(t.app, shopper)).statusCode).toBe(201)
  })
})
