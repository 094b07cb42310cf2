import { couponMessages, orderQuoteResponse, type CouponInput } from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { createProduct, createSeller, createUser } from '../../../test/factories'
import { createShopper, fillCart, postOrder } from '../../../test/shop'
import { couponRedemptions, coupons, orderLines, orders, subOrders } from '../../db/schema'
import { createSession } from '../auth/sessions'

// Coupons (decision 092): the back office's CRUD, every rule's refusal at checkout, the discount
// spread over the lines, and the total limit under concurrent orders.

const clock = createClock()
let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
})
afterAll(() => t.close())
const db = () => t.database.db

const DAY = 86_400_000
const cookieOf = async (userId: string) =>
  `session=${await createSession(db(), { userId, days: 30, now: clock.now() })}`

/** A coupon form running from yesterday to next week, with `over` on top. */
function couponForm(code: string, over: Partial<CouponInput> = {}): Record<string, unknown> {
  return {
    code,
    kind: 'fixed',
    value: 100,
    startsAt: new Date(clock.now().getTime() - DAY).toISOString(),
    endsAt: new Date(clock.now().getTime() + 7 * DAY).toISOString(),
    ...over,
  }
}

let adminCookie = ''
async function adminCoupon(code: string, over: Partial<CouponInput> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/coupons',
    headers: { cookie: adminCookie },
    payload: couponForm(code, over),
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().data as { _id: string; code: string }
}

/** A shopper whose cart holds `lines` (price in rupees each). */
async function shopperWith(
  lines: { price: number; quantity: number; category?: string; brand?: string }[],
  sellerId?: string,
) {
  const seller = sellerId ?? (await createSeller(db())).id
  const shopper = await createShopper(db())
  const products = []
  for (const l of lines) {
    products.push(
      await createProduct(db(), {
        sellerId: seller,
        price: l.price,
        totalStock: 50,
        ...(l.category ? { category: l.category } : {}),
        ...(l.brand ? { brand: l.brand } : {}),
      }),
    )
  }
  await fillCart(
    db(),
    shopper.user.id,
    products.map((p, i) => ({ productId: p.id, quantity: lines[i]!.quantity })),
  )
  return { ...shopper, cookie: await cookieOf(shopper.user.id), products, sellerId: seller }
}

function apply(shopper: { cookie: string }, couponCode: string, extra: object = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/shop/order/coupon',
    headers: { cookie: shopper.cookie },
    payload: { couponCode, ...extra },
  })
}

beforeAll(async () => {
  adminCookie = await cookieOf((await createUser(db(), { role: 'admin', type: 'admin' })).id)
})

describe('coupons in the back office', () => {
  it('lets an admin create, list and deactivate coupons; codes are one whatever their case', async () => {
    const made = await adminCoupon('spring5', { kind: 'percent', value: 5, maxDiscount: 200 })
    expect(made.code).toBe('SPRING5')
    const twin = await t.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: { cookie: adminCookie },
      payload: couponForm('Spring5'),
    })
    expect(twin.statusCode).toBe(409)
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/coupons/${made._id}`,
      headers: { cookie: adminCookie },
      payload: couponForm('SPRING5', { kind: 'percent', value: 5, active: false }),
    })
    expect(off.statusCode, off.body).toBe(200)
    expect(off.json().data).toMatchObject({ active: false, value: 5, kind: 'percent' })
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/coupons',
      headers: { cookie: adminCookie },
    })
    expect(list.json().data.map((c: { code: string }) => c.code)).toContain('SPRING5')
  })

  it('refuses a form that breaks the rules with field errors', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: { cookie: adminCookie },
      payload: couponForm('BAD1', { kind: 'percent', value: 150, fundedBy: 'seller' }),
    })
    expect(res.statusCode).toBe(400)
    expect(JSON.stringify(res.json())).toMatch(/at most 100/)
  })

  it("makes a seller's coupon its own (its products, paid by it) and hides others' from it", async () => {
    const seller = await createSeller(db())
    const cookie = await cookieOf(seller.id)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: { cookie },
      payload: couponForm('MYSHOP50', { scope: 'all', fundedBy: 'marketplace' }),
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().data).toMatchObject({
      scope: 'seller',
      sellerId: seller.id,
      fundedBy: 'seller',
    })
    const theirs = await adminCoupon('ADMINONLY')
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/coupons/${theirs._id}`,
      headers: { cookie },
      payload: couponForm('ADMINONLY'),
    })
    expect(edit.statusCode).toBe(404)
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/coupons',
      headers: { cookie },
    })
    expect(list.json().data.map((c: { code: string }) => c.code)).toEqual(['MYSHOP50'])
  })
})

