import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import type { TestContext } from '../../../../test/app'
import type { createClock } from '../../../../test/clock'
import { createUser } from '../../../../test/factories'
import { businessBuyer, fillCart } from '../../../../test/shop'
import { addresses, cartLines, carts } from '../../../db/schema'
import { returnsKit, type Shopper } from '../../returns/fixtures'

/*
 * The reports tests' world, built through the shop's own routes on a moving clock (IST in the
 * comments):
 * - 22 Nov: seller A (PAN given, a company) delivers two phones to a Bengaluru shopper (IGST,
 *   table 3B); seller B (no PAN: TDS at 5%) delivers one.
 * - 24 Nov: the shopper asks to return one of A's two phones; A approves and receives it.
 * - 30 Nov 23:30: A dispatches a part to a Mumbai business (CGST + SGST, table 3A), so its
 *   invoice and TCS are November's; it is delivered at 1 Dec 00:30 (2026-11-30T19:00Z), so its
 *   credits are December's.
 * - 2 Dec: the return passes quality check (reversals, a December credit note).
 * - 3 Dec: a payout run pays A (approved, sent, paid with a UTR); B is skipped (no bank details).
 */

const HOUR = 3_600_000
const MINUTE = 60_000
export const BOUNDARY = new Date('2026-11-30T19:00:00Z')

type Clock = ReturnType<typeof createClock>

export function reportsWorld(t: () => TestContext, clock: Clock) {
  const kit = returnsKit(t, clock.now)
  const db = () => t().database.db
  const inject = (cookie: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t().app.inject({ method, url, headers: { cookie }, payload })
  const at = (iso: string) => {
    const ms = new Date(iso).getTime() - clock.now().getTime()
    expect(ms).toBeGreaterThanOrEqual(0)
    clock.advance(ms)
  }

  /** A COD order from the shopper's cart, for a business buyer when `buyer` is given. */
  async function orderFor(
    shopper: Shopper,
    productId: string,
    buyer?: ReturnType<typeof businessBuyer>,
  ) {
    const [cart] = await db().select().from(carts).where(eq(carts.userId, shopper.user.id))
    if (cart) await db().delete(cartLines).where(eq(cartLines.cartId, cart.id))
    await fillCart(db(), shopper.user.id, [{ productId, quantity: 1 }])
    const res = await inject(shopper.cookie, 'POST', '/api/shop/order/create', {
      userId: shopper.user.id,
      addressInfo: { addressId: shopper.address.id },
      paymentMethod: 'COD',
      ...(buyer ? { buyer } : {}),
    })
    expect(res.statusCode, res.body).toBe(201)
    return res.json().orderId as string
  }

  async function build() {
    const sellerA = await kit.seller()
    const sellerB = await kit.seller()
    const admin = await kit.cookieOf((await createUser(db(), { role: 'admin', type: 'admin' })).id)
    const shopper = await kit.shopper()
    const business = await kit.shopper()
    // The business is in Mumbai, like seller A: an intra-state supply.
    await db()
      .update(addresses)
      .set({ city: 'Mumbai', pincode: '400001', stateCode: '27' })
      .where(eq(addresses.id, business.address.id))

    // A's legal name and the name on its PAN start like formulas and hold commas and quotes.
    const named = await inject(sellerA.cookie, 'PUT', '/api/admin/business-address', {
      businessName: '=Asha "Best" Traders, Mumbai',
      addressLine: '1 Marine Drive',
      city: 'Mumbai',
      stateCode: '27',
      pincode: '400001',
    })
    expect(named.statusCode, named.body).toBe(200)
    const details = await inject(sellerA.cookie, 'PUT', '/api/admin/settlements/payout-details', {
      pan: 'AAACA1234K',
      panName: '+Asha Traders, "Pvt" Ltd',
      holderName: 'Asha Traders',
      accountNumber: '123456789012',
      ifsc: 'HDFC0001234',
    })
    expect(details.statusCode, details.body).toBe(200)

    // 22 Nov, 15:30 IST.
    const phone = await kit.product(sellerA.user.id, 1999, 10)
    const orderA = await kit.order(shopper, [{ productId: phone.id, quantity: 2 }], 'CASHFREE')
    const [partA] = await kit.partsOf(orderA)
    await kit.deliver(sellerA.cookie, partA!.id)
    const cable = await kit.product(sellerB.user.id, 999, 10)
    const orderC = await kit.order(shopper, [{ productId: cable.id, quantity: 1 }], 'CASHFREE')
    const [partC] = await kit.partsOf(orderC)
    await kit.deliver(sellerB.cookie, partC!.id)

    at('2026-11-24T06:00:00Z')
    const asked = await kit.postReturn(shopper.cookie, orderA, {
      items: [{ productId: phone.id, quantity: 1 }],
      reason: 'defective',
    })
    expect(asked.statusCode, asked.body).toBe(201)
    const returnId = asked.json().data[0]._id as string
    for (const status of ['approved', 'received']) {
      const res = await kit.putReturn(sellerA.cookie, returnId, { status })
      expect(res.statusCode, res.body).toBe(200)
    }

    // Dispatched 30 Nov 23:30 IST, delivered 1 Dec 00:30 IST.
    at('2026-11-30T17:30:00Z')
    const tablet = await kit.product(sellerA.user.id, 2999, 10)
    const orderB = await orderFor(
      business,
      tablet.id,
      businessBuyer('27AAPFU0939F1ZV', 'Mumbai Offices LLP'),
    )
    const [partB] = await kit.partsOf(orderB)
    clock.advance(30 * MINUTE)
    const awb = await kit.ship(sellerA.cookie, partB!.id)
    clock.advance(HOUR)
    expect(clock.now()).toEqual(BOUNDARY)
    for (const status of ['picked_up', 'delivered']) {
      const res = await t().app.inject({
        method: 'POST',
        url: `/sandbox-courier/${awb}/events`,
        payload: { status },
      })
      expect(res.statusCode, res.body).toBeLessThan(400)
    }

    at('2026-12-02T04:30:00Z')
    const passed = await kit.putReturn(sellerA.cookie, returnId, { status: 'qc_passed' })
    expect(passed.statusCode, passed.body).toBe(200)

    at('2026-12-03T05:00:00Z')
    const run = await inject(admin, 'POST', '/api/admin/payout-runs')
    expect(run.statusCode, run.body).toBe(200)
    const runId = run.json().data._id as string
    const approved = await inject(admin, 'POST', `/api/admin/payout-runs/${runId}/approve`)
    expect(approved.statusCode, approved.body).toBe(200)
    await t().app.deps.jobs.drain()
    clock.advance(16 * MINUTE)
    await t().app.deps.jobs.drain()

    return {
      sellerA,
      sellerB,
      admin,
      shopper,
      parts: { a: partA!.id, b: partB!.id, c: partC!.id },
      orders: { a: orderA, b: orderB, c: orderC },
      returnId,
    }
  }

  return { build }
}
