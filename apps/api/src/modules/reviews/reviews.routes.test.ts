import { REVIEW_REFUSALS } from '@techbazaar/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reviews as reviewsTable, vendorProfiles } from '../../db/schema'
import { createSession } from '../auth/sessions'
import { moveOrder } from '../lifecycle/move'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller, createUser, testGstin } from '../../../test/factories'
import { buyProduct, createShopper } from '../../../test/shop'

let t: TestContext
let productId: string
let hiddenId: string

/**
 * A shopper with a session who bought `product` (productId unless told) and received it: the
 * seller marked its part delivered, as the rule requires.
 */
async function buyer(userName: string, product = productId) {
  const shopper = await createShopper(t.database.db, { userName })
  await buyProduct(t.app, t.database.db, shopper, product)
  return shopper
}

/** A signed-in account of another kind (seller or admin) that can still place orders. */
let staffSellers = 0
async function staffShopper(kind: 'vendor' | 'admin') {
  const shopper = await createShopper(t.database.db, { role: 'admin', type: kind })
  if (kind === 'vendor') {
    // A registered seller with its business address, so its own parcel can be dispatched.
    await t.database.db.insert(vendorProfiles).values({
      userId: shopper.user.id,
      status: 'Approved',
      gstNumber: testGstin(900 + staffSellers++),
      businessName: 'Own Shop',
      addressLine: '1 Marine Drive',
      city: 'Mumbai',
      pincode: '400001',
      stateCode: '27',
    })
  }
  return shopper
}

const sessionOf = async (userId: string) =>
  `session=${await createSession(t.database.db, { userId, days: 1, now: new Date() })}`

beforeAll(async () => {
  t = await createTestApp()
  const seller = await createSeller(t.database.db)
  productId = (
    await createProduct(t.database.db, {
      sellerId: seller.id,
      title: 'boAt Airdopes 141',
      totalStock: 1000,
    })
  ).id
  hiddenId = (await createProduct(t.database.db, { sellerId: seller.id, listed: false })).id
})
afterAll(() => t.close())

const post = (cookie: string | undefined, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/shop/review/add',
    headers: cookie ? { cookie } : {},
    payload,
  })
const product = async (id = productId) =>
  (await t.app.inject({ url: `/api/shop/products/get/${id}` })).json().data
const list = async (id = productId) => t.app.inject({ url: `/api/shop/review/${id}` })

