import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { createProduct, createSeller, createUser } from '../../../test/factories'
import { startFakeNicGst } from '../../../test/fakes/nic-gst'
import { businessBuyer, createShopper, fillCart, postOrder } from '../../../test/shop'
import { invoiceReservations, invoices, subOrders, vendorProfiles } from '../../db/schema'
import { createNicEInvoice } from '../../einvoice/nic-einvoice'
import { createNicEWayBill } from '../../einvoice/nic-ewaybill'
import { settleStaleReservations } from '../invoices'
import { createSession } from '../auth/sessions'

// Friday 20 Nov 2026, 10:00 in India.
const clock = createClock(new Date('2026-11-20T04:30:00Z'))
let fake: Awaited<ReturnType<typeof startFakeNicGst>>
let t: TestContext
beforeAll(async () => {
  fake = await startFakeNicGst({ now: clock.now })
  // E-way bills from ₹10,000 here, so a parcel that needs one can still be paid by COD.
  t = await createTestApp({
    env: { ...fake.env, EWAYBILL_THRESHOLD_RUPEES: '10000' },
    deps: { now: clock.now },
  })
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

async function seller(eInvoicing: boolean) {
  const user = await createSeller(db())
  if (eInvoicing) {
    const admin = await cookieOf((await createUser(db(), { role: 'admin', type: 'admin' })).id)
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/vendors/${user.id}/e-invoicing`,
      headers: { cookie: admin },
      payload: { applies: true },
    })
    expect(res.statusCode).toBe(200)
  }
  return { id: user.id, cookie: await cookieOf(user.id) }
}

async function part(sellerId: string, buyer: typeof BUYER | null, price = 1_999) {
  const product = await createProduct(db(), { sellerId, price, totalStock: 5 })
  const shopper = await createShopper(db())
  await fillCart(db(), shopper.user.id, [{ productId: product.id, quantity: 1 }])
  const res = await postOrder(t.app, shopper, buyer ? { buyer } : {})
  expect(res.statusCode).toBe(201)
  const { orderId } = res.json() as { orderId: string }
  const [row] = await db().select().from(subOrders).where(eq(subOrders.orderId, orderId))
  return row!.id
}

const ship = (cookie: string, partId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/orders/vendor-ship',
    headers: { cookie },
    payload: { _id: partId, ...PARCEL },
  })
const numberOf = async (partId: string) =>
  (await db().select().from(invoices).where(eq(invoices.subOrderId, partId)))[0]?.number

async function until(condition: () => boolean) {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 25))
  expect(condition()).toBe(true)
}

describe('the IRP is asked outside the dispatching transaction (decision 78)', () => {
  it('a slow IRP holds no lock: the same seller’s other dispatch and another seller’s go through meanwhile', async () => {
    const s = await seller(true)
    const other = await seller(false)
    const b2b = await part(s.id, BUYER)
    const consumer = await part(s.id, null)
    const elsewhere = await part(other.id, null)
    let answer!: () => void
    fake.state.hold = new Promise<void>((resolve) => (answer = resolve))
    let slowDone = false
    const slow = ship(s.cookie, b2b).then((res) => {
      slowDone = true
      return res
    })
    try {
      await until(() => fake.state.waiting === 1)
      // The IRP has the B2B invoice; the seller's consumer parcel and another seller's ship now.
      expect((await ship(s.cookie, consumer)).statusCode).toBe(200)
      expect((await ship(other.cookie, elsewhere)).statusCode).toBe(200)
      expect(slowDone).toBe(false)
    } finally {
      fake.state.hold = null
      answer()
    }
    expect((await slow).statusCode).toBe(200)
    // The B2B invoice took the number reserved before the IRP was asked, the consumer's the next.
    expect(await numberOf(b2b)).toBe('TB/2627/000001')
    expect(await numberOf(consumer)).toBe('TB/2627/000002')
    const [registered] = await db().select().from(invoices).where(eq(invoices.subOrderId, b2b))
    expect(fake.state.irns.get(registered!.document.eInvoice!.irn)?.payload.DocDtls.No).toBe(
      'TB/2627/000001',
    )
    expect(await db().select().from(invoiceReservations)).toEqual([])
  })

  it('a number the IRP did not answer stays with its part: the retry takes it, the next invoice the next', async () => {
    const s = await seller(true)
    const b2b = await part(s.id, BUYER)
    const consumer = await part(s.id, null)
    fake.state.down = true
    try {
      const res = await ship(s.cookie, b2b)
      expect(res.statusCode).toBe(503)
      expect(res.json().message).toMatch(/e-invoice portal \(IRP\) is not answering/)
    } finally {
      fake.state.down = false
    }
    expect(await numberOf(b2b)).toBeUndefined()
    expect((await ship(s.cookie, consumer)).statusCode).toBe(200)
    expect(await numberOf(consumer)).toBe('TB/2627/000002')
    expect((await ship(s.cookie, b2b)).statusCode).toBe(200)
    expect(await numberOf(b2b)).toBe('TB/2627/000001')
  })

  it('a dispatch whose recording fails after the IRP registered it cancels the IRN and burns its number', async () => {
    const s = await seller(true)
    const b2b = await part(s.id, BUYER)
    const consumer = await part(s.id, null)
    let answer!: () => void
    fake.state.hold = new Promise<void>((resolve) => (answer = resolve))
    const pending = ship(s.cookie, b2b)
    try {
      await until(() => fake.state.waiting === 1)
      // The shopper's order is cancelled while the IRP is asked: nothing may be recorded.
      await db().update(subOrders).set({ status: 'cancelled' }).where(eq(subOrders.id, b2b))
    } finally {
      fake.state.hold = null
      answer()
    }
    const res = await pending
    expect(res.statusCode).toBe(409)
    expect(await numberOf(b2b)).toBeUndefined()
    const irn = [...fake.state.irns.values()].find(
      (r) => r.payload.SellerDtls.Gstin && r.payload.DocDtls.No === 'TB/2627/000001' && r.cancelled,
    )
    expect(irn).toBeDefined()
    expect((await ship(s.cookie, consumer)).statusCode).toBe(200)
    expect(await numberOf(consumer)).toBe('TB/2627/000002')
  })
})

const registrationsOf = (gstin: string, number: string) =>
  [...fake.state.irns.entries()].filter(
    ([, r]) => r.payload.SellerDtls.Gstin === gstin && r.payload.DocDtls.No === number,
  )
const gstinOf = async (sellerId: string) =>
  (await db().select().from(vendorProfiles).where(eq(vendorProfiles.userId, sellerId)))[0]!
    .gstNumber!
const sweep = () =>
  settleStaleReservations({
    db: db(),
    now: clock.now,
    einvoice: createNicEInvoice({ ...fake.creds, baseUrl: fake.baseUrl }),
    ewayBill: createNicEWayBill({ ...fake.creds, baseUrl: fake.baseUrl }),
    marketplaceGstin: null,
  })

describe('an IRP answer lost after it registered (issue 30)', () => {
  it('the retried dispatch finds the IRN the IRP made and issues the invoice with it', async () => {
    const s = await seller(true)
    const b2b = await part(s.id, BUYER)
    fake.state.loseAnswers = 1
    expect((await ship(s.cookie, b2b)).statusCode).toBe(503)
    const gstin = await gstinOf(s.id)
    expect(registrationsOf(gstin, 'TB/2627/000001')).toHaveLength(1)
    const res = await ship(s.cookie, b2b)
    expect(res.statusCode).toBe(200)
    const [invoice] = await db().select().from(invoices).where(eq(invoices.subOrderId, b2b))
    const [[irn]] = registrationsOf(gstin, 'TB/2627/000001') as [[string, unknown]]
    expect(invoice!.number).toBe('TB/2627/000001')
    expect(invoice!.document.eInvoice?.irn).toBe(irn)
    expect(registrationsOf(gstin, 'TB/2627/000001')).toHaveLength(1)
  })

  it('a number nobody retried is settled after 30 minutes: burnt and its IRN cancelled if the IRP made one, else given back', async () => {
    const s = await seller(true)
    const gstin = await gstinOf(s.id)
    const lost = await part(s.id, BUYER)
    const unanswered = await part(s.id, BUYER)
    fake.state.loseAnswers = 1
    expect((await ship(s.cookie, lost)).statusCode).toBe(503)
    fake.state.down = true
    try {
      expect((await ship(s.cookie, unanswered)).statusCode).toBe(503)
    } finally {
      fake.state.down = false
    }
    // Both parts are cancelled meanwhile; their numbers are still held.
    await db().update(subOrders).set({ status: 'cancelled' }).where(eq(subOrders.id, lost))
    await db().update(subOrders).set({ status: 'cancelled' }).where(eq(subOrders.id, unanswered))
    expect(await sweep()).toBe(0)
    clock.advance(31 * 60_000)
    expect(await sweep()).toBe(2)
    expect(registrationsOf(gstin, 'TB/2627/000001')[0]![1].cancelled).toBe(true)
    expect(registrationsOf(gstin, 'TB/2627/000002')).toHaveLength(0)
    // 000001 is burnt (the IRP holds it), 000002 goes to the seller's next invoice.
    const next = await part(s.id, null)
    expect((await ship(s.cookie, next)).statusCode).toBe(200)
    expect(await numberOf(next)).toBe('TB/2627/000002')
  })
})

const billsOf = (gstin: string, number: string) =>
  [...fake.state.ewayBills.entries()].filter(
    ([, b]) => b.payload.fromGstin === gstin && b.payload.docNo === number,
  )

describe('an e-way bill answer lost after the portal generated it (issue 30)', () => {
  it('keeps the number with its part; the retry reads the bill back and dispatches with it', async () => {
    const s = await seller(false)
    const gstin = await gstinOf(s.id)
    const parcel = await part(s.id, null, 14_999)
    const other = await part(s.id, null)
    fake.state.loseEwbAnswers = 1
    const lost = await ship(s.cookie, parcel)
    expect(lost.statusCode).toBe(503)
    expect(lost.json().message).toMatch(/e-way bill portal is not answering/)
    expect(billsOf(gstin, 'TB/2627/000001')).toHaveLength(1)
    // Another parcel meanwhile takes the next number, not the one the portal may hold.
    expect((await ship(s.cookie, other)).statusCode).toBe(200)
    expect(await numberOf(other)).toBe('TB/2627/000002')
    const retried = await ship(s.cookie, parcel)
    expect(retried.statusCode).toBe(200)
    const [invoice] = await db().select().from(invoices).where(eq(invoices.subOrderId, parcel))
    const [[number]] = billsOf(gstin, 'TB/2627/000001') as [[string, unknown]]
    expect(invoice!.number).toBe('TB/2627/000001')
    expect(invoice!.document.eWayBill?.number).toBe(number)
    expect(billsOf(gstin, 'TB/2627/000001')).toHaveLength(1)
  })

  it('a lost bill nobody retried is cancelled after 30 minutes and its number burnt', async () => {
    const s = await seller(false)
    const gstin = await gstinOf(s.id)
    const parcel = await part(s.id, null, 14_999)
    fake.state.loseEwbAnswers = 1
    expect((await ship(s.cookie, parcel)).statusCode).toBe(503)
    await db().update(subOrders).set({ status: 'cancelled' }).where(eq(subOrders.id, parcel))
    clock.advance(31 * 60_000)
    expect(await sweep()).toBe(1)
    expect(billsOf(gstin, 'TB/2627/000001')[0]![1].cancelled).toBe(true)
    const next = await part(s.id, null)
    expect((await ship(s.cookie, next)).statusCode).toBe(200)
    expect(await numberOf(next)).toBe('TB/2627/000002')
  })
})
