import { creditNotePdfPath, invoicePdfPath } from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { createProduct, createSeller, createUser } from '../../../test/factories'
import { startFakeNicGst } from '../../../test/fakes/nic-gst'
import { businessBuyer, createShopper, fillCart, postOrder } from '../../../test/shop'
import { creditNotes, invoices, orders, subOrders } from '../../db/schema'
import { verifiedQrData } from '../../einvoice'
import { createSession } from '../auth/sessions'

// Friday 20 Nov 2026, 10:00 in India.
const clock = createClock(new Date('2026-11-20T04:30:00Z'))
const HOUR = 3_600_000
let fake: Awaited<ReturnType<typeof startFakeNicGst>>
let t: TestContext
beforeAll(async () => {
  fake = await startFakeNicGst({ now: clock.now })
  t = await createTestApp({ env: fake.env, deps: { now: clock.now } })
})
afterAll(async () => {
  await t.close()
  await fake.close()
})
const db = () => t.database.db
const cookieOf = async (userId: string) =>
  `session=${await createSession(db(), { userId, days: 30, now: clock.now() })}`

const BUYER = businessBuyer('29AAGCB7383J1Z4', 'Bharat Traders Pvt Ltd')
const PARCEL = { weightGrams: 900, lengthCm: 30, breadthCm: 20, heightCm: 8 }
let admin = ''
beforeAll(async () => {
  admin = await cookieOf((await createUser(db(), { role: 'admin', type: 'admin' })).id)
})

const setEInvoicing = async (sellerId: string, applies: boolean) => {
  const set = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/vendors/${sellerId}/e-invoicing`,
    headers: { cookie: admin },
    payload: { applies },
  })
  expect(set.statusCode).toBe(200)
}

/**
 * A B2B part, shipped: by an e-invoicing seller (its invoice registered with the IRP), or with
 * `eInvoicing: false` by a seller who switches to e-invoicing only afterwards.
 */
async function shippedB2bPart({ eInvoicing = true } = {}) {
  const seller = await createSeller(db())
  const cookie = await cookieOf(seller.id)
  if (eInvoicing) await setEInvoicing(seller.id, true)
  const product = await createProduct(db(), { sellerId: seller.id, price: 1_999, totalStock: 5 })
  const shopper = await createShopper(db())
  await fillCart(db(), shopper.user.id, [{ productId: product.id, quantity: 1 }])
  const placed = await postOrder(t.app, shopper, { buyer: BUYER })
  expect(placed.statusCode).toBe(201)
  const { orderId } = placed.json() as { orderId: string }
  const [part] = await db().select().from(subOrders).where(eq(subOrders.orderId, orderId))
  const shipped = await t.app.inject({
    method: 'POST',
    url: '/api/admin/orders/vendor-ship',
    headers: { cookie },
    payload: { _id: part!.id, ...PARCEL },
  })
  expect(shipped.statusCode).toBe(200)
  const [invoice] = await db().select().from(invoices).where(eq(invoices.subOrderId, part!.id))
  if (eInvoicing) expect(invoice?.document.eInvoice?.irn).toMatch(/^[0-9a-f]{64}$/)
  else {
    expect(invoice?.document.eInvoice).toBeUndefined()
    await setEInvoicing(seller.id, true)
  }
  return { partId: part!.id, orderId, shopper, invoice: invoice! }
}

const stop = (partId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/shipments/${partId}/stop`,
    headers: { cookie: admin },
  })

async function pdfText(url: string, cookie: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie } })
  expect(res.statusCode).toBe(200)
  const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload))
  return (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ')
}

const noteOf = async (invoiceId: string) =>
  (await db().select().from(creditNotes).where(eq(creditNotes.invoiceId, invoiceId)))[0]