describe('applying a coupon at checkout', () => {
  it('prices it into the quote: MRP, the coupon, the total and what the shopper saves', async () => {
    await adminCoupon('TENOFF', { kind: 'percent', value: 10, maxDiscount: 150 })
    const shopper = await shopperWith([
      { price: 1000, quantity: 1 },
      { price: 400, quantity: 1 },
    ])
    const res = await apply(shopper, 'tenoff')
    expect(res.statusCode, res.body).toBe(200)
    const quote = orderQuoteResponse.parse(res.json()).data
    expect(quote).toMatchObject({
      itemsAmount: 1400,
      mrpAmount: 1400,
      coupon: { code: 'TENOFF', discount: 140, fundedBy: 'marketplace' },
      totalAmount: 1260,
      youSave: 140,
      couponRefusal: null,
    })
    // The cap: 10% of ₹2,000 is ₹200, the coupon gives at most ₹150.
    const big = await shopperWith([{ price: 2000, quantity: 1 }])
    expect((await apply(big, 'TENOFF')).json().data.coupon.discount).toBe(150)
  })

  it('refuses each rule in its own words', async () => {
    await adminCoupon('OLDONE', {
      startsAt: new Date(clock.now().getTime() - 9 * DAY).toISOString(),
      endsAt: new Date(clock.now().getTime() - DAY).toISOString(),
    })
    await adminCoupon('SOON', {
      startsAt: new Date(clock.now().getTime() + DAY).toISOString(),
    })
    await adminCoupon('MIN3000', { minOrder: 3000 })
    await adminCoupon('FIRSTONLY', { firstOrderOnly: true })
    await adminCoupon('AUDIOONLY', { scope: 'category', scopeValue: 'audio' })
    const shopper = await shopperWith([{ price: 1000, quantity: 2 }])
    const refusal = async (code: string) => {
      const res = await apply(shopper, code)
      expect(res.statusCode).toBe(400)
      return res.json().message as string
    }
    expect(await refusal('NOSUCH')).toBe(couponMessages.unknown)
    expect(await refusal('OLDONE')).toBe('This coupon has expired')
    expect(await refusal('SOON')).toBe(couponMessages.notStarted)
    expect(await refusal('MIN3000')).toBe('Add ₹1,000 more to use this coupon')
    expect(await refusal('AUDIOONLY')).toBe('This coupon is not valid for these items')
    // A first order is fine; once the shopper has ordered, it is not a first order any more.
    expect((await apply(shopper, 'FIRSTONLY')).statusCode).toBe(200)
    expect((await postOrder(t.app, shopper)).statusCode).toBe(201)
    await fillCart(db(), shopper.user.id, [{ productId: shopper.products[0]!.id, quantity: 1 }])
    expect(await refusal('FIRSTONLY')).toBe('This coupon is for first orders only')
  })

  it('counts a shopper’s uses: a second order with the coupon is refused', async () => {
    await adminCoupon('ONCE')
    const shopper = await shopperWith([{ price: 500, quantity: 1 }])
    expect((await postOrder(t.app, shopper, { couponCode: 'once' })).statusCode).toBe(201)
    await fillCart(db(), shopper.user.id, [{ productId: shopper.products[0]!.id, quantity: 1 }])
    const again = await apply(shopper, 'ONCE')
    expect(again.json().message).toBe('You have already used this coupon')
    const order = await postOrder(t.app, shopper, { couponCode: 'ONCE' })
    expect(order.statusCode).toBe(400)
    expect(order.json().message).toBe('You have already used this coupon')
  })

  it('names a refusal in the GET quote instead of failing it, and Buy Now takes coupons', async () => {
    const shopper = await shopperWith([{ price: 800, quantity: 1 }])
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/shop/order/quote?couponCode=MIN3000',
      headers: { cookie: shopper.cookie },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({
      coupon: null,
      couponRefusal: 'Add ₹2,200 more to use this coupon',
      totalAmount: 800,
    })
    await adminCoupon('BUYNOW50', { value: 50 })
    const buyNow = { productId: shopper.products[0]!.id, quantity: 2 }
    expect((await apply(shopper, 'BUYNOW50', { buyNow })).json().data).toMatchObject({
      itemsAmount: 1600,
      totalAmount: 1550,
    })
    const placed = await postOrder(t.app, shopper, { buyNow, couponCode: 'BUYNOW50' })
    expect(placed.statusCode, placed.body).toBe(201)
    const [order] = await db()
      .select()
      .from(orders)
      .where(eq(orders.id, placed.json().orderId as string))
    expect(order).toMatchObject({
      totalPaise: 155_000,
      couponCode: 'BUYNOW50',
      couponDiscountPaise: 5000,
    })
  })
})

