import { gstinCheckChar, invoicePdfPath } from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller, createUser } from '../../../test/factories'
import { createShopper } from '../../../test/shop'
import { invoices, orderLines, orders, subOrders, vendorProfiles } from '../../db/schema'
import { createSession } from '../auth/sessions'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const db = () => t.database.db
const gstin = (first14: string) => first14 + gstinCheckChar(first14)
const GSTIN_KA = gstin('29AAKFM7315Q1Z')
const GSTIN_MH = gstin('27AAGCG4821K1Z')
const NUMBER = /TB\/\d{4}\/\d{6}/

async function cookieFor(userId: string) {
  const token = await createSession(db(), { userId, days: 1, now: new Date() })
  return `session=${token}`
}

async function sellerIn(stateCode: string, gstNumber: string, name: string) {
  const seller = await createSeller(db())
  await db()
    .update(vendorProfiles)
    .set({
      gstNumber,
      businessName: name,
      addressLine: '1 Test Street',
      city: 'Test City',
      pincode: '400001',
    })
    .where(eq(vendorProfiles.userId, seller.id))
  // stateCode stays empty for one seller below, to exercise the GSTIN fallback.
  if (stateCode) {
    await db().update(vendorProfiles).set({ stateCode }).where(eq(vendorProfiles.userId, seller.id))
  }
  return seller
}

/** An order with one sub-order per given seller; each line is [sellerId, title, unit paise, qty]. */
async function placeOrder(
  userId: string,
  pincode: string,
  lines: [sellerId: string, title: string, unitPaise: number, quantity: number][],
  status: Partial<typeof orders.$inferInsert> = {},
) {
  const total = lines.reduce((s, [, , p, q]) => s + p * q, 0)
  const [order] = await db()
    .insert(orders)
    .values({
      userId,
      addressInfo: {
        addressId: crypto.randomUUID(),
        address: '12 MG Road',
        city: 'Somewhere',
        pincode,
        phone: '9876543210',
        notes: '',
      },
      paymentMethod: 'COD',
      orderStatus: 'confirmed',
      totalPaise: total,
      ...status,
    })
    .returning()
  for (const sellerId of new Set(lines.map(([s]) => s))) {
    const mine = lines.filter(([s]) => s === sellerId)
    const [sub] = await db()
      .insert(subOrders)
      .values({
        orderId: order!.id,
        sellerId,
        subtotalPaise: mine.reduce((s, [, , p, q]) => s + p * q, 0),
      })
      .returning()
    for (const [, title, unitPricePaise, quantity] of mine) {
      const product = await createProduct(db(), { sellerId, title })
      await db().insert(orderLines).values({
        orderId: order!.id,
        subOrderId: sub!.id,
        productId: product.id,
        title,
        image: '/x.webp',
        unitPricePaise,
        quantity,
      })
    }
  }
  return order!
}

function download(orderId: string, cookie?: string) {
  return t.app.inject({
    method: 'GET',
    url: invoicePdfPath(orderId),
    headers: cookie ? { cookie } : {},
  })
}

async function pagesOf(body: Buffer): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(body))
  const { text } = await extractText(pdf, { mergePages: false })
  return text
}

let shopper: Awaited<ReturnType<typeof createShopper>>
let ka: { id: string }
let mh: { id: string }
let admin: { id: string }
let orderId: string
let orderNumber: string

beforeAll(async () => {
  shopper = await createShopper(db(), { userName: 'Meera Rao' })
  ka = await sellerIn('29', GSTIN_KA, 'Karnataka Gadgets Pvt. Ltd.')
  mh = await sellerIn('', GSTIN_MH, 'Mumbai Mobiles LLP')
  admin = await createUser(db(), { role: 'admin', type: 'admin' })
  const order = await placeOrder(shopper.user.id, '560001', [
    [ka.id, 'Samsung Galaxy M35 5G (6GB/128GB) - Blue', 1299900, 1],
    [ka.id, 'boAt Type-C A400 USB Cable (1.5 m, Braided) - Black', 39900, 3],
    [mh.id, 'boAt Rockerz 450 Bluetooth On-Ear Headphones', 129900, 1],
    [admin.id, 'realme 10000mAh Power Bank 3i - Black', 109900, 1],
  ])
  orderId = order.id
  orderNumber = `TB-${order.orderNumber}`
})

