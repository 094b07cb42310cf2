import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { createProduct } from '../../../test/factories'
import { fillCart } from '../../../test/shop'
import {
  cartLines,
  carts,
  coupons,
  creditNotes,
  invoices,
  refunds,
  settlementEntries,
} from '../../db/schema'
import { returnsKit, type Shopper } from '../returns/fixtures'

/*
 * A discounted order through its life (decision 092): the invoice taxes what was paid (the
 * discount shown before tax), the seller's settlement bears only a discount it funds, and a
 * return of one line refunds what was paid for that line.
 */

const DAY = 86_400_000
const clock = createClock()
let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
})
afterAll(() => t.close())
const db = () => t.database.db
const kit = returnsKit(() => t, clock.now)

async function coupon(code: string, over: Partial<typeof coupons.$inferInsert> = {}) {
  await db()
    .insert(coupons)
    .values({
      code,
      kind: 'fixed',
      value: 33_300,
      startsAt: new Date(clock.now().getTime() - DAY),
      endsAt: new Date(clock.now().getTime() + 30 * DAY),
      ...over,
    })
}

/** The shopper orders `lines` with `code`, paid online on the sandbox gateway. */
async function orderWithCoupon(
  shopper: Shopper,
  lines: { productId: string; quantity: number }[],
  code: string,
): Promise<string> {
  const [cart] = await db().select().from(carts).where(eq(carts.userId, shopper.user.id))
  if (cart) await db().delete(cartLines).where(eq(cartLines.cartId, cart.id))
  await fillCart(db(), shopper.user.id, lines)
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/shop/order/create',
    headers: { cookie: shopper.cookie },
    payload: {
      userId: shopper.user.id,
      addressInfo: { addressId: shopper.address.id },
      paymentMethod: 'CASHFREE',
      couponCode: code,
    },
  })
  expect(res.statusCode, res.body).toBe(201)
  const { orderId, paymentUrl } = res.json() as { orderId: string; paymentUrl: string }
  const sessionId = new URL(paymentUrl, 'http://x').searchParams.get('payment_session_id')!
  const paid = await t.app.inject({
    method: 'POST',
    url: '/sandbox-gateway',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ payment_session_id: sessionId, outcome: 'pay' }).toString(),
  })
  expect(paid.statusCode).toBe(303)
  return orderId
}

async function saleEntries(subOrderId: string) {
  return db()
    .select({ line: settlementEntries.invoiceLine, amount: settlementEntries.amountPaise })
    .from(settlementEntries)
    .where(and(eq(settlementEntries.subOrderId, subOrderId), eq(settlementEntries.kind, 'sale')))
    .orderBy(settlementEntries.invoiceLine)
}

describe('a discounted order: invoice, settlement and refund', () => {
  it('taxes what was paid, pays the seller a marketplace-funded discount, refunds a line’s paid share', async () => {
    const seller = await kit.seller()
    const shopper = await kit.shopper()
    // Titles fix the invoice's line order (it sorts by title).
    const speaker = await createProduct(db(), {
      sellerId: seller.user.id,
      title: 'A speaker',
      price: 2999,
    })
    const cable = await createProduct(db(), {
      sellerId: seller.user.id,
      title: 'B cable',
      price: 1001,
    })
    await coupon('FLOW333')
    const orderId = await orderWithCoupon(
      shopper,
      [
        { productId: speaker.id, quantity: 1 },
        { productId: cable.id, quantity: 1 },
      ],
      'FLOW333',
    )
    const [part] = await kit.partsOf(orderId)
    await kit.deliver(seller.cookie, part!.id)

    // ₹333 spread over ₹2,999 and ₹1,001: 249.67 and 83.33, the odd paisa to the larger rest.
    const [invoice] = await db().select().from(invoices).where(eq(invoices.subOrderId, part!.id))
    const [speakerLine, cableLine] = invoice!.document.lines
    expect(speakerLine).toMatchObject({
      unitPricePaise: 299_900,
      discountPaise: 24_967,
      discountFundedBy: 'marketplace',
      totalPaise: 274_933,
    })
    expect(cableLine).toMatchObject({ discountPaise: 8_333, totalPaise: 91_767 })
    // GST is inside what was paid: taxable value + tax (+ round off) is the line less its discount.
    for (const line of [speakerLine!, cableLine!]) {
      const tax = line.cgstPaise + line.sgstPaise + line.igstPaise
      expect(Math.abs(line.taxablePaise + tax - line.totalPaise)).toBeLessThanOrEqual(1)
    }
    expect(invoice!.document.totals.totalPaise).toBe(400_000 - 33_300)

    // The marketplace funds it: the seller's sale is the full price.
    expect(await saleEntries(part!.id)).toEqual([
      { line: 0, amount: 299_900 },
      { line: 1, amount: 100_100 },
    ])

    // A return of the cable refunds what was paid for it, not its price.
    const asked = await kit.postReturn(shopper.cookie, orderId, {
      items: [{ productId: cable.id, quantity: 1 }],
      reason: 'defective',
    })
    expect(asked.statusCode, asked.body).toBe(201)
    const returnId = asked.json().data[0]._id as string
    for (const status of ['approved', 'received', 'qc_passed']) {
      const moved = await kit.putReturn(seller.cookie, returnId, { status })
      expect(moved.statusCode, moved.body).toBe(200)
    }
    const [refund] = await db().select().from(refunds).where(eq(refunds.returnId, returnId))
    expect(refund?.amountPaise).toBe(91_767)
    const [note] = await db().select().from(creditNotes).where(eq(creditNotes.returnId, returnId))
    expect(note?.document.lines).toMatchObject([{ invoiceLine: 1, totalPaise: 91_767 }])
  })

  it("takes a seller-funded discount off that seller's sale", async () => {
    const seller = await kit.seller()
    const shopper = await kit.shopper()
    const speaker = await createProduct(db(), { sellerId: seller.user.id, price: 2999 })
    await coupon('MYSHOP333', { scope: 'seller', sellerId: seller.user.id, fundedBy: 'seller' })
    const orderId = await orderWithCoupon(
      shopper,
      [{ productId: speaker.id, quantity: 1 }],
      'MYSHOP333',
    )
    const [part] = await kit.partsOf(orderId)
    await kit.deliver(seller.cookie, part!.id)
    expect(await saleEntries(part!.id)).toEqual([{ line: 0, amount: 299_900 - 33_300 }])
  })
})
