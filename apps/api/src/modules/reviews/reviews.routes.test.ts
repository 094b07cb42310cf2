import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../../lib/password'
import { createTestApp, type TestContext } from '../../../test/app'
import { sessionCookie } from '../../../test/auth'
import { createProduct, createSeller, createUser } from '../../../test/factories'

let t: TestContext
let passwordHash: string
let productId: string
let hiddenId: string

/** A factory shopper signed in through the real login route. */
async function signedInShopper(userName: string) {
  const user = await createUser(t.database.db, { userName, passwordHash })
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: 'Pass1234' },
  })
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`)
  return { user, cookie: sessionCookie(res) }
}

beforeAll(async () => {
  t = await createTestApp()
  passwordHash = await hashPassword('Pass1234')
  const seller = await createSeller(t.database.db)
  productId = (
    await createProduct(t.database.db, { sellerId: seller.id, title: 'boAt Airdopes 141' })
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
    const { user, cookie } = await signedInShopper('Priya Sharma')
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
    const a = await signedInShopper('Arjun Mehta')
    const b = await signedInShopper('Divya Rao')
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
    const { user, cookie } = await signedInShopper('Tester <b>')
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

    const { cookie } = await signedInShopper('Rahul Verma')
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
    const { user, cookie } = await signedInShopper('Sneha Iyer')
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
    const shoppers = await Promise.all(
      [1, 2, 3, 4, 5, 1, 2, 3].map(async (value, i) => ({
        value,
        ...(await signedInShopper(`Concurrent ${i}`)),
      })),
    )
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
    const { user, cookie } = await signedInShopper('Busy Reviewer')
    const payload = { productId, userId: user.id, reviewMessage: 'Again', reviewValue: 4 }
    for (let i = 0; i < 30; i++) expect((await post(cookie, payload)).statusCode).toBe(200)
    const limited = await post(cookie, payload)
    expect(limited.statusCode).toBe(429)
    expect(limited.json().success).toBe(false)
    // Another shopper is not affected.
    const other = await signedInShopper('Calm Reviewer')
    expect((await post(other.cookie, { ...payload, userId: other.user.id })).statusCode).toBe(200)
  })
})

describe('GET /api/shop/review/:productId', () => {
  it('lists reviews newest first in the API shape', async () => {
    const seller = await createSeller(t.database.db)
    const target = (await createProduct(t.database.db, { sellerId: seller.id })).id
    const first = await signedInShopper('First Reviewer')
    const second = await signedInShopper('Second Reviewer')
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
        'productId',
        'reviewMessage',
        'reviewValue',
        'userId',
        'userName',
      ].sort(),
    )
    expect(data[0]).toMatchObject({
      userName: 'Second Reviewer',
      reviewValue: 5,
      productId: target,
    })
  })

  it('answers an empty list for a product without reviews, 404 unknown, 400 malformed', async () => {
    const seller = await createSeller(t.database.db)
    const fresh = (await createProduct(t.database.db, { sellerId: seller.id })).id
    expect((await list(fresh)).json()).toEqual({ success: true, data: [] })
    expect((await list(crypto.randomUUID())).statusCode).toBe(404)
    expect((await list(hiddenId)).statusCode).toBe(404)
    expect((await list('1 OR 1=1')).statusCode).toBe(400)
  })
})
