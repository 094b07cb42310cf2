import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { createUser } from '../../../test/factories'
import { creditNotes, invoices, products, refunds, shipments, subOrders } from '../../db/schema'
import { returnsKit } from '../returns/fixtures'

/**
 * Issue 26.5, attacked: an admin's "Rejected" after the courier was booked refunded a paid order
 * and put its stock back while the courier went on to deliver the parcel. Rejection is for goods
 * still at the seller; a parcel with the courier is stopped through the courier, and money,
 * stock and the invoice's credit note move only when the goods are back.
 */
const clock = createClock(new Date('2026-11-20T04:30:00Z'))
let t: TestContext
const kit = returnsKit(() => t, clock.now)
let admin = ''
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
  admin = await kit.cookieOf((await createUser(t.database.db, { role: 'admin', type: 'admin' })).id)
})
afterAll(() => t.close())
const db = () => t.database.db

/** A paid ₹1,999 order of one unit, booked with the sandbox courier by its seller. */
async function bookedOrder() {
  const seller = await kit.seller()
  const product = await kit.product(seller.user.id, 1999, 10)
  const orderId = await kit.order(
    await kit.shopper(),
    [{ productId: product.id, quantity: 1 }],
    'CASHFREE',
  )
  const [part] = await kit.partsOf(orderId)
  const awb = await kit.ship(seller.cookie, part!.id)
  return { orderId, partId: part!.id, productId: product.id, awb }
}

const scan = (awb: string, status: string) =>
  t.app.inject({ method: 'POST', url: `/sandbox-courier/${awb}/events`, payload: { status } })
const stop = (partId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/shipments/${partId}/stop`,
    headers: { cookie: admin },
  })
const stockOf = async (id: string) =>
  (await db().select().from(products).where(eq(products.id, id)))[0]!.totalStock
const partOf = async (id: string) =>
  (await db().select().from(subOrders).where(eq(subOrders.id, id)))[0]!
const refundsOf = (orderId: string) =>
  db().select().from(refunds).where(eq(refunds.orderId, orderId))
const creditNotesOf = (partId: string) =>
  db()
    .select({ number: creditNotes.number })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(eq(invoices.subOrderId, partId))

describe('PUT /api/admin/orders/update/:id to rejected', () => {
  it('is refused once the courier is booked: no refund, no stock back, the parcel goes on', async () => {
    const { orderId, partId, productId } = await bookedOrder()
    const stock = await stockOf(productId)
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/update/${orderId}`,
      headers: { cookie: admin },
      payload: { orderStatus: 'rejected' },
    })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(/courier/) })
    expect(await refundsOf(orderId)).toEqual([])
    expect(await stockOf(productId)).toBe(stock)
    expect((await partOf(partId)).status).toBe('inProcess')
  })
})

describe('POST /api/admin/shipments/:subOrderId/stop', () => {
  it('cancels a booking not yet picked up: the part is rejected, refunded, restocked and credited', async () => {
    const { orderId, partId, productId, awb } = await bookedOrder()
    const stock = await stockOf(productId)
    const res = await stop(partId)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ outcome: 'cancelled', orderStatus: 'rejected' })
    expect((await partOf(partId)).status).toBe('rejected')
    const [parcel] = await db().select().from(shipments).where(eq(shipments.awb, awb))
    expect(parcel!.status).toBe('cancelled')
    expect(await refundsOf(orderId)).toMatchObject([{ cause: 'rejection', amountPaise: 199_900 }])
    expect(await stockOf(productId)).toBe(stock + 1)
    expect(await creditNotesOf(partId)).toHaveLength(1)

    // A scan of the cancelled booking (a courier's late or mistaken one) moves nothing.
    expect((await scan(awb, 'delivered')).statusCode).toBe(200)
    expect((await partOf(partId)).status).toBe('rejected')
    expect((await stop(partId)).statusCode).toBe(409)
  })

  it('has a parcel on its way brought back: money, stock and the credit note wait for its RTO scan', async () => {
    const { orderId, partId, productId, awb } = await bookedOrder()
    expect((await scan(awb, 'picked_up')).statusCode).toBe(200)
    const stock = await stockOf(productId)
    const res = await stop(partId)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ outcome: 'returning', orderStatus: 'inShipping' })
    expect(await refundsOf(orderId)).toEqual([])
    expect(await stockOf(productId)).toBe(stock)
    expect(await creditNotesOf(partId)).toEqual([])

    expect((await scan(awb, 'rto')).statusCode).toBe(200)
    expect((await partOf(partId)).status).toBe('returned')
    expect(await refundsOf(orderId)).toMatchObject([{ cause: 'undelivered', amountPaise: 199_900 }])
    expect(await stockOf(productId)).toBe(stock + 1)
    expect(await creditNotesOf(partId)).toHaveLength(1)
  })

  it('refuses a delivered parcel (a return brings it back) and a part with no booking', async () => {
    const { partId, awb } = await bookedOrder()
    await scan(awb, 'picked_up')
    await scan(awb, 'delivered')
    expect((await stop(partId)).json()).toMatchObject({
      success: false,
      message: expect.stringMatching(/return/),
    })
    const seller = await kit.seller()
    const product = await kit.product(seller.user.id)
    const orderId = await kit.order(await kit.shopper(), [{ productId: product.id, quantity: 1 }])
    const [unbooked] = await kit.partsOf(orderId)
    const res = await stop(unbooked!.id)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toMatch(/reject it instead/)
  })
})
