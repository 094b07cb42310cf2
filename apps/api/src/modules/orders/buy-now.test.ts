import {
  cartServiceabilityResponse,
  createOrderResponse,
  orderQuoteResponse,
} from '@techbazaar/shared'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cartLines, carts, orderLines, orders, products } from '../../db/schema'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller } from '../../../test/factories'
import { createShopper, fillCart, postOrder } from '../../../test/shop'

// Buy Now (issue 32.5, decision 089): an order of one explicit line, the cart left as it was.

let t: TestContext
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const db = () => t.database.db

/** A shopper whose cart holds two lines (one of them the product Buy Now will buy). */
async function shopperWithCart() {
  const seller = await createSeller(db())
  const phone = await createProduct(db(), {
    sellerId: seller.id,
    price: 1200,
    salePrice: 999,
    totalStock: 5,
  })
  const other = await createProduct(db(), { sellerId: seller.id, price: 300, totalStock: 10 })
  const shopper = await createShopper(db())
  await fillCart(db(), shopper.user.id, [
    { productId: phone.id, quantity: 3 },
    { productId: other.id, quantity: 1 },
  ])
  return { seller, phone, other, shopper }
}

async function cartOf(userId: string) {
  return db()
    .select({ productId: cartLines.productId, quantity: cartLines.quantity })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(eq(carts.userId, userId))
    .orderBy(asc(cartLines.productId))
}

async function stockOf(productId: string) {
  const [row] = await db()
    .select({ totalStock: products.totalStock })
    .from(products)
    .where(eq(products.id, productId))
  return row!.totalStock
}

