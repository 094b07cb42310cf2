import { invoicePdfPath } from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { createProduct, createSeller, createUser } from '../../../test/factories'
import { startFakeNicGst } from '../../../test/fakes/nic-gst'
import { businessBuyer, createShopper, fillCart, postOrder } from '../../../test/shop'
import { creditNotes, eDocuments, invoices, shipments, subOrders } from '../../db/schema'
import { verifiedQrData } from '../../einvoice'
import { createSession } from '../auth/sessions'

// Friday 20 Nov 2026, 10:00 in India.
const clock = createClock(new Date('2026-11-20T04:30:00Z'))
let fake: Awaited<ReturnType<typeof startFakeNicGst>>
let t: TestContext
beforeAll(async () => {
  fake = await startFakeNicGst({ now: clock.now })
  // Cash on delivery up to ₹1,99,999, so the e-way bill tests can order above ₹50,000 by COD.
  t = await createTestApp({
    env: { ...fake.env, COD_MAX_ORDER_RUPEES: '199999' },
    deps: { now: clock.now },
  })
})
afterAll(async () => {
  await t.close()
  await fake.close()
})
const db = () => t.database.db
const cookieOf = async (userId: string) =>
  `session=${await createSession(db(), { userId, days: 1, now: clock.now() })}`

const BUYER = businessBuyer('29AAGCB7383J1Z4', 'Bharat Traders Pvt Ltd')
const PARCEL = { weightGrams: 900, lengthCm: 30, breadthCm: 20, heightCm: 8 }
let admin = ''
beforeAll(async () => {
  admin = await cookieOf((await createUser(db(), { role: 'admin', type: 'admin' })).id)
})