describe('GET /api/shop/order/:orderId/invoice.pdf', () => {
  it('should give the owner one invoice page per seller with Rule 46 fields', async () => {
    const res = await download(orderId, shopper.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="invoice-order-${orderNumber}.pdf"`,
    )
    const pages = await pagesOf(res.rawPayload)
    expect(pages).toHaveLength(3)
    // Every seller's invoice names the order by the number the shopper knows it by.
    for (const page of pages) expect(page).toContain(`Order No. ${orderNumber}`)

    const intra = pages.find((p) => p.includes(GSTIN_KA))!
    expect(intra).toMatch(NUMBER)
    expect(intra).toContain('Karnataka Gadgets Pvt. Ltd.')
    expect(intra).toContain('Meera Rao')
    expect(intra).toContain('Karnataka (29)')
    expect(intra).toMatch(/8517/)
    expect(intra).toMatch(/8544/)
    expect(intra).toContain('CGST')
    expect(intra).toContain('SGST')
    expect(intra).not.toContain('IGST')
    // 12,999 → taxable 11,016.10 + tax 1,982.90 (991.45 + 991.45); 3 × 399 = 1,197 → 1,014.41 + 182.59 (91.30 + 91.29).
    expect(intra).toContain('11,016.10')
    expect(intra).toContain('991.45')
    expect(intra).toContain('1,014.41')
    expect(intra).toContain('91.30')
    expect(intra).toContain('91.29')
    expect(intra).toContain('₹12,030.51') // total taxable value
    expect(intra).toContain('₹1,082.75') // CGST 991.45 + 91.30
    expect(intra).toContain('₹1,082.74') // SGST 991.45 + 91.29
    expect(intra).toContain('₹14,196.00') // 12,030.51 + 1,082.75 + 1,082.74
    expect(intra).toContain('Rupees Fourteen Thousand One Hundred Ninety-Six Only')
    expect(intra).toContain('Authorised Signatory')
    expect(intra).toContain('computer-generated invoice')

    const inter = pages.find((p) => p.includes(GSTIN_MH))!
    expect(inter).toContain('Maharashtra (27)') // state from the GSTIN when none is stored
    expect(inter).toContain('IGST')
    expect(inter).not.toContain('CGST')
    expect(inter).toMatch(/8518/)
    expect(inter).toContain('₹1,100.85') // 1,299 / 1.18
    expect(inter).toContain('₹198.15')
    expect(inter).toContain('Rupees One Thousand Two Hundred Ninety-Nine Only')

    const marketplace = pages.find((p) => p.includes('TechBazaar Retail Pvt. Ltd.'))!
    expect(marketplace).toContain('29AAGCB7383J1Z4')
    expect(marketplace).toMatch(/8504/)
    expect(marketplace).toContain('CGST')
  })

  it('should give a seller only the invoice of their own sub-order', async () => {
    const res = await download(orderId, await cookieFor(ka.id))
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="invoice-TB-\d{4}-\d{6}\.pdf"$/,
    )
    const pages = await pagesOf(res.rawPayload)
    expect(pages).toHaveLength(1)
    expect(pages[0]).toContain(GSTIN_KA)
    expect(pages[0]).not.toContain(GSTIN_MH)
  })

  it('should give an admin every invoice', async () => {
    const res = await download(orderId, await cookieFor(admin.id))
    expect(res.statusCode).toBe(200)
    expect(await pagesOf(res.rawPayload)).toHaveLength(3)
  })

  it('should answer 404 to other sellers and other shoppers, and 401 to guests', async () => {
    const stranger = await createSeller(db())
    const otherShopper = await createShopper(db())
    expect((await download(orderId, await cookieFor(stranger.id))).statusCode).toBe(404)
    expect((await download(orderId, otherShopper.cookie)).statusCode).toBe(404)
    expect((await download(crypto.randomUUID(), shopper.cookie)).statusCode).toBe(404)
    expect((await download(orderId)).statusCode).toBe(401)
    expect((await download('not-a-uuid', shopper.cookie)).statusCode).toBe(400)
  })

  it('should keep the invoice number on re-download', async () => {
    const numbersOf = async () => {
      const rows = await db().select().from(invoices)
      return rows.map((r) => `${r.subOrderId}:${r.number}`).sort()
    }
    const before = await numbersOf()
    const first = await download(orderId, shopper.cookie)
    const second = await download(orderId, await cookieFor(ka.id))
    expect(await numbersOf()).toEqual(before)
    const kaNumber = (await pagesOf(second.rawPayload))[0]!.match(NUMBER)![0]
    expect((await pagesOf(first.rawPayload)).find((p) => p.includes(GSTIN_KA))).toContain(kaNumber)
  })

  it('should refuse unconfirmed orders with 409 and serve paid ones', async () => {
    const pending = await placeOrder(shopper.user.id, '110001', [[ka.id, 'Phone', 100000, 1]], {
      paymentMethod: 'PAYU',
      orderStatus: 'pending',
      paymentStatus: 'pending',
    })
    const res = await download(pending.id, shopper.cookie)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('The invoice is available once the order is confirmed')
    const rejected = await placeOrder(shopper.user.id, '110001', [[ka.id, 'Phone', 100000, 1]], {
      paymentMethod: 'PAYU',
      orderStatus: 'rejected',
      paymentStatus: 'failed',
    })
    expect((await download(rejected.id, shopper.cookie)).statusCode).toBe(409)
    const paid = await placeOrder(shopper.user.id, '110001', [[ka.id, 'Phone', 100000, 1]], {
      paymentMethod: 'PAYU',
      orderStatus: 'pending',
      paymentStatus: 'paid',
    })
    const ok = await download(paid.id, shopper.cookie)
    expect(ok.statusCode).toBe(200)
    // Delivered to Delhi from Karnataka: inter-state.
    expect((await pagesOf(ok.rawPayload))[0]).toContain('Delhi (07)')
  })

  it('should hand out distinct serials per supplier under concurrent first downloads', async () => {
    const placed = await Promise.all(
      [1, 2, 3, 4].map(() => placeOrder(shopper.user.id, '560001', [[ka.id, 'Phone', 50000, 1]])),
    )
    const responses = await Promise.all(
      placed.flatMap((o) => [download(o.id, shopper.cookie), download(o.id, shopper.cookie)]),
    )
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200))
    const rows = await db().select().from(invoices).where(eq(invoices.supplierKey, ka.id))
    const seqs = rows.map((r) => r.seq).sort((a, b) => a - b)
    expect(seqs).toEqual(seqs.map((_, i) => i + 1)) // gap-free and unique
    for (const o of placed) {
      const [a, b] = await Promise.all([
        download(o.id, shopper.cookie),
        download(o.id, shopper.cookie),
      ])
      expect((await pagesOf(a.rawPayload))[0]!.match(NUMBER)![0]).toBe(
        (await pagesOf(b.rawPayload))[0]!.match(NUMBER)![0],
      )
    }
  })
})