describe('placing an order with a coupon', () => {
  it('spreads the discount over the eligible lines pro rata, to the paisa, and records the use', async () => {
    // ₹333 off ₹2,999 + ₹1,001 (audio) and nothing off the other seller's cable.
    await adminCoupon('AUDIO333', { value: 333, scope: 'category', scopeValue: 'audio' })
    const shopper = await shopperWith([
      { price: 2999, quantity: 1, category: 'audio' },
      { price: 1001, quantity: 1, category: 'audio' },
    ])
    const cable = await createProduct(db(), { sellerId: (await createSeller(db())).id, price: 250 })
    await fillCart(db(), shopper.user.id, [{ productId: cable.id, quantity: 2 }])
    const res = await postOrder(t.app, shopper, { couponCode: 'AUDIO333' }, 'coupon-key-1')
    expect(res.statusCode, res.body).toBe(201)
    const orderId = res.json().orderId as string
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, orderId))
    const byPrice = new Map(lines.map((l) => [l.unitPricePaise, l]))
    expect(byPrice.get(299_900)).toMatchObject({
      discountPaise: 24_967,
      discountFundedBy: 'marketplace',
    })
    expect(byPrice.get(100_100)).toMatchObject({
      discountPaise: 8_333,
      discountFundedBy: 'marketplace',
    })
    expect(byPrice.get(25_000)).toMatchObject({ discountPaise: 0, discountFundedBy: null })
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId))
    expect(order?.totalPaise).toBe(299_900 + 100_100 + 50_000 - 33_300)
    // Each seller's part is what is paid for it: what COD collects and a cancellation refunds.
    const parts = await db().select().from(subOrders).where(eq(subOrders.orderId, orderId))
    expect(parts.map((p) => p.subtotalPaise).sort((a, b) => a - b)).toEqual([50_000, 366_700])
    expect(
      await db().select().from(couponRedemptions).where(eq(couponRedemptions.orderId, orderId)),
    ).toHaveLength(1)
    // The same key replays the first answer: no second order, no second use.
    const replay = await postOrder(t.app, shopper, { couponCode: 'AUDIO333' }, 'coupon-key-1')
    expect(replay.json().orderId).toBe(orderId)
    const [coupon] = await db().select().from(coupons).where(eq(coupons.code, 'AUDIO333'))
    expect(coupon?.usedCount).toBe(1)
  })

  it('gives exactly one of five simultaneous orders the last use of a coupon', async () => {
    await adminCoupon('JUSTONE', { totalLimit: 1 })
    const shoppers = await Promise.all(
      Array.from({ length: 5 }, () => shopperWith([{ price: 700, quantity: 1 }])),
    )
    const results = await Promise.all(
      shoppers.map((s) => postOrder(t.app, s, { couponCode: 'JUSTONE' })),
    )
    const codes = results.map((r) => r.statusCode).sort()
    expect(codes).toEqual([201, 400, 400, 400, 400])
    for (const r of results.filter((r) => r.statusCode === 400)) {
      expect(r.json().message).toBe(couponMessages.usedUp)
    }
    const [coupon] = await db().select().from(coupons).where(eq(coupons.code, 'JUSTONE'))
    expect(coupon?.usedCount).toBe(1)
  })
})
