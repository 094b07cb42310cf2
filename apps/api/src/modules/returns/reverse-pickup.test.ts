import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { returnPickupClaims, returns } from '../../db/schema'
import { CLAIM_STALE_MS } from '../shipping/stale-claims'
import { returnsKit } from './fixtures'

/*
 * A reverse pickup is booked through a durable claim (issue 26.10): while one attempt holds it a
 * second is refused without asking the courier, and a claim a crashed attempt left (the courier
 * booked, the shop never recorded it) is undone at the next approval once stale, so the return
 * ends with one pickup at the courier, not two.
 */

const clock = createClock()
let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
})
afterAll(() => t.close())
const db = () => t.database.db
const kit = returnsKit(() => t, clock.now)

describe('PUT /api/admin/returns/:returnId (approved): the reverse pickup claim', () => {
  it('refuses a second attempt while one holds the claim, and undoes a stale one', async () => {
    const seller = await kit.seller()
    const shopper = await kit.shopper()
    const product = await kit.product(seller.user.id)
    const orderId = await kit.order(shopper, [{ productId: product.id, quantity: 1 }])
    const [part] = await kit.partsOf(orderId)
    await kit.deliver(seller.cookie, part!.id)
    const asked = await kit.postReturn(shopper.cookie, orderId, {
      items: [{ productId: product.id, quantity: 1 }],
      reason: 'defective',
      payout: { kind: 'upi', upiId: 'kavya@okaxis' },
    })
    expect(asked.statusCode, asked.body).toBe(201)
    const returnId = asked.json().data[0]._id as string
    const sandbox = t.app.deps.couriers.sandbox.courier

    // Another attempt is at the courier right now: this one books nothing.
    await db()
      .insert(returnPickupClaims)
      .values({ returnId, courier: 'SANDBOX', createdAt: clock.now() })
    const busy = await kit.putReturn(seller.cookie, returnId, { status: 'approved' })
    expect(busy.statusCode, busy.body).toBe(200)
    expect(busy.json().message).toBe(
      'Return approved, but the pickup could not be booked (another attempt is booking its pickup right now). Please try again.',
    )
    expect(await sandbox.findBookings(returnId)).toEqual([])

    // That attempt's process died once the courier had booked, before the shop recorded it.
    const lost = await sandbox.bookReturn({
      reference: returnId,
      sellerPlaceId: seller.user.id,
      pickup: { name: 'A', address: '1 MG Road', city: 'Pune', pincode: '411001', phone: '' },
      delivery: { name: 'B', address: '2 Link Road', city: 'Mumbai', pincode: '400001', phone: '' },
      declaredValuePaise: 199_900,
      weightGrams: 400,
      lengthCm: 18,
      breadthCm: 12,
      heightCm: 6,
      items: [],
    })
    clock.advance(CLAIM_STALE_MS + 60_000)

    const again = await kit.putReturn(seller.cookie, returnId, { status: 'approved' })
    expect(again.statusCode, again.body).toBe(200)
    const [row] = await db().select().from(returns).where(eq(returns.id, returnId))
    expect(row!.pickupAwb).toBeTruthy()
    expect(again.json().message).toBe(`Return approved: pickup booked, AWB ${row!.pickupAwb}`)
    // One pickup stands at the courier, the recorded one; the lost one was cancelled.
    expect(await sandbox.findBookings(returnId)).toEqual([{ awb: row!.pickupAwb }])
    expect(row!.pickupAwb).not.toBe(lost.awb)
    expect(
      await db().select().from(returnPickupClaims).where(eq(returnPickupClaims.returnId, returnId)),
    ).toEqual([])
  })
})
