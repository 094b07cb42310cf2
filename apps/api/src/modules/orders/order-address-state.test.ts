import { ADDRESS_STATE_MISSING } from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addresses, cartLines, orders } from '../../db/schema'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller } from '../../../test/factories'
import { createShopper, fillCart } from '../../../test/shop'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const db = () => t.database.db

/** A shopper with one product in the cart, ready to place a cash-on-delivery order. */
async function shopperWithCart() {
  const seller = await createSeller(db())
  const product = await createProduct(db(), { sellerId: seller.id, price: 499, totalStock: 5 })
  const shopper = await createShopper(db())
  await fillCart(db(), shopper.user.id, [{ productId: product.id, quantity: 1 }])
  return shopper
}

const place = (shopper: Awaited<ReturnType<typeof shopperWithCart>>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/shop/order/create',
    headers: { cookie: shopper.cookie },
    payload: {
      userId: shopper.user.id,
      addressInfo: { addressId: shopper.address.id },
      paymentMethod: 'COD',
    },
  })

describe('POST /api/shop/order/create: the address’s state', () => {
  it('copies the state into the order’s address, the invoices’ place of supply', async () => {
    const shopper = await shopperWithCart()
    const res = await place(shopper)
    expect(res.statusCode).toBe(201)
    const [order] = await db().select().from(orders).where(eq(orders.id, res.json().orderId))
    expect(order?.addressInfo).toMatchObject({ pincode: '560001', stateCode: '29' })
  })

  it('refuses an address saved before states were asked, and orders nothing', async () => {
    const shopper = await shopperWithCart()
    await db()
      .update(addresses)
      .set({ stateCode: null })
      .where(eq(addresses.id, shopper.address.id))
    const res = await place(shopper)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(ADDRESS_STATE_MISSING)
    expect(await db().select().from(orders).where(eq(orders.userId, shopper.user.id))).toEqual([])
    expect(await db().select().from(cartLines)).not.toEqual([])

    // Adding the state (the address form) is all it takes.
    const { recipientName, address, city, pincode, phone, notes } = shopper.address
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/shop/address/update/${shopper.user.id}/${shopper.address.id}`,
      headers: { cookie: shopper.cookie },
      payload: { recipientName, address, city, pincode, phone, notes, stateCode: '29' },
    })
    expect(edit.statusCode).toBe(200)
    expect((await place(shopper)).statusCode).toBe(201)
  })

  it('refuses an address saved with a state its PIN is not in (issue 30.3), and orders nothing', async () => {
    const shopper = await shopperWithCart()
    // Saved while a short prefix accepted every state nested under it: Chandigarh as Punjab.
    await db()
      .update(addresses)
      .set({ pincode: '160017', stateCode: '03' })
      .where(eq(addresses.id, shopper.address.id))
    const res = await place(shopper)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(
      'PIN code 160017 is in Chandigarh, not Punjab. Please correct this address before ordering',
    )
    expect(await db().select().from(orders).where(eq(orders.userId, shopper.user.id))).toEqual([])
  })
})