/** A seller (e-invoicing when an admin declares its turnover above ₹5 crore) and its cookie. */
async function seller(turnoverRupees?: number) {
  const user = await createSeller(db())
  if (turnoverRupees !== undefined) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/vendors/${user.id}/e-invoicing`,
      headers: { cookie: admin },
      payload: { aggregateTurnoverRupees: turnoverRupees },
    })
    expect(res.statusCode).toBe(200)
  }
  return { id: user.id, cookie: await cookieOf(user.id) }
}

/** One unit at `price` rupees of `sellerId`'s product, ordered (by a business when `buyer`). */
async function order(sellerId: string, price: number, buyer: typeof BUYER | null) {
  const product = await createProduct(db(), { sellerId, price, totalStock: 5 })
  const shopper = await createShopper(db())
  await fillCart(db(), shopper.user.id, [{ productId: product.id, quantity: 1 }])
  const res = await postOrder(t.app, shopper, buyer ? { buyer } : {})
  expect(res.statusCode).toBe(201)
  const { orderId } = res.json() as { orderId: string }
  const [part] = await db().select().from(subOrders).where(eq(subOrders.orderId, orderId))
  return { partId: part!.id, orderId, shopper }
}

const ship = (cookie: string, partId: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/orders/vendor-ship',
    headers: { cookie },
    payload: { _id: partId, ...PARCEL, ...extra },
  })
const invoiceOf = async (partId: string) =>
  (await db().select().from(invoices).where(eq(invoices.subOrderId, partId)))[0]

async function pdfText(orderId: string, cookie: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: invoicePdfPath(orderId),
    headers: { cookie },
  })
  expect(res.statusCode).toBe(200)
  const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload))
  return (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ')
}

describe('e-invoicing at dispatch (issue 30.8)', () => {
  it('registers an e-invoicing seller’s B2B invoice with the IRP and prints IRN, ack and signed QR', async () => {
    const s = await seller(6_00_00_000)
    const { partId, orderId, shopper } = await order(s.id, 1_999, BUYER)
    const res = await ship(s.cookie, partId)
    expect(res.statusCode).toBe(200)
    const invoice = await invoiceOf(partId)
    const eInvoice = invoice?.document.eInvoice
    expect(eInvoice?.irn).toMatch(/^[0-9a-f]{64}$/)
    expect(fake.state.irns.get(eInvoice!.irn)?.payload.DocDtls.No).toBe(invoice?.number)
    expect(verifiedQrData(eInvoice!.signedQrCode, fake.signingPublicKey)).toMatchObject({
      BuyerGstin: BUYER.gstin,
      DocNo: invoice?.number,
    })
    const text = await pdfText(orderId, shopper.cookie)
    expect(text).toContain(`IRN ${eInvoice!.irn}`)
    expect(text).toContain(`Ack. No. ${eInvoice!.ackNo}`)
    expect(text).toContain('Ack. date 20 Nov 2026')
  })

  it('registers nothing for a consumer, nor for a seller below the threshold', async () => {
    const big = await seller(6_00_00_000)
    const small = await seller(4_00_00_000)
    const before = fake.state.irns.size
    const consumer = await order(big.id, 1_999, null)
    expect((await ship(big.cookie, consumer.partId)).statusCode).toBe(200)
    const business = await order(small.id, 1_999, BUYER)
    expect((await ship(small.cookie, business.partId)).statusCode).toBe(200)
    expect(fake.state.irns.size).toBe(before)
    expect((await invoiceOf(consumer.partId))?.document.eInvoice).toBeUndefined()
  })

  it('when the IRP is down, dispatch waits and says so: no booking, no invoice without an IRN', async () => {
    const s = await seller(6_00_00_000)
    const { partId } = await order(s.id, 1_999, BUYER)
    fake.state.down = true
    try {
      const res = await ship(s.cookie, partId)
      expect(res.statusCode).toBe(503)
      expect(res.json().message).toMatch(/e-invoice portal \(IRP\) is not answering/)
    } finally {
      fake.state.down = false
    }
    expect(await invoiceOf(partId)).toBeUndefined()
    expect(await db().select().from(shipments).where(eq(shipments.subOrderId, partId))).toEqual([])
    // Back up: the same parcel ships, with its IRN.
    expect((await ship(s.cookie, partId)).statusCode).toBe(200)
    expect((await invoiceOf(partId))?.document.eInvoice?.irn).toMatch(/^[0-9a-f]{64}$/)
  })

  it('cancels the IRN within 24 hours when the dispatch is undone, and issues no credit note', async () => {
    const s = await seller(6_00_00_000)
    const { partId } = await order(s.id, 1_999, BUYER)
    expect((await ship(s.cookie, partId)).statusCode).toBe(200)
    const invoice = await invoiceOf(partId)
    clock.advance(3_600_000)
    const stop = await t.app.inject({
      method: 'POST',
      url: `/api/admin/shipments/${partId}/stop`,
      headers: { cookie: admin },
    })
    expect(stop.statusCode).toBe(200)
    expect(fake.state.irns.get(invoice!.document.eInvoice!.irn)?.cancelled).toBe(true)
    const [irn] = await db().select().from(eDocuments).where(eq(eDocuments.invoiceId, invoice!.id))
    expect(irn?.cancelledAt).not.toBeNull()
    expect(
      await db().select().from(creditNotes).where(eq(creditNotes.invoiceId, invoice!.id)),
    ).toEqual([])
  })

  it('refuses to issue, by a parcel marked shipped by hand, an invoice that needs an IRN', async () => {
    const s = await seller(6_00_00_000)
    const { partId, orderId } = await order(s.id, 1_999, BUYER)
    const move = (cookie: string, url: string, payload: object) =>
      t.app.inject({ method: 'PUT', url, headers: { cookie }, payload })
    const processed = await move(s.cookie, '/api/admin/orders/vendor-update', {
      _id: partId,
      status: 'inProcess',
    })
    expect(processed.statusCode).toBe(200)
    const shipped = await move(admin, `/api/admin/orders/update/${orderId}`, {
      orderStatus: 'inShipping',
    })
    expect(shipped.statusCode).toBe(409)
    expect(shipped.json().message).toMatch(/must be registered with the e-invoice portal/)
    expect(await invoiceOf(partId)).toBeUndefined()
  })

  it('lets only admins set whether a seller e-invoices', async () => {
    const s = await seller()
    const url = `/api/admin/vendors/${s.id}/e-invoicing`
    const own = await t.app.inject({
      method: 'PUT',
      url,
      headers: { cookie: s.cookie },
      payload: { applies: true },
    })
    expect(own.statusCode).toBe(403)
    const bad = await t.app.inject({ method: 'PUT', url, headers: { cookie: admin }, payload: {} })
    expect(bad.statusCode).toBe(400)
    const got = await t.app.inject({ method: 'GET', url, headers: { cookie: admin } })
    expect(got.json().data).toEqual({
      applies: false,
      aggregateTurnoverRupees: null,
      thresholdRupees: 5_00_00_000,
    })
  })
})

describe('e-way bills before the goods move (issue 30.9)', () => {
  it('generates Part A for a consignment above ₹50,000 and prints it on the invoice and the label', async () => {
    const s = await seller()
    const { partId, orderId, shopper } = await order(s.id, 60_000, null)
    const res = await ship(s.cookie, partId)
    expect(res.statusCode).toBe(200)
    const bill = (await invoiceOf(partId))?.document.eWayBill
    expect(bill?.number).toMatch(/^\d{12}$/)
    expect(fake.state.ewayBills.get(bill!.number)?.payload.totInvValue).toBe(60_000)
    expect(await pdfText(orderId, shopper.cookie)).toContain(`E-way bill No. ${bill!.number}`)
    const label = await t.app.inject({
      method: 'GET',
      url: `/sandbox-courier/${res.json().data.awb}/label`,
    })
    expect(label.body).toContain(`E-way bill No.</strong> ${bill!.number}`)
  })

  it('needs none at or below the threshold', async () => {
    const s = await seller()
    const { partId } = await order(s.id, 50_000, null)
    expect((await ship(s.cookie, partId)).statusCode).toBe(200)
    expect((await invoiceOf(partId))?.document.eWayBill).toBeUndefined()
  })

  it('without a portal, refuses the booking unless the seller enters its own e-way bill', async () => {
    const portals = t.app.deps.gstPortals
    const saved = portals.ewayBill
    portals.ewayBill = undefined
    try {
      const s = await seller()
      const { partId } = await order(s.id, 75_000, null)
      const refused = await ship(s.cookie, partId)
      expect(refused.statusCode).toBe(409)
      expect(refused.json().message).toMatch(/needs an e-way bill before it moves/)
      expect(await db().select().from(shipments).where(eq(shipments.subOrderId, partId))).toEqual(
        [],
      )
      const wrong = await ship(s.cookie, partId, { eWayBillNumber: '12345' })
      expect(wrong.statusCode).toBe(400)
      const res = await ship(s.cookie, partId, { eWayBillNumber: '1810 0012 3456' })
      expect(res.statusCode).toBe(200)
      expect((await invoiceOf(partId))?.document.eWayBill?.number).toBe('181000123456')
    } finally {
      portals.ewayBill = saved
    }
  })
})
