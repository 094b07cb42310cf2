import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { createUser } from '../../../test/factories'
import { CourierError } from '../../couriers/types'
import { creditNotes, orderHistory, products, refunds, returns } from '../../db/schema'
import { returnsKit, type Shopper } from './fixtures'

/*
 * The back office's returns queue (issue 18): each seller its own, admins all; the moves of
 * RETURN_TRANSITIONS; a reverse pickup on approval; and a quality-check pass that restocks,
 * credits and refunds exactly once however often it is clicked.
 */

const MINUTE = 60_000
const DAY = 86_400_000
// Sunday 22 Nov 2026, 15:30 in India; the tests move it through the windows.
const clock = createClock()
let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
})
afterAll(() => t.close())
const db = () => t.database.db
const kit = returnsKit(() => t, clock.now)

type Seller = Awaited<ReturnType<typeof kit.seller>>
type Product = Awaited<ReturnType<typeof kit.product>>
interface Row {
  _id: string
  status: string
  next: string[]
  overdue: boolean
  orderNumber: string
  customerName: string
  decisionNote: string | null
  pickup: { courier: string; awb: string; labelUrl: string | null } | null
}

let s1: Seller, s2: Seller
let admin = ''
let shopper: Shopper
let phone: Product, cable: Product
/** R1: one of two phones of an order paid online (S1). R2: a cash-on-delivery cable (S2). */
const ids = { r1: '', r2: '' }

