import { orderQuoteResponse } from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cartLines, orders, subOrders } from '../../db/schema'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller, createUser } from '../../../test/factories'
import { createShopper, fillCart, orderCart } from '../../../test/shop'
import { issueInvoice } from '../invoices'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const db = () => t.database.db

const quote = (cookie: string, addressId?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/shop/order/quote${addressId ? `?addressId=${addressId}` : ''}`,
    headers: { cookie },
  })

/**
 * A Karnataka shopper's cart: ₹999 × 2 from a Maharashtra seller (IGST), ₹999 listed by an admin
 * (the marketplace, in Karnataka: CGST+SGST) and a line no longer listed.
 */
async function mixedCart() {
  const seller = await createSeller(db())
  const admin = await createUser(db(), { role: 'admin', type: 'admin' })
  const phone = await createProduct(db(), { sellerId: seller.id, price: 999 })
  const own = await createProduct(db(), { sellerId: admin.id, price: 1200, salePrice: 999 })
  const gone = await createProduct(db(), { sellerId: seller.id, price: 500, listed: false })
  const shopper = await createShopper(db())
  await fillCart(db(), shopper.user.id, [
    { productId: phone.id, quantity: 2 },
    { productId: own.id, quantity: 1 },
    { productId: gone.id, quantity: 1 },
  ])
  return Object.assign(shopper, { gone })
}

describe('GET /api/shop/order/quote', () => {
  it('breaks the total into items, delivery and the COD fee, and holds back GST until an address is chosen', async () => {
    const shopper = await mixedCart()
    const res = await quote(shopper.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const body = orderQuoteResponse.parse(res.json())
    expect(body.data).toEqual({
      itemCount: 3,
      itemsAmount: 2997,
      // The marketplace's own phone is on sale (₹1,200 listed, ₹999 sold): ₹201 off the MRP; no
      // coupon was asked for (decision 092).
      mrpAmount: 3198,
      mrpDiscount: 201,
      coupon: null,
      couponRefusal: null,
      youSave: 201,
      deliveryCharge: 0,
      codFee: 0,
      totalAmount: 2997,
      gstIncluded: null,
      codDailyRefusal: null,
    })
  })

  it('includes the GST the invoices will charge for the address, IGST or CGST+SGST per seller', async () => {
    const shopper = await mixedCart()
    const res = await quote(shopper.cookie, shopper.address.id)
    expect(res.statusCode).toBe(200)
    // ₹1,998 across states: IGST 18% of ₹1,693.22 = ₹304.78. ₹999 within Karnataka: 9% of
    // ₹846.61 = ₹76.19 twice (a paisa less than IGST's ₹152.39 on the same price).
    expect(res.json().data).toMatchObject({ totalAmount: 2997, gstIncluded: 457.16 })

    // The invoices issued for the order it places carry exactly that tax and that total (the
    // line no longer listed, which the quote leaves out, is removed first: the order refuses it).
    await db().delete(cartLines).where(eq(cartLines.productId, shopper.gone.id))
    const orderId = await orderCart(t.app, shopper)
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId))
    expect(order?.totalPaise).toBe(299_700)
    const parts = await db().select().from(subOrders).where(eq(subOrders.orderId, orderId))
    let taxPaise = 0
    for (const part of parts) {
      const invoice = await db().transaction((tx) =>
        issueInvoice(tx, t.app.deps.config.marketplace, part.id, new Date()),
      )
      const { cgstPaise, sgstPaise, igstPaise } = invoice.document.totals
      taxPaise += cgstPaise + sgstPaise + igstPaise
    }
    expect(parts).toHaveLength(2)
    expect(taxPaise).toBe(45_716)
  })

  it('leaves GST unknown when an invoice could not compute it (a seller without a GSTIN)', async () => {
    const seller = await createSeller(db(), 'Approved', { gstNumber: null })
    const item = await createProduct(db(), { sellerId: seller.id, price: 999 })
    const shopper = await createShopper(db())
    await fillCart(db(), shopper.user.id, [{ productId: item.id, quantity: 1 }])
    const res = await quote(shopper.cookie, shopper.address.id)
    expect(res.json().data).toMatchObject({ totalAmount: 999, gstIncluded: null })
  })

  it('quotes an empty cart as nothing', async () => {
    const shopper = await createShopper(db())
    const res = await quote(shopper.cookie, shopper.address.id)
    expect(res.json().data).toEqual({
      itemCount: 0,
      itemsAmount: 0,
      mrpAmount: 0,
      mrpDiscount: 0,
      coupon: null,
      couponRefusal: null,
      youSave: 0,
      deliveryCharge: 0,
      codFee: 0,
      totalAmount: 0,
      gstIncluded: 0,
      codDailyRefusal: null,
    })
  })

  it("refuses another shopper's address as the order would", async () => {
    const shopper = await mixedCart()
    const other = await createShopper(db())
    const res = await quote(shopper.cookie, other.address.id)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('Please select one address to proceed.')
  })
})