describe('Buy Now: POST /api/shop/order/create with buyNow', () => {
  it('orders only that line at the server’s price and leaves the cart as it was', async () => {
    const { phone, other, shopper } = await shopperWithCart()
    const before = await cartOf(shopper.user.id)
    const res = await postOrder(t.app, shopper, {
      buyNow: { productId: phone.id, quantity: 2 },
      // The client's figures are ignored: the server prices the line itself.
      totalAmount: 1,
      cartItems: [{ productId: other.id, quantity: 9 }],
    })
    expect(res.statusCode).toBe(201)
    const { orderId } = createOrderResponse.parse(res.json())
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId!))
    expect(order?.totalPaise).toBe(2 * 99_900)
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, orderId!))
    expect(lines.map((l) => [l.productId, l.quantity, l.unitPricePaise])).toEqual([
      [phone.id, 2, 99_900],
    ])
    expect(await cartOf(shopper.user.id)).toEqual(before)
    expect(await stockOf(phone.id)).toBe(3)
    expect(await stockOf(other.id)).toBe(10)
  })

  it('works for an account that has no cart yet, and leaves it empty', async () => {
    const seller = await createSeller(db())
    const item = await createProduct(db(), { sellerId: seller.id, price: 500 })
    const shopper = await createShopper(db())
    const res = await postOrder(t.app, shopper, { buyNow: { productId: item.id, quantity: 1 } })
    expect(res.statusCode).toBe(201)
    expect(await cartOf(shopper.user.id)).toEqual([])
  })

  it('refuses more than the stock left, taking nothing and leaving the cart', async () => {
    const { phone, shopper } = await shopperWithCart()
    await db().update(products).set({ totalStock: 2 }).where(eq(products.id, phone.id))
    const res = await postOrder(t.app, shopper, { buyNow: { productId: phone.id, quantity: 3 } })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toMatch(/does not have 3 in stock/)
    expect(res.json().message).not.toMatch(/cart/)
    expect(await stockOf(phone.id)).toBe(2)
    expect(await cartOf(shopper.user.id)).toHaveLength(2)
  })

  it('refuses a line above the product’s limit per order', async () => {
    const seller = await createSeller(db())
    const item = await createProduct(db(), { sellerId: seller.id, totalStock: 50, maxPerOrder: 2 })
    const shopper = await createShopper(db())
    const res = await postOrder(t.app, shopper, { buyNow: { productId: item.id, quantity: 3 } })
    expect(res.statusCode).toBe(400)
    expect(await stockOf(item.id)).toBe(50)
  })

  it('refuses a product no longer listed, and one that does not exist', async () => {
    const seller = await createSeller(db())
    const gone = await createProduct(db(), { sellerId: seller.id, listed: false })
    const shopper = await createShopper(db())
    const unlisted = await postOrder(t.app, shopper, {
      buyNow: { productId: gone.id, quantity: 1 },
    })
    expect(unlisted.statusCode).toBe(409)
    expect(unlisted.json().message).toMatch(/no longer available/)
    const unknown = await postOrder(t.app, shopper, {
      buyNow: { productId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
    })
    expect(unknown.statusCode).toBe(400)
  })

  it('refuses a bad quantity with a field error', async () => {
    const { phone, shopper } = await shopperWithCart()
    const res = await postOrder(t.app, shopper, { buyNow: { productId: phone.id, quantity: 0 } })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ success: false })
  })

  it('buys only for the caller, to the caller’s own address', async () => {
    const { phone, shopper } = await shopperWithCart()
    const stranger = await createShopper(db())
    const buyNow = { productId: phone.id, quantity: 1 }
    // Another account's userId, and another account's address.
    expect(
      (await postOrder(t.app, { ...shopper, user: stranger.user }, { buyNow })).statusCode,
    ).toBe(403)
    expect(
      (await postOrder(t.app, { ...shopper, address: stranger.address }, { buyNow })).statusCode,
    ).toBe(400)
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/shop/order/create',
      payload: {
        userId: shopper.user.id,
        addressInfo: { addressId: shopper.address.id },
        paymentMethod: 'COD',
        buyNow,
      },
    })
    expect(guest.statusCode).toBe(401)
    expect(await stockOf(phone.id)).toBe(5)
  })

  it('answers a repeated Idempotency-Key with the first order, and refuses it for the cart', async () => {
    const { phone, shopper } = await shopperWithCart()
    const buyNow = { productId: phone.id, quantity: 1 }
    const first = await postOrder(t.app, shopper, { buyNow }, 'buy-now-key-1')
    const again = await postOrder(t.app, shopper, { buyNow }, 'buy-now-key-1')
    expect(first.statusCode).toBe(201)
    expect(again.json().orderId).toBe(first.json().orderId)
    expect(await stockOf(phone.id)).toBe(4)
    const asCart = await postOrder(t.app, shopper, {}, 'buy-now-key-1')
    expect(asCart.statusCode).toBe(422)
    expect(await cartOf(shopper.user.id)).toHaveLength(2)
  })
})

describe('Buy Now: the checkout’s quote and delivery check', () => {
  it('prices the one line, not the cart', async () => {
    const { phone, shopper } = await shopperWithCart()
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/shop/order/quote?productId=${phone.id}&quantity=2&addressId=${shopper.address.id}`,
      headers: { cookie: shopper.cookie },
    })
    expect(res.statusCode).toBe(200)
    expect(orderQuoteResponse.parse(res.json()).data).toMatchObject({
      itemCount: 2,
      itemsAmount: 1998,
      totalAmount: 1998,
    })
  })

  it('refuses a product without its quantity', async () => {
    const { phone, shopper } = await shopperWithCart()
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/shop/order/quote?productId=${phone.id}`,
      headers: { cookie: shopper.cookie },
    })
    expect(res.statusCode).toBe(400)
  })

  it('checks delivery for the one product', async () => {
    const { phone, shopper } = await shopperWithCart()
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/shop/cart/serviceability?pincode=560001&productId=${phone.id}&quantity=1`,
      headers: { cookie: shopper.cookie },
    })
    expect(res.statusCode).toBe(200)
    expect(cartServiceabilityResponse.parse(res.json()).data.serviceable).toBe(true)
  })
})