/** A delivered order of `product`, and the shopper's return of `quantity` of it. */
async function returned(
  seller: Seller,
  product: Product,
  opts: { method: 'COD' | 'CASHFREE'; bought: number; quantity: number },
): Promise<string> {
  const orderId = await kit.order(
    shopper,
    [{ productId: product.id, quantity: opts.bought }],
    opts.method,
  )
  const [part] = await kit.partsOf(orderId)
  await kit.deliver(seller.cookie, part!.id)
  const res = await kit.postReturn(shopper.cookie, orderId, {
    items: [{ productId: product.id, quantity: opts.quantity }],
    reason: 'defective',
    ...(opts.method === 'COD' ? { payout: { kind: 'upi', upiId: 'kavya@okaxis' } } : {}),
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().data[0]._id as string
}

const list = async (cookie: string, query = '') => {
  const res = await kit.queue(cookie, query)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { data: Row[]; total: number; page: number; pages: number }
}
const stockOf = async (id: string) =>
  (await db().select().from(products).where(eq(products.id, id)))[0]!.totalStock
const historyOf = (returnRow: { orderId: string }, event: 'returnApproved' | 'returnPassed') =>
  db()
    .select()
    .from(orderHistory)
    .where(and(eq(orderHistory.orderId, returnRow.orderId), eq(orderHistory.event, event)))
const rowOf = async (id: string) =>
  (await db().select().from(returns).where(eq(returns.id, id)))[0]!

beforeAll(async () => {
  s1 = await kit.seller()
  s2 = await kit.seller()
  admin = await kit.cookieOf((await createUser(db(), { role: 'admin', type: 'admin' })).id)
  shopper = await kit.shopper()
  phone = await kit.product(s1.user.id, 1999, 10)
  cable = await kit.product(s2.user.id, 499, 5)
  ids.r1 = await returned(s1, phone, { method: 'CASHFREE', bought: 2, quantity: 1 })
  clock.advance(MINUTE)
  ids.r2 = await returned(s2, cable, { method: 'COD', bought: 1, quantity: 1 })
})

describe('GET /api/admin/returns', () => {
  it("shows a seller its own parts' returns and an admin all, newest first", async () => {
    const mine = await list(s1.cookie)
    expect(mine.data.map((r) => r._id)).toEqual([ids.r1])
    expect(mine.data[0]).toMatchObject({
      status: 'requested',
      next: ['approved', 'rejected'],
      overdue: false,
      orderNumber: expect.stringMatching(/^TB-\d+$/),
      customerName: shopper.user.userName,
    })
    expect((await list(s2.cookie)).data.map((r) => r._id)).toEqual([ids.r2])
    const all = await list(admin)
    expect(all).toMatchObject({ total: 2, page: 1, pages: 1 })
    expect(all.data.map((r) => r._id)).toEqual([ids.r2, ids.r1])
    expect((await list(admin, '?filter=closed')).total).toBe(0)
  })
})

describe('PUT /api/admin/returns/:returnId', () => {
  it('answers 404 to another seller and 400 to a rejection without a note', async () => {
    const other = await kit.putReturn(s2.cookie, ids.r1, { status: 'approved' })
    expect(other.statusCode).toBe(404)
    expect(other.json().message).toBe('Return not found')
    const shopperTries = await kit.putReturn(shopper.cookie, ids.r1, { status: 'approved' })
    expect(shopperTries.statusCode).toBe(403)
    const bare = await kit.putReturn(s1.cookie, ids.r1, { status: 'rejected' })
    expect(bare.statusCode).toBe(400)
    expect(bare.json().message).toBe('Say why in a note')
    expect((await rowOf(ids.r1)).status).toBe('requested')
  })

  it('approves and books the reverse pickup with the courier that delivered it', async () => {
    const res = await kit.putReturn(s1.cookie, ids.r1, { status: 'approved' })
    expect(res.statusCode, res.body).toBe(200)
    const data = res.json().data as Row
    expect(data).toMatchObject({ status: 'approved', next: ['received'] })
    expect(data.pickup).toMatchObject({ courier: 'SANDBOX', awb: expect.stringMatching(/^SBX/) })
    const row = await rowOf(ids.r1)
    expect(row).toMatchObject({ pickupCourier: 'SANDBOX', pickupAwb: data.pickup!.awb })
    expect(row.decidedAt).toEqual(clock.now())
    const [line, ...more] = await historyOf(row, 'returnApproved')
    expect(more).toEqual([])
    expect(line).toMatchObject({ actor: 'seller', actorId: s1.user.id })
    expect(line!.note).toContain(data.pickup!.awb)
    const mail = (await kit.mailsTo(shopper.user.email)).find((m) =>
      m.subject.endsWith('is approved'),
    )
    expect(mail?.text).toContain(`AWB ${data.pickup!.awb}`)

    // A second click books nothing more.
    const again = await kit.putReturn(s1.cookie, ids.r1, { status: 'approved' })
    expect(again.statusCode).toBe(200)
    expect(again.json().data.pickup.awb).toBe(data.pickup!.awb)
    expect(await historyOf(row, 'returnApproved')).toHaveLength(1)
  })

  it('refuses a move the transition table does not give the caller', async () => {
    const res = await kit.putReturn(s1.cookie, ids.r1, { status: 'qc_passed' })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(
      'This return is Return approved; it cannot be marked Quality check passed.',
    )
  })

  it('passes the quality check once under concurrent clicks: one restock, refund and credit note', async () => {
    expect(await stockOf(phone.id)).toBe(8)
    const received = await kit.putReturn(s1.cookie, ids.r1, { status: 'received' })
    expect(received.statusCode).toBe(200)
    expect((await rowOf(ids.r1)).receivedAt).toEqual(clock.now())

    const both = await Promise.all([
      kit.putReturn(s1.cookie, ids.r1, { status: 'qc_passed' }),
      kit.putReturn(s1.cookie, ids.r1, { status: 'qc_passed' }),
    ])
    expect(both.map((r) => r.statusCode)).toEqual([200, 200])
    expect(both.map((r) => r.json().data.status)).toEqual(['qc_passed', 'qc_passed'])
    const retried = await kit.putReturn(s1.cookie, ids.r1, { status: 'qc_passed' })
    expect(retried.statusCode).toBe(200)
    expect(retried.json().message).toBe('This return is already Quality check passed')

    expect(await stockOf(phone.id)).toBe(9)
    const owed = await db().select().from(refunds).where(eq(refunds.returnId, ids.r1))
    expect(owed).toHaveLength(1)
    expect(owed[0]).toMatchObject({
      amountPaise: 199_900,
      cause: 'return',
      method: 'original',
      sourceKey: `return:${ids.r1}`,
    })
    expect(
      await db().select().from(creditNotes).where(eq(creditNotes.returnId, ids.r1)),
    ).toHaveLength(1)
    expect(await historyOf(await rowOf(ids.r1), 'returnPassed')).toHaveLength(1)
    expect((await list(admin, '?filter=closed')).data.map((r) => r._id)).toEqual([ids.r1])
  })

  it("lets an admin override a seller's rejection, which books the pickup", async () => {
    const rejected = await kit.putReturn(s2.cookie, ids.r2, {
      status: 'rejected',
      note: 'The seal is broken',
    })
    expect(rejected.statusCode).toBe(200)
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      decisionNote: 'The seal is broken',
      next: [],
    })
    const notAccepted = (await kit.mailsTo(shopper.user.email)).find((m) =>
      m.subject.endsWith('was not accepted'),
    )
    expect(notAccepted?.text).toContain('The seal is broken')
    expect((await list(admin, '?filter=all')).data.find((r) => r._id === ids.r2)?.next).toEqual([
      'approved',
    ])
    // The seller cannot take its own rejection back.
    expect((await kit.putReturn(s2.cookie, ids.r2, { status: 'approved' })).statusCode).toBe(409)

    const overridden = await kit.putReturn(admin, ids.r2, {
      status: 'approved',
      note: 'Seal broken in transit',
    })
    expect(overridden.statusCode, overridden.body).toBe(200)
    expect(overridden.json().data).toMatchObject({
      status: 'approved',
      decisionNote: 'Seal broken in transit',
      pickup: { courier: 'SANDBOX', awb: expect.stringMatching(/^SBX/) },
    })
  })

  it('needs a note to fail the quality check, and a failed check refunds nothing', async () => {
    expect((await kit.putReturn(s2.cookie, ids.r2, { status: 'received' })).statusCode).toBe(200)
    const bare = await kit.putReturn(s2.cookie, ids.r2, { status: 'qc_failed' })
    expect(bare.statusCode).toBe(400)
    const failed = await kit.putReturn(s2.cookie, ids.r2, {
      status: 'qc_failed',
      note: 'Water damage, not covered',
    })
    expect(failed.statusCode).toBe(200)
    expect(failed.json().data).toMatchObject({ status: 'qc_failed', next: [] })
    expect(await db().select().from(refunds).where(eq(refunds.returnId, ids.r2))).toEqual([])
    expect(await stockOf(cable.id)).toBe(4)
    const mail = (await kit.mailsTo(shopper.user.email)).find((m) =>
      m.subject.includes('did not pass its quality check'),
    )
    expect(mail?.text).toContain('Water damage, not covered')
  })

  it('keeps a return approved when the courier refuses the pickup; approving again books it', async () => {
    const id = await returned(s1, phone, { method: 'COD', bought: 1, quantity: 1 })
    const courier = t.app.deps.couriers.sandbox.courier
    const refuse = vi
      .spyOn(courier, 'bookReturn')
      .mockRejectedValueOnce(new CourierError('The courier is not answering'))
    const first = await kit.putReturn(s1.cookie, id, { status: 'approved' })
    expect(first.statusCode).toBe(200)
    expect(first.json().message).toContain('the pickup could not be booked')
    expect(first.json().data).toMatchObject({ status: 'approved', pickup: null })
    const retry = await kit.putReturn(s1.cookie, id, { status: 'approved' })
    expect(retry.statusCode).toBe(200)
    expect(retry.json().data.pickup.awb).toMatch(/^SBX/)
    expect(refuse).toHaveBeenCalledTimes(2)
    refuse.mockRestore()
  })

  it('flags a request not decided by its day as overdue', async () => {
    const id = await returned(s2, cable, { method: 'COD', bought: 1, quantity: 1 })
    expect((await list(admin, '?filter=overdue')).data.map((r) => r._id)).not.toContain(id)
    clock.advance(2 * DAY + MINUTE)
    const overdue = await list(admin, '?filter=overdue')
    expect(overdue.data.map((r) => r._id)).toEqual([id])
    expect(overdue.data[0]!.overdue).toBe(true)
    expect((await list(s2.cookie, '?filter=overdue')).total).toBe(1)
    expect((await list(s1.cookie, '?filter=overdue')).total).toBe(0)
  })

  it('refuses to approve a rejected return whose units the shopper has asked for again', async () => {
    const adapter = await kit.product(s2.user.id)
    const first = await returned(s2, adapter, { method: 'COD', bought: 1, quantity: 1 })
    const [row] = await db().select().from(returns).where(eq(returns.id, first))
    expect(
      (await kit.putReturn(s2.cookie, first, { status: 'rejected', note: 'Used' })).statusCode,
    ).toBe(200)
    const again = await kit.postReturn(shopper.cookie, row!.orderId, {
      items: [{ productId: adapter.id, quantity: 1 }],
      reason: 'defective',
      payout: { kind: 'upi', upiId: 'kavya@okaxis' },
    })
    expect(again.statusCode, again.body).toBe(201)
    const override = await kit.putReturn(admin, first, { status: 'approved' })
    expect(override.statusCode).toBe(409)
    expect(override.json().message).toMatch(/has asked again to return/)
    expect((await db().select().from(returns).where(eq(returns.id, first)))[0]!.status).toBe(
      'rejected',
    )
  })
})
