import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { createUser } from '../../../test/factories'
import { invoices, settlementEntries, shipments } from '../../db/schema'
import { returnsKit, type Shopper } from '../returns/fixtures'
import { settleDeliveredPart } from './ledger'
import { applyRate } from './rates'

/*
 * The sellers' ledger (issue 28, decision 59) through the shop's own routes: a delivery writes
 * the seller's entries once, a passed return gives back what the rules say, the money turns
 * payable when the return window and its buffer have passed with no return open, and a seller
 * reads only its own.
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

let s1: Awaited<ReturnType<typeof kit.seller>>
let s2: Awaited<ReturnType<typeof kit.seller>>
let admin = ''
let shopper: Shopper
let phoneId = ''
const part = { id: '', orderId: '' }

const entriesOf = (subOrderId: string) =>
  db().select().from(settlementEntries).where(eq(settlementEntries.subOrderId, subOrderId))
const sumOf = (rows: { kind: string; amountPaise: number }[], kinds: string[]) =>
  rows.filter((r) => kinds.includes(r.kind)).reduce((a, r) => a + r.amountPaise, 0)
const earnings = async (cookie: string, url = '/api/admin/settlements/earnings') => {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie } })
  return res
}

beforeAll(async () => {
  s1 = await kit.seller()
  s2 = await kit.seller()
  admin = await kit.cookieOf((await createUser(db(), { role: 'admin', type: 'admin' })).id)
  shopper = await kit.shopper()
  phoneId = (await kit.product(s1.user.id, 1999, 10)).id
  part.orderId = await kit.order(shopper, [{ productId: phoneId, quantity: 2 }], 'CASHFREE')
  const [p] = await kit.partsOf(part.orderId)
  part.id = p!.id
  await kit.deliver(s1.cookie, part.id)
})

describe('the deliver effect', () => {
  it('credits the seller the sale less commission, closing fee, GST on them, TCS and TDS', async () => {
    const rows = await entriesOf(part.id)
    const [invoice] = await db().select().from(invoices).where(eq(invoices.subOrderId, part.id))
    const line = invoice!.document.lines[0]!
    // ₹1,999 electronics: 6% and ₹40 a unit (decision 59's schedule); no PAN yet: TDS 5%.
    expect(sumOf(rows, ['sale'])).toBe(399_800)
    expect(sumOf(rows, ['commission'])).toBe(-23_988)
    expect(sumOf(rows, ['closingFee'])).toBe(-8_000)
    // Seller in Maharashtra (27), marketplace in Karnataka (29): IGST 18% on each fee.
    const feeGst = rows.filter((r) => r.kind === 'feeGst')
    expect(feeGst.map((r) => r.igstPaise).sort()).toEqual([1_440, 4_318])
    expect(sumOf(rows, ['feeGst'])).toBe(-5_758)
    const tcs = rows.find((r) => r.kind === 'tcs')!
    expect(tcs).toMatchObject({ basePaise: line.taxablePaise, rateBp: 50, taxPeriod: '2026-11' })
    expect(tcs.amountPaise).toBe(-applyRate(line.taxablePaise, 50))
    const tds = rows.find((r) => r.kind === 'tds')!
    expect(tds).toMatchObject({ basePaise: line.taxablePaise, rateBp: 500 })
    expect(tds.amountPaise).toBe(-applyRate(line.taxablePaise, 500))
    expect(rows.every((r) => r.createdAt.getTime() === clock.now().getTime())).toBe(true)
  })

  it('writes nothing more when the delivery is reported again, or settled again', async () => {
    const before = await entriesOf(part.id)
    const [parcel] = await db().select().from(shipments).where(eq(shipments.subOrderId, part.id))
    const again = await t.app.inject({
      method: 'POST',
      url: `/sandbox-courier/${parcel!.awb}/events`,
      payload: { status: 'delivered' },
    })
    expect(again.statusCode, again.body).toBeLessThan(400)
    expect(await entriesOf(part.id)).toHaveLength(before.length)
    // The effect itself run twice (a retried transaction) meets the dedupe keys.
    const [invoice] = await db().select().from(invoices).where(eq(invoices.subOrderId, part.id))
    await db().transaction((tx) =>
      settleDeliveredPart(tx, t.app.deps.config.settlement, {
        subOrderId: part.id,
        orderId: part.orderId,
        sellerId: s1.user.id,
        invoice: invoice!.document,
        invoiceIssuedAt: invoice!.issuedAt,
        feeTaxKind: 'IGST',
        at: clock.now(),
      }),
    )
    expect(await entriesOf(part.id)).toEqual(before)
  })

  it('refuses to change or remove an entry (append-only)', async () => {
    await expect(
      db().execute(
        sql`UPDATE settlement_entries SET amount_paise = 0 WHERE sub_order_id = ${part.id}`,
      ),
    ).rejects.toThrow()
    await expect(
      db().execute(sql`DELETE FROM settlement_entries WHERE sub_order_id = ${part.id}`),
    ).rejects.toThrow()
  })
})

describe('GET /api/admin/settlements/earnings', () => {
  it("shows a seller its part on hold inside the return window, and nobody else's", async () => {
    const res = await earnings(s1.cookie)
    expect(res.statusCode, res.body).toBe(200)
    const { data } = res.json()
    expect(data.parts).toHaveLength(1)
    const net = data.parts[0].net
    expect(data.parts[0]).toMatchObject({
      subOrderId: part.id,
      status: 'onHold',
      returnOpen: false,
      sale: 3998,
      commission: 239.88,
      closingFee: 80,
      feeGst: 57.58,
    })
    expect(data.totals).toEqual({
      onHold: net,
      payable: 0,
      inPayout: 0,
      paid: 0,
      carriedNegative: 0,
    })
    const other = (await earnings(s2.cookie)).json().data
    expect(other).toMatchObject({
      sellerId: s2.user.id,
      parts: [],
      totals: { onHold: 0, payable: 0 },
    })
  })

  it('lets admins read any seller, and only admins', async () => {
    const url = `/api/admin/settlements/sellers/${s1.user.id}/earnings`
    expect((await earnings(s2.cookie, url)).statusCode).toBe(403)
    expect((await earnings(shopper.cookie)).statusCode).toBe(403)
    const res = await earnings(admin, url)
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toEqual((await earnings(s1.cookie)).json().data)
  })

  it('keeps a part with an open return on hold past the window, then gives back what the return took', async () => {
    const asked = await kit.postReturn(shopper.cookie, part.orderId, {
      items: [{ productId: phoneId, quantity: 1 }],
      reason: 'defective',
    })
    expect(asked.statusCode, asked.body).toBe(201)
    const returnId = asked.json().data[0]._id as string
    clock.advance(10 * DAY)
    // Past its hold date, held by the open return, and the page is told why.
    const held = (await earnings(s1.cookie)).json().data.parts[0]
    expect(held).toMatchObject({ status: 'onHold', returnOpen: true })
    expect(new Date(held.holdUntil).getTime()).toBeLessThan(clock.now().getTime())
    for (const status of ['approved', 'received', 'qc_passed']) {
      const res = await kit.putReturn(s1.cookie, returnId, { status })
      expect(res.statusCode, res.body).toBe(200)
    }
    const rows = await entriesOf(part.id)
    const back = rows.filter((r) => r.returnId === returnId)
    // Half the sale, half the commission and its GST, TCS and TDS; the closing fee stays earned.
    expect(sumOf(back, ['saleReversal'])).toBe(-sumOf(rows, ['sale']) / 2)
    expect(sumOf(back, ['commissionReversal'])).toBe(11_994)
    expect(back.filter((r) => r.kind === 'feeGstReversal').map((r) => r.igstPaise)).toEqual([
      -2_159,
    ])
    expect(back.map((r) => r.kind).sort()).toEqual([
      'commissionReversal',
      'feeGstReversal',
      'saleReversal',
      'tcsReversal',
      'tdsReversal',
    ])
    for (const r of back) {
      const original = rows.find((o) => o.id === r.reverses)!
      expect(Math.sign(r.amountPaise)).toBe(-Math.sign(original.amountPaise))
      expect(r.quantity).toBe(1)
    }
    const { data } = (await earnings(s1.cookie)).json()
    expect(data.parts[0]).toMatchObject({ status: 'payable', returnOpen: false })
    expect(data.totals).toEqual({
      onHold: 0,
      payable: data.parts[0].net,
      inPayout: 0,
      paid: 0,
      carriedNegative: 0,
    })
    // The sum of every entry is the balance, to the paisa.
    expect(Math.round(data.parts[0].net * 100)).toBe(
      sumOf(
        rows,
        rows.map((r) => r.kind),
      ),
    )
  })
})
