import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller } from '../../../test/factories'
import { buyProduct, createShopper } from '../../../test/shop'
import { subOrders, vendorProfiles } from '../../db/schema'
import { createSession } from '../auth/sessions'
import { oweRefund } from '../refunds/ledger'

/*
 * Issue 26.6: a seller no longer approved reads its orders without the buyer's personal data,
 * the refund's payout account (a name, a masked account) included.
 */

let t: TestContext
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const db = () => t.database.db

describe("a rejected seller's order details", () => {
  it("leave out the refund's payout account", async () => {
    const seller = await createSeller(db())
    const sellerCookie = `session=${await createSession(db(), { userId: seller.id, days: 1, now: new Date() })}`
    const item = await createProduct(db(), { sellerId: seller.id, price: 2499, totalStock: 3 })
    const shopper = await createShopper(db())
    const orderId = await buyProduct(t.app, db(), shopper, item.id)
    const [part] = await db().select().from(subOrders).where(eq(subOrders.orderId, orderId))
    await db().transaction((tx) =>
      oweRefund(
        tx,
        { refundDays: 10, shopName: 'TechBazaar', now: () => new Date() },
        {
          orderId,
          subOrderId: part!.id,
          cause: 'return',
          sourceKey: `test-return:${part!.id}`,
          amountPaise: 100_000,
          payout: {
            kind: 'bank',
            accountName: 'Kavya Nair',
            accountNumber: '123456789012',
            ifsc: 'SBIN0001234',
          },
        },
      ),
    )
    const refunds = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/shop/order/details/${orderId}`,
          headers: { cookie: sellerCookie },
        })
      ).json().data.refunds
    expect(JSON.stringify(await refunds())).toContain('Kavya Nair')

    await db()
      .update(vendorProfiles)
      .set({ status: 'Rejected' })
      .where(eq(vendorProfiles.userId, seller.id))
    const shown = await refunds()
    expect(shown).toEqual([expect.objectContaining({ payoutTo: null, amount: 1000 })])
    expect(JSON.stringify(shown)).not.toContain('Kavya')
  })
})
