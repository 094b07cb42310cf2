import { REVIEW_REFUSALS } from '@techbazaar/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { returnsKit } from '../returns/fixtures'

// Issue 26.15: a review stayed "Verified purchase" after its product came back and was refunded.
const clock = createClock()
let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
})
afterAll(() => t.close())
const kit = returnsKit(() => t, clock.now)

describe('"Verified purchase" after a return', () => {
  it('holds while the shopper keeps a unit, and goes once every unit came back', async () => {
    const seller = await kit.seller()
    const product = await kit.product(seller.user.id)
    const shopper = await kit.shopper()
    const orderId = await kit.order(shopper, [{ productId: product.id, quantity: 2 }], 'COD')
    const [part] = await kit.partsOf(orderId)
    await kit.deliver(seller.cookie, part!.id)
    const review = await t.app.inject({
      method: 'POST',
      url: '/api/shop/review/add',
      headers: { cookie: shopper.cookie },
      payload: {
        productId: product.id,
        userId: shopper.user.id,
        reviewMessage: 'Good phone',
        reviewValue: 5,
      },
    })
    expect(review.statusCode, review.body).toBe(200)
    const mark = async () => {
      const list = await t.app.inject({ method: 'GET', url: `/api/shop/review/${product.id}` })
      const mine = (list.json().data as { userId: string; verifiedPurchase: boolean }[]).find(
        (r) => r.userId === shopper.user.id,
      )
      return mine?.verifiedPurchase
    }
    expect(await mark()).toBe(true)

    /** A return of `quantity` units taken through to a passed quality check (refund released). */
    const giveBack = async (quantity: number) => {
      const asked = await kit.postReturn(shopper.cookie, orderId, {
        items: [{ productId: product.id, quantity }],
        reason: 'defective',
        payout: { kind: 'upi', upiId: 'kavya@okaxis' },
      })
      expect(asked.statusCode, asked.body).toBe(201)
      const id = asked.json().data[0]._id as string
      for (const status of ['approved', 'received', 'qc_passed']) {
        const moved = await kit.putReturn(seller.cookie, id, { status })
        expect(moved.statusCode, moved.body).toBe(200)
      }
    }
    await giveBack(1)
    expect(await mark()).toBe(true)
    await giveBack(1)
    expect(await mark()).toBe(false)
    const eligibility = await t.app.inject({
      method: 'GET',
      url: `/api/shop/review/eligibility/${product.id}`,
      headers: { cookie: shopper.cookie },
    })
    expect(eligibility.json().data).toEqual({
      canReview: false,
      reason: REVIEW_REFUSALS.notBought,
    })
  })
})
