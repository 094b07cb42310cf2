import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refunds, shipments } from '../../src/db/schema'
import { refundPolicy } from '../../src/modules/lifecycle/context'
import { oweRefund } from '../../src/modules/refunds/ledger'
import { deliverRefund } from '../../src/modules/refunds/refund-worker'
import { returnsKit } from '../../src/modules/returns/fixtures'
import { createTestApp, type TestContext } from '../app'

/**
 * The one lock order (`lockOrder`): every writer of an order's rows takes the order row first.
 * Attack: a courier's tracking webhooks and the refund worker working on the same orders at
 * once. Tracking used to lock the parcel and its sub-order before the order, the ledger the order
 * before writing rows that point at the sub-order (a timeline line, a refund): PostgreSQL broke
 * the cycle by failing one of them, and the courier heard 500 "deadlock detected". PGlite has one
 * connection (nothing interleaves), so this runs on PostgreSQL only.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
const ORDERS = Number(process.env.LOCK_ORDERS ?? 16)
const EVENTS = ['picked_up', 'in_transit', 'out_for_delivery', 'delivered'] as const

let t: TestContext
const now = () => new Date()
const kit = returnsKit(() => t, now)
beforeAll(async () => {
  if (onPostgres) t = await createTestApp({ env: { ORDER_CREATE_PER_HOUR: '10000' } })
})
afterAll(() => t?.close())

describe.skipIf(!onPostgres)('courier webhooks and refunds of the same orders at once', () => {
  it(`never deadlock: ${ORDERS} paid, shipped orders, every event answered below 500`, async () => {
    const db = t.database.db
    const seller = await kit.seller()
    const product = await kit.product(seller.user.id, 1999, ORDERS + 5)
    const policy = refundPolicy(t.app.deps.lifecycle)
    const parcels: { awb: string; refundId: string }[] = []
    for (let i = 0; i < ORDERS; i++) {
      const shopper = await kit.shopper()
      const orderId = await kit.order(shopper, [{ productId: product.id, quantity: 1 }], 'CASHFREE')
      const [part] = await kit.partsOf(orderId)
      const awb = await kit.ship(seller.cookie, part!.id)
      // A refund of this very part (a goodwill ₹10, standing in for any refund of a part on its
      // way): the worker's record of it writes rows that point at the part tracking moves.
      const refund = await db.transaction((tx) =>
        oweRefund(tx, policy, {
          orderId,
          subOrderId: part!.id,
          cause: 'rejection',
          sourceKey: `goodwill:${part!.id}`,
          amountPaise: 1_000,
        }),
      )
      parcels.push({ awb, refundId: refund!.id })
    }

    const deps = { db, payments: t.app.deps.payments, policy }
    const answers: number[] = []
    const webhooks = async (awb: string) => {
      for (const status of EVENTS) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/sandbox-courier/${awb}/events`,
          payload: { status },
        })
        answers.push(res.statusCode)
        expect(res.body).not.toContain('deadlock')
      }
    }
    const settled = await Promise.allSettled(
      parcels.flatMap(({ awb, refundId }) => [
        webhooks(awb),
        deliverRefund(deps, refundId, { number: 1, last: true }),
      ]),
    )
    // Drizzle's error names the query; PostgreSQL's own words ("deadlock detected") are its cause.
    const failures = settled.flatMap((s) =>
      s.status === 'rejected' ? [String((s.reason as Error).cause ?? s.reason)] : [],
    )
    expect(failures).toEqual([])
    expect(answers.filter((code) => code >= 500)).toEqual([])
    expect(answers).toHaveLength(ORDERS * EVENTS.length)

    // Every parcel delivered, every refund completed: nothing was lost to a failed transaction.
    const done = await db.select({ status: refunds.status }).from(refunds)
    expect(done.map((r) => r.status)).toEqual(parcels.map(() => 'completed'))
    for (const { awb } of parcels) {
      const [parcel] = await db.select().from(shipments).where(eq(shipments.awb, awb))
      expect(parcel?.status).toBe('delivered')
    }
  })
})