describe('credit notes registered with the IRP (issue 30.8, decision 78)', () => {
  it('registers a B2B credit note as CRN after it is issued and prints its own IRN, ack and QR', async () => {
    const { partId, orderId, shopper, invoice } = await shippedB2bPart()
    // Past the IRN's 24 hours: the invoice stands, so stopping the parcel issues a credit note.
    clock.advance(25 * HOUR)
    expect((await stop(partId)).statusCode).toBe(200)
    const pending = await noteOf(invoice.id)
    expect(pending?.irnStatus).toBe('pending')
    // The invoice's IRN and e-way bill are not copied onto the note.
    expect(pending?.document.eInvoice).toBeUndefined()
    await t.app.deps.jobs.drain()
    const note = await noteOf(invoice.id)
    expect(note?.irnStatus).toBe('registered')
    const eInvoice = note!.document.eInvoice!
    expect(eInvoice.irn).not.toBe(invoice.document.eInvoice!.irn)
    const registered = fake.state.irns.get(eInvoice.irn)?.payload
    expect(registered?.DocDtls).toMatchObject({ Typ: 'CRN', No: note!.number })
    expect(registered?.BuyerDtls.Gstin).toBe(BUYER.gstin)
    expect(verifiedQrData(eInvoice.signedQrCode, fake.signingPublicKey)).toMatchObject({
      DocTyp: 'CRN',
      DocNo: note!.number,
    })
    const text = await pdfText(creditNotePdfPath(orderId, note!.id), shopper.cookie)
    expect(text).toContain(`IRN ${eInvoice.irn}`)
    expect(text).toContain(`Ack. No. ${eInvoice.ackNo}`)
    expect(text).toContain('Scan the QR code to check this credit note')
    expect(text).not.toContain('IRN pending')
  })

  it('when the IRP is down, issues the note and the refund anyway, prints it pending, and registers it once the IRP is back', async () => {
    const { partId, orderId, shopper, invoice } = await shippedB2bPart()
    clock.advance(25 * HOUR)
    fake.state.down = true
    try {
      expect((await stop(partId)).statusCode).toBe(200)
      await t.app.deps.jobs.drain()
      const note = await noteOf(invoice.id)
      expect(note?.irnStatus).toBe('pending')
      expect(note?.irnError).toMatch(/did not answer/)
      // The shopper's money does not wait for the IRP: the part is rejected and refunded.
      const [part] = await db().select().from(subOrders).where(eq(subOrders.id, partId))
      expect(part?.status).toBe('rejected')
      const text = await pdfText(creditNotePdfPath(orderId, note!.id), shopper.cookie)
      expect(text).toContain('IRN pending: this credit note is being registered')
    } finally {
      fake.state.down = false
    }
    // The periodic sweep asks again (the outbox item's retry is later still).
    clock.advance(6 * 60_000)
    await t.app.deps.jobs.drain()
    const note = await noteOf(invoice.id)
    expect(note?.irnStatus).toBe('registered')
    const text = await pdfText(creditNotePdfPath(orderId, note!.id), shopper.cookie)
    expect(text).toContain(`IRN ${note!.document.eInvoice!.irn}`)
    expect(text).not.toContain('IRN pending')
  })

  it('a credit note the IRP refuses prints the refusal, not "IRN pending"', async () => {
    const { partId, orderId, shopper, invoice } = await shippedB2bPart()
    clock.advance(25 * HOUR)
    fake.state.refuse = { code: '2182', message: 'Total invoice value does not match the items' }
    try {
      expect((await stop(partId)).statusCode).toBe(200)
      await t.app.deps.jobs.drain()
    } finally {
      fake.state.refuse = null
    }
    const note = await noteOf(invoice.id)
    expect(note?.irnStatus).toBe('refused')
    const text = await pdfText(creditNotePdfPath(orderId, note!.id), shopper.cookie)
    expect(text).not.toContain('IRN pending')
    expect(text).toContain(
      'Not registered: the Invoice Registration Portal refused this credit note',
    )
    expect(text).toContain('Total invoice value does not match the items (2182)')
  })

  it('registers the note of a seller that e-invoices now against an invoice from before its switch (rule 48(4) binds the note’s issuer)', async () => {
    const { partId, invoice } = await shippedB2bPart({ eInvoicing: false })
    expect((await stop(partId)).statusCode).toBe(200)
    await t.app.deps.jobs.drain()
    const note = await noteOf(invoice.id)
    expect(note?.irnStatus).toBe('registered')
    const registered = fake.state.irns.get(note!.document.eInvoice!.irn)?.payload
    expect(registered?.DocDtls).toMatchObject({ Typ: 'CRN', No: note!.number })
  })

  it('registers nothing for a consumer’s credit note', async () => {
    const before = fake.state.irns.size
    const seller = await createSeller(db())
    const product = await createProduct(db(), { sellerId: seller.id, price: 999, totalStock: 5 })
    const shopper = await createShopper(db())
    await fillCart(db(), shopper.user.id, [{ productId: product.id, quantity: 1 }])
    const placed = await postOrder(t.app, shopper)
    const { orderId } = placed.json() as { orderId: string }
    const [part] = await db().select().from(subOrders).where(eq(subOrders.orderId, orderId))
    const shipped = await t.app.inject({
      method: 'POST',
      url: '/api/admin/orders/vendor-ship',
      headers: { cookie: await cookieOf(seller.id) },
      payload: { _id: part!.id, ...PARCEL },
    })
    expect(shipped.statusCode).toBe(200)
    expect((await stop(part!.id)).statusCode).toBe(200)
    await t.app.deps.jobs.drain()
    const [invoice] = await db().select().from(invoices).where(eq(invoices.subOrderId, part!.id))
    expect((await noteOf(invoice!.id))?.irnStatus).toBeNull()
    expect(fake.state.irns.size).toBe(before)
  })
})

describe('a cancelled IRN on the invoice (issue 30.8)', () => {
  it('prints "IRN cancelled on <date>" once the undone dispatch cancelled it', async () => {
    const { partId, orderId, shopper, invoice } = await shippedB2bPart()
    const before = await pdfText(invoicePdfPath(orderId), shopper.cookie)
    expect(before).not.toContain('IRN cancelled')
    clock.advance(HOUR)
    expect((await stop(partId)).statusCode).toBe(200)
    const [after] = await db().select().from(invoices).where(eq(invoices.id, invoice.id))
    expect(after?.document.eInvoice?.cancelledAt).toBeDefined()
    const text = await pdfText(invoicePdfPath(orderId), shopper.cookie)
    expect(text).toContain(`IRN ${invoice.document.eInvoice!.irn}`)
    expect(text).toMatch(/IRN cancelled on \d{1,2} Nov 2026/)
    expect(text).toContain('This invoice was cancelled at the Invoice Registration Portal')
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId))
    expect(order).toBeDefined()
  })
})