describe('POST /api/shop/review/add', () => {
  it('adds a review with the account name, trims the message and updates the average', async () => {
    const { user, cookie } = await buyer('Priya Sharma')
    const res = await post(cookie, {
      productId,
      userId: user.id,
      userName: 'Somebody Else',
      reviewMessage: '  Bass is punchy and calls are clear.  ',
      reviewValue: 4,
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({
      success: true,
      message: 'Review added successfully!',
      data: {
        productId,
        userId: user.id,
        userName: 'Priya Sharma',
        reviewMessage: 'Bass is punchy and calls are clear.',
        reviewValue: 4,
      },
      product: { averageReview: 4, reviewCount: 1 },
    })
    expect(await product()).toMatchObject({ averageReview: 4, reviewCount: 1 })
  })

  it('keeps one review per shopper: a second post edits it, and the average follows', async () => {
    const a = await buyer('Arjun Mehta')
    const b = await buyer('Divya Rao')
    await post(a.cookie, { productId, userId: a.user.id, reviewMessage: 'Okay', reviewValue: 5 })
    await post(b.cookie, { productId, userId: b.user.id, reviewMessage: 'Good', reviewValue: 5 })
    // 4, 5, 5 -> 4.67 (two decimals, rounded half up)
    expect(await product()).toMatchObject({ averageReview: 4.67, reviewCount: 3 })

    const edit = await post(a.cookie, {
      productId,
      userId: a.user.id,
      reviewMessage: 'Fit loosens during runs.',
      reviewValue: 2,
    })
    expect(edit.statusCode).toBe(200)
    // 4, 2, 5 -> 3.67, still three reviews
    expect(edit.json().product).toEqual({ averageReview: 3.67, reviewCount: 3 })
    expect(await product()).toMatchObject({ averageReview: 3.67, reviewCount: 3 })
    const mine = (await list())
      .json()
      .data.filter((r: { userId: string }) => r.userId === a.user.id)
    expect(mine).toHaveLength(1)
    expect(mine[0]).toMatchObject({ reviewMessage: 'Fit loosens during runs.', reviewValue: 2 })
  })

  it('stores markup as plain text', async () => {
    const { user, cookie } = await buyer('Tester <b>')
    const message = '<script>alert(1)</script> & <b>bold</b>'
    const res = await post(cookie, {
      productId,
      userId: user.id,
      reviewMessage: message,
      reviewValue: 3,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data.reviewMessage).toBe(message)
  })

  it('answers 401 without a session and 403 for another user id', async () => {
    const anon = await post(undefined, {
      productId,
      userId: crypto.randomUUID(),
      reviewMessage: 'Nice',
      reviewValue: 5,
    })
    expect(anon.statusCode).toBe(401)
    expect(anon.json().success).toBe(false)

    const { cookie } = await buyer('Rahul Verma')
    const other = await createUser(t.database.db)
    const forged = await post(cookie, {
      productId,
      userId: other.id,
      reviewMessage: 'Nice',
      reviewValue: 5,
    })
    expect(forged.statusCode).toBe(403)
    expect(forged.json().success).toBe(false)
    const reviews = (await list()).json().data
    expect(reviews.some((r: { userId: string }) => r.userId === other.id)).toBe(false)
  })

  it('answers 400 for bad values and messages, 404 for unknown or unlisted products', async () => {
    const { user, cookie } = await buyer('Sneha Iyer')
    const base = { productId, userId: user.id, reviewMessage: 'Works well', reviewValue: 4 }
    for (const patch of [
      { reviewValue: 0 },
      { reviewValue: 6 },
      { reviewValue: 3.5 },
      { reviewValue: 'five' },
      { reviewMessage: '   ' },
      { reviewMessage: '' },
      { reviewMessage: 'x'.repeat(2001) },
      { reviewMessage: undefined },
      { productId: 'not-a-uuid' },
      { userId: 'nope' },
    ]) {
      const res = await post(cookie, { ...base, ...patch })
      expect(res.statusCode, JSON.stringify(patch)).toBe(400)
      expect(res.json().success).toBe(false)
      expect(res.json().errors.length).toBeGreaterThan(0)
    }
    expect((await post(cookie, { ...base, reviewMessage: 'x'.repeat(2000) })).statusCode).toBe(200)
    expect((await post(cookie, { ...base, productId: crypto.randomUUID() })).statusCode).toBe(404)
    expect((await post(cookie, { ...base, productId: hiddenId })).statusCode).toBe(404)
  })

  it('keeps the average right when several shoppers post at once', async () => {
    const seller = await createSeller(t.database.db)
    const target = (await createProduct(t.database.db, { sellerId: seller.id })).id
    const shoppers = []
    for (const [i, value] of [1, 2, 3, 4, 5, 1, 2, 3].entries()) {
      shoppers.push({ value, ...(await buyer(`Concurrent ${i}`, target)) })
    }
    const results = await Promise.all(
      shoppers.map((s) =>
        post(s.cookie, {
          productId: target,
          userId: s.user.id,
          reviewMessage: `Rated ${s.value}`,
          reviewValue: s.value,
        }),
      ),
    )
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200))
    // (1+2+3+4+5+1+2+3) / 8 = 2.625 -> 2.63
    expect(await product(target)).toMatchObject({ averageReview: 2.63, reviewCount: 8 })
  })

  it('limits one shopper to 30 reviews an hour', async () => {
    const { user, cookie } = await buyer('Busy Reviewer')
    const payload = { productId, userId: user.id, reviewMessage: 'Again', reviewValue: 4 }
    for (let i = 0; i < 30; i++) expect((await post(cookie, payload)).statusCode).toBe(200)
    const limited = await post(cookie, payload)
    expect(limited.statusCode).toBe(429)
    expect(limited.json().success).toBe(false)
    // Another shopper is not affected.
    const other = await buyer('Calm Reviewer')
    expect((await post(other.cookie, { ...payload, userId: other.user.id })).statusCode).toBe(200)
  })
})

describe('GET /api/shop/review/:productId', () => {
  it('lists reviews newest first in the API shape', async () => {
    const seller = await createSeller(t.database.db)
    const target = (await createProduct(t.database.db, { sellerId: seller.id })).id
    const first = await buyer('First Reviewer', target)
    const second = await buyer('Second Reviewer', target)
    await post(first.cookie, {
      productId: target,
      userId: first.user.id,
      reviewMessage: 'One',
      reviewValue: 3,
    })
    await new Promise((resolve) => setTimeout(resolve, 5))
    await post(second.cookie, {
      productId: target,
      userId: second.user.id,
      reviewMessage: 'Two',
      reviewValue: 5,
    })
    const res = await list(target)
    expect(res.statusCode).toBe(200)
    const data = res.json().data
    expect(data.map((r: { reviewMessage: string }) => r.reviewMessage)).toEqual(['Two', 'One'])
    expect(Object.keys(data[0]).sort()).toEqual(
      [
        '_id',
        'createdAt',
        'helpfulCount',
        'photos',
        'productId',
        'reviewMessage',
        'reviewValue',
        'userId',
        'userName',
        'verifiedPurchase',
      ].sort(),
    )
    expect(data[0]).toMatchObject({
      userName: 'Second Reviewer',
      reviewValue: 5,
      productId: target,
      verifiedPurchase: true,
    })
  })

  it('answers an empty list for a product without reviews, 404 unknown, 400 malformed', async () => {
    const seller = await createSeller(t.database.db)
    const fresh = (await createProduct(t.database.db, { sellerId: seller.id })).id
    expect((await list(fresh)).json()).toMatchObject({
      success: true,
      data: [],
      pagination: { page: 1, total: 0, totalPages: 1 },
    })
    expect((await list(crypto.randomUUID())).statusCode).toBe(404)
    expect((await list(hiddenId)).statusCode).toBe(404)
    expect((await list('1 OR 1=1')).statusCode).toBe(400)
  })
})

describe('only shoppers who received the product may review it', () => {
  let target: string
  let sellerId: string
  beforeAll(async () => {
    sellerId = (await createSeller(t.database.db)).id
    target = (await createProduct(t.database.db, { sellerId, totalStock: 100 })).id
  })
  const attempt = (shopper: { user: { id: string }; cookie: string }, value = 1) =>
    post(shopper.cookie, {
      productId: target,
      userId: shopper.user.id,
      reviewMessage: `Rated ${value}`,
      reviewValue: value,
    })
  const eligibility = (cookie?: string, id = target) =>
    t.app.inject({
      url: `/api/shop/review/eligibility/${id}`,
      headers: cookie ? { cookie } : {},
    })
  /** 403 with `reason`, the same reason from the eligibility route, and no review stored. */
  async function expectRefused(shopper: { user: { id: string }; cookie: string }, reason: string) {
    const res = await attempt(shopper)
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({ success: false, message: reason })
    expect((await eligibility(shopper.cookie)).json()).toEqual({
      success: true,
      data: { canReview: false, reason },
    })
    const stored = (await list(target)).json().data as { userId: string }[]
    expect(stored.some((r) => r.userId === shopper.user.id)).toBe(false)
  }

  it("refuses the product's own seller, even after buying it and marking it delivered", async () => {
    const seller = await staffShopper('vendor')
    const own = (await createProduct(t.database.db, { sellerId: seller.user.id })).id
    await buyProduct(t.app, t.database.db, seller, own)
    const res = await post(seller.cookie, {
      productId: own,
      userId: seller.user.id,
      reviewMessage: 'Best product ever',
      reviewValue: 5,
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe(REVIEW_REFUSALS.notShopper)
    expect((await product(own)).reviewCount).toBe(0)
  })

  it('refuses a competing seller and an admin, with or without an order', async () => {
    const competitor = await staffShopper('vendor')
    await expectRefused(competitor, REVIEW_REFUSALS.notShopper)
    await buyProduct(t.app, t.database.db, competitor, target)
    await expectRefused(competitor, REVIEW_REFUSALS.notShopper)
    const admin = await staffShopper('admin')
    await buyProduct(t.app, t.database.db, admin, target)
    await expectRefused(admin, REVIEW_REFUSALS.notShopper)
  })

  it('refuses a shopper without an order of the product', async () => {
    const shopper = await createShopper(t.database.db)
    // An order of another product does not count.
    await buyProduct(t.app, t.database.db, shopper, productId)
    await expectRefused(shopper, REVIEW_REFUSALS.notBought)
  })

  it('refuses a placed or shipping order until it is delivered', async () => {
    const shopper = await createShopper(t.database.db)
    await buyProduct(t.app, t.database.db, shopper, target, { advanceTo: null })
    await expectRefused(shopper, REVIEW_REFUSALS.notDelivered)
    await buyProduct(t.app, t.database.db, shopper, target, { advanceTo: 'inShipping' })
    await expectRefused(shopper, REVIEW_REFUSALS.notDelivered)
  })

  it('refuses an unpaid online order (its seller cannot mark it delivered either), and a failed one', async () => {
    const unpaid = await createShopper(t.database.db)
    await expect(
      buyProduct(t.app, t.database.db, unpaid, target, { paymentMethod: 'CASHFREE' }),
    ).rejects.toThrow('This order is Awaiting payment; it cannot be marked In process.')
    await expectRefused(unpaid, REVIEW_REFUSALS.notBought)

    const failed = await createShopper(t.database.db)
    const orderId = await buyProduct(t.app, t.database.db, failed, target, {
      paymentMethod: 'CASHFREE',
      advanceTo: null,
    })
    await t.database.db.transaction((tx) =>
      moveOrder(tx, t.app.deps.lifecycle, {
        orderId,
        event: 'failPayment',
        actor: { kind: 'provider' },
      }),
    )
    await expectRefused(failed, REVIEW_REFUSALS.notBought)
  })

  it('accepts a delivered order and marks the review verified; a delivered order cannot be rejected', async () => {
    const shopper = await createShopper(t.database.db, { userName: 'Meera Nair' })
    const orderId = await buyProduct(t.app, t.database.db, shopper, target)
    expect((await eligibility(shopper.cookie)).json()).toEqual({
      success: true,
      data: { canReview: true, reason: null },
    })
    const res = await attempt(shopper, 4)
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ userName: 'Meera Nair', verifiedPurchase: true })
    const mine = () =>
      (list(target) as Promise<{ json: () => { data: { userId: string }[] } }>).then((r) =>
        r.json().data.find((review) => review.userId === shopper.user.id),
      )
    expect(await mine()).toMatchObject({ reviewValue: 4, verifiedPurchase: true })

    const admin = await createUser(t.database.db, { role: 'admin', type: 'admin' })
    const reject = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/update/${orderId}`,
      headers: { cookie: await sessionOf(admin.id) },
      payload: { orderStatus: 'rejected' },
    })
    // Delivered goods come back by a return, not by rejecting the order (the lifecycle's table).
    expect(reject.statusCode).toBe(409)
    expect(reject.json().message).toBe('This order is Delivered; it cannot be marked Rejected.')
    expect(await mine()).toMatchObject({ reviewValue: 4, verifiedPurchase: true })
  })

  it('shows reviews written before the rule without the mark', async () => {
    const legacy = await createUser(t.database.db)
    await t.database.db
      .insert(reviewsTable)
      .values({ productId: target, userId: legacy.id, userName: 'Old', message: 'Hi', value: 5 })
    // Written behind the app's back: wait until the catalog cache has heard of it.
    await t.app.deps.catalogCache?.caughtUp()
    const row = ((await list(target)).json().data as { userId: string }[]).find(
      (r) => r.userId === legacy.id,
    )
    expect(row).toMatchObject({ verifiedPurchase: false })
  })

  it('eligibility: 401 for guests, 404 for unknown or unlisted products, 400 malformed', async () => {
    expect((await eligibility()).statusCode).toBe(401)
    const shopper = await createShopper(t.database.db)
    expect((await eligibility(shopper.cookie, crypto.randomUUID())).statusCode).toBe(404)
    expect((await eligibility(shopper.cookie, hiddenId)).statusCode).toBe(404)
    expect((await eligibility(shopper.cookie, 'nope')).statusCode).toBe(400)
  })
})
