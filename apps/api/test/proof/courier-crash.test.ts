import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { returnPickupClaims, returns, shipments, subOrders } from '../../src/db/schema'
import { createSession } from '../../src/modules/auth/sessions'
import { CLAIM_STALE_MS } from '../../src/modules/shipping/stale-claims'
import { onPostgres, scratchPostgres } from './scratch-postgres'
import { createSeller } from '../factories'
import { startFakeDelhivery } from '../fakes/delhivery'
import { call, checkout, makeRun, ShopProcess } from './crash-harness'

/**
 * Issue 26.10, attacked with a real server process: the seller's Ship is in flight at the courier
 * (Delhivery's fake holds its last call) when the process is SIGKILLed, between claiming the
 * parcel and recording its booking. The claim used to stay for good: Ship answered 409 and the
 * shopper's Cancel "handed to the courier". Restarted, the shop releases the claim once it is
 * stale, and the seller ships the part; the waybill the killed process had made is found at the
 * courier by our reference and cancelled, so one parcel stands. Then the same for the return's
 * reverse pickup: the process dies at the courier while the seller approves it, and the next
 * approval, once the claim is stale, cancels the lost pickup and books one. PostgreSQL only.
 */
const PORT = Number(process.env.COURIER_CRASH_PORT ?? 3133)

const scratch = scratchPostgres('tb-courier-crash-')

describe.skipIf(!onPostgres)('a courier booking across a SIGKILL', () => {
  it('undoes the claims killed processes left, so the part ships and its return is picked up once', async () => {
    const delhivery = await startFakeDelhivery()
    const server = new ShopProcess(PORT, {
      NODE_ENV: 'test',
      DATA_DIR: scratch.dataDir,
      DATABASE_URL: scratch.url,
      LOG_LEVEL: 'fatal',
      APP_URL: 'http://shop.test',
      REDIS_URL: '',
      DELHIVERY_TOKEN: delhivery.token,
      DELHIVERY_BASE_URL: delhivery.baseUrl,
      COURIER: 'delhivery',
    })
    const db = scratch.database.db
    const seller = await createSeller(db)
    const sellerCookie = `session=${await createSession(db, { userId: seller.id, days: 1, now: new Date() })}`
    const run = await makeRun(db, seller.id, 1, 1)
    const [buyer] = run.buyers
    const ship = (subOrderId: string) =>
      call(server.baseUrl, '/api/admin/orders/vendor-ship', {
        method: 'POST',
        headers: { cookie: sellerCookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          _id: subOrderId,
          weightGrams: 400,
          lengthCm: 18,
          breadthCm: 12,
          heightCm: 6,
        }),
      })
    try {
      await server.start()
      const placed = await checkout(server.baseUrl, { ...buyer!, method: 'COD' })
      if (placed === 'lost') throw new Error(`checkout lost:\n${server.log()}`)
      expect(placed.status, server.log()).toBe(201)
      const orderId = String(placed.body.orderId)
      const [part] = await db.select().from(subOrders).where(eq(subOrders.orderId, orderId))

      // Claimed and at the courier (its waybill made), not recorded: the process dies here.
      const held = delhivery.hold('pickup')
      const inFlight = ship(part!.id)
      await held.arrived
      await server.kill()
      held.release()
      expect(await inFlight).toBe('lost')
      const [claim] = await db.select().from(shipments).where(eq(shipments.subOrderId, part!.id))
      expect(claim).toMatchObject({ status: 'booking' })

      await server.start()
      // While it may still be in flight somewhere, the claim holds: a second booking is refused.
      const early = await ship(part!.id)
      expect(early === 'lost' ? 'lost' : early.status).toBe(409)
      // Past the time any booking takes: stale, released, and the part ships.
      await db
        .update(shipments)
        .set({ createdAt: sql`now() - make_interval(secs => ${CLAIM_STALE_MS / 1000 + 60})` })
        .where(eq(shipments.id, claim!.id))
      const again = await ship(part!.id)
      expect(again === 'lost' ? 'lost' : again.status, server.log()).toBe(200)
      const [recorded] = await db.select().from(shipments).where(eq(shipments.subOrderId, part!.id))
      expect(recorded).toMatchObject({ status: 'booked' })
      expect(recorded!.awb).toBeTruthy()
      const [moved] = await db.select().from(subOrders).where(eq(subOrders.id, part!.id))
      expect(moved!.status).toBe('inProcess')
      // The killed booking's waybill was cancelled at Delhivery: only the recorded one stands.
      expect(delhivery.live(part!.id).map((p) => p.waybill)).toEqual([recorded!.awb])

      // Delivered (its scans are another proof's), the shopper returns an item.
      await db
        .update(subOrders)
        .set({ status: 'delivered', deliveredAt: new Date() })
        .where(eq(subOrders.id, part!.id))
      const asked = await call(server.baseUrl, `/api/shop/order/${orderId}/returns`, {
        method: 'POST',
        headers: { cookie: buyer!.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          items: [{ productId: run.scarceId, quantity: 1 }],
          reason: 'defective',
          payout: { kind: 'upi', upiId: 'kavya@okaxis' },
        }),
      })
      if (asked === 'lost') throw new Error(`return request lost:\n${server.log()}`)
      expect(asked.status, server.log()).toBe(201)
      const returnId = String((asked.body.data as { _id: string }[])[0]?._id)
      const approve = () =>
        call(server.baseUrl, `/api/admin/returns/${returnId}`, {
          method: 'PUT',
          headers: { cookie: sellerCookie, 'content-type': 'application/json' },
          body: JSON.stringify({ status: 'approved' }),
        })

      // The reverse pickup is claimed and at the courier (its waybill made), not recorded.
      const slip = delhivery.hold('slip')
      const approving = approve()
      await slip.arrived
      await server.kill()
      slip.release()
      expect(await approving).toBe('lost')
      expect(delhivery.live(returnId)).toHaveLength(1)
      const [pickupClaim] = await db
        .select()
        .from(returnPickupClaims)
        .where(eq(returnPickupClaims.returnId, returnId))
      expect(pickupClaim).toMatchObject({ courier: 'DELHIVERY', awb: null })

      await server.start()
      await db
        .update(returnPickupClaims)
        .set({ createdAt: sql`now() - make_interval(secs => ${CLAIM_STALE_MS / 1000 + 60})` })
        .where(eq(returnPickupClaims.returnId, returnId))
      const approved = await approve()
      expect(approved === 'lost' ? 'lost' : approved.status, server.log()).toBe(200)
      const [picked] = await db.select().from(returns).where(eq(returns.id, returnId))
      expect(picked!.pickupAwb).toBeTruthy()
      expect(delhivery.live(returnId).map((p) => p.waybill)).toEqual([picked!.pickupAwb])
      expect(
        await db.select().from(returnPickupClaims).where(eq(returnPickupClaims.returnId, returnId)),
      ).toEqual([])
    } finally {
      await server.kill()
      await delhivery.close()
    }
  }, 180_000)
})
