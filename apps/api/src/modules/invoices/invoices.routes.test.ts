import { gstinCheckChar, invoicePdfPath, type BuyerBillingAddress } from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { createProduct, createSeller, createUser } from '../../../test/factories'
import { makeTestP12 } from '../../../test/signing-certs'
import { createShopper } from '../../../test/shop'
import { invoices, orderLines, orders, subOrders, vendorProfiles } from '../../db/schema'
import { createSession } from '../auth/sessions'
import { saveSellerSigningKey } from './signing-keys'

/*
 * GST invoices as an auditor reads them (issue 17): issued at dispatch from the supplier's series
 * for that day's financial year, stored, and read back from the PDF exactly as issued.
 */

const clock = createClock(new Date('2026-11-23T06:00:00Z'))
let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
})
afterAll(() => t.close())

const db = () => t.database.db
const gstin = (first14: string) => first14 + gstinCheckChar(first14)

async function cookieFor(userId: string) {
  const token = await createSession(db(), { userId, days: 400, now: clock.now() })
  return `session=${token}`
}

/** A GST-registered seller with its business address in the GSTIN's state. */
async function seller(gstin15: string, name: string, pincode: string, turnoverAbove5Cr = false) {
  const user = await createSeller(db())
  await db()
    .update(vendorProfiles)
    .set({
      gstNumber: gstin15,
      businessName: name,
      addressLine: '1 Test Street',
      city: 'Test City',
      pincode,
      stateCode: gstin15.slice(0, 2),
      turnoverAbove5Cr,
    })
    .where(eq(vendorProfiles.userId, user.id))
  return { id: user.id, cookie: await cookieFor(user.id) }
}

type Line = [sellerId: string, title: string, unitPaise: number, quantity: number, hsn: string]

/** A confirmed COD order delivered to `pincode` in `stateCode`; one sub-order per seller. */
async function placeOrder(
  userId: string,
  where: { pincode: string; stateCode?: string },
  lines: Line[],
  buyer: { gstin: string; legalName: string; billingAddress?: BuyerBillingAddress } | null = null,
) {
  const [order] = await db()
    .insert(orders)
    .values({
      userId,
      addressInfo: {
        addressId: crypto.randomUUID(),
        address: '12 Beach Road',
        city: 'Somewhere',
        phone: '9876543210',
        notes: '',
        ...where,
      },
      buyerGstin: buyer?.gstin ?? null,
      buyerLegalName: buyer?.legalName ?? null,
      buyerAddress: buyer?.billingAddress ?? null,
      paymentMethod: 'COD',
      orderStatus: 'confirmed',
      totalPaise: lines.reduce((s, [, , p, q]) => s + p * q, 0),
    })
    .returning()
  const parts: Record<string, string> = {}
  for (const sellerId of new Set(lines.map(([s]) => s))) {
    const mine = lines.filter(([s]) => s === sellerId)
    const [sub] = await db()
      .insert(subOrders)
      .values({
        orderId: order!.id,
        sellerId,
        status: 'confirmed',
        confirmedAt: clock.now(),
        subtotalPaise: mine.reduce((s, [, , p, q]) => s + p * q, 0),
      })
      .returning()
    parts[sellerId] = sub!.id
    for (const [, title, unitPricePaise, quantity, hsn] of mine) {
      const product = await createProduct(db(), { sellerId, title, hsn })
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
  return { id: order!.id, number: `TB-${order!.orderNumber}`, parts }
}

/** The seller's "Ship": books the (sandbox) courier, which dispatches the goods. */
function ship(cookie: string, subOrderId: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/orders/vendor-ship',
    headers: { cookie },
    payload: { _id: subOrderId, weightGrams: 300, lengthCm: 18, breadthCm: 10, heightCm: 5 },
  })
}

/** An admin marks the whole order shipped (a parcel sent outside the shop, e.g. COD by hand). */
function adminShips(orderId: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/orders/update/${orderId}`,
    headers: { cookie: admin.cookie },
    payload: { orderStatus: 'inShipping' },
  })
}

async function pages(orderId: string, cookie: string, part?: string): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: invoicePdfPath(orderId, part),
    headers: { cookie },
  })
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200)
  expect(res.headers['content-type']).toBe('application/pdf')
  const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload))
  // Words wrap at column edges; one space between them reads as the page does.
  return (await extractText(pdf, { mergePages: false })).text.map((page) =>
    page.replace(/\s+/g, ' '),
  )
}

let shopper: Awaited<ReturnType<typeof createShopper>>
let admin: { id: string; cookie: string }
let ka: { id: string; cookie: string }

beforeAll(async () => {
  const buyer = await createShopper(db(), { userName: 'Meera Rao' })
  // Sessions on the test's clock, which runs months ahead below.
  shopper = { ...buyer, cookie: await cookieFor(buyer.user.id) }
  const adminUser = await createUser(db(), { role: 'admin', type: 'admin' })
  admin = { id: adminUser.id, cookie: await cookieFor(adminUser.id) }
  ka = await seller(gstin('29AAKFM7315Q1Z'), 'Karnataka Gadgets Pvt. Ltd.', '560038')
})

describe('an invoice is issued when the goods are dispatched, never before', () => {
  it('answers 409 before dispatch, then prints the invoice as issued by the seller’s Ship', async () => {
    const order = await placeOrder(shopper.user.id, { pincode: '560001', stateCode: '29' }, [
      [ka.id, 'Wired Earphones', 99900, 1, '851830'],
      [ka.id, 'Xiaomi 20000mAh Power Bank', 149900, 1, '850760'],
    ])
    const early = await t.app.inject({
      method: 'GET',
      url: invoicePdfPath(order.id),
      headers: { cookie: shopper.cookie },
    })
    expect(early.statusCode).toBe(409)
    expect(early.json().message).toBe('The invoice is issued when the parcel is dispatched')

    expect((await ship(ka.cookie, order.parts[ka.id]!)).statusCode).toBe(200)
    const [page] = await pages(order.id, shopper.cookie)
    expect(page).toContain('TAX INVOICE')
    expect(page).toMatch(/Invoice No\. TB\/2627\/\d{6}/)
    expect(page).toContain('Invoice date 23 Nov 2026')
    expect(page).toContain(`Order No. ${order.number}`)
    expect(page).toContain('Karnataka Gadgets Pvt. Ltd.')
    expect(page).toContain('Meera Rao')
    expect(page).toContain('Place of supply Karnataka (29)')
    // HSN from the product's field, four digits for a seller under ₹5 crore.
    expect(page).toMatch(/Wired Earphones 8518 /)
    expect(page).toMatch(/Power Bank 8507 /)
    // ₹999 within a state: 9% of ₹846.61 is ₹76.19, each; a paisa rounds off to the price.
    expect(page).toContain('846.61 18% 76.19 76.19 999.00')
    expect(page).toContain('Round off ₹0.01')
    expect(page).toContain(
      'Sold via TechBazaar Retail Pvt. Ltd., e-commerce operator GSTIN 29AAGCB7383J1Z4',
    )
    expect(page).toContain('no signature is required (proviso to rule 46(q)')
  })

  it('prints six-digit HSN codes for a seller above ₹5 crore turnover', async () => {
    const big = await seller(gstin('29AABCB1234C1Z'), 'Big Retail Ltd.', '560001', true)
    const order = await placeOrder(shopper.user.id, { pincode: '560001', stateCode: '29' }, [
      [big.id, 'Galaxy Buds3 Pro', 1999900, 1, '851830'],
      [big.id, 'Power Bank 10000mAh', 149900, 1, '850760'],
    ])
    expect((await ship(big.cookie, order.parts[big.id]!)).statusCode).toBe(200)
    const [page] = await pages(order.id, shopper.cookie)
    expect(page).toMatch(/Galaxy Buds3 Pro 851830 /)
    expect(page).toMatch(/Power Bank 10000mAh 850760 /)
  })

  it('issues it when an admin marks a parcel shipped outside the shop, and stores every field', async () => {
    const order = await placeOrder(shopper.user.id, { pincode: '400001', stateCode: '27' }, [
      [ka.id, 'USB-C Cable', 39900, 2, '854442'],
    ])
    expect((await adminShips(order.id)).statusCode).toBe(200)
    const [row] = await db()
      .select()
      .from(invoices)
      .where(eq(invoices.subOrderId, order.parts[ka.id]!))
    expect(row?.document).toMatchObject({
      kind: 'invoice',
      number: row?.number,
      supplier: { name: 'Karnataka Gadgets Pvt. Ltd.', stateCode: '29' },
      placeOfSupply: { code: '27', name: 'Maharashtra' },
      taxKind: 'IGST',
      lines: [{ description: 'USB-C Cable', hsn: '8544', quantity: 2, totalPaise: 79800 }],
    })
  })

  it('refuses to ship for a seller without a GSTIN: an unregistered person may not charge tax', async () => {
    const unregistered = await seller(gstin('29AACCU1111D1Z'), 'No GST Traders', '560001')
    await db()
      .update(vendorProfiles)
      .set({ gstNumber: null })
      .where(eq(vendorProfiles.userId, unregistered.id))
    const order = await placeOrder(shopper.user.id, { pincode: '560001', stateCode: '29' }, [
      [unregistered.id, 'Phone Case', 49900, 1, '392690'],
    ])
    const res = await ship(unregistered.cookie, order.parts[unregistered.id]!)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toMatch(/no GSTIN/)
    expect(
      await db()
        .select()
        .from(invoices)
        .where(eq(invoices.subOrderId, order.parts[unregistered.id]!)),
    ).toEqual([])
  })

  it('refuses to dispatch an old order whose address has no state and a PIN shared by states', async () => {
    const order = await placeOrder(shopper.user.id, { pincode: '781131' }, [
      [ka.id, 'Phone Case', 49900, 1, '392690'],
    ])
    const res = await ship(ka.cookie, order.parts[ka.id]!)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toMatch(/no state/)
  })
})

describe('place of supply is the state the shopper chose, and UTs pay UTGST', () => {
  it.each([
    ['Mohali', '160062', '03', 'Punjab (03)'],
    ['Karaikal', '609602', '34', 'Puducherry (34)'],
    ['Daman', '396210', '26', 'Dadra and Nagar Haveli and Daman and Diu (26)'],
    ['Lakshadweep', '682555', '31', 'Lakshadweep (31)'],
  ])('%s %s → %s, IGST from Karnataka', async (_place, pincode, stateCode, printed) => {
    const order = await placeOrder(shopper.user.id, { pincode, stateCode }, [
      [ka.id, 'Smartphone', 1299900, 1, '851713'],
    ])
    expect((await adminShips(order.id)).statusCode).toBe(200)
    const [page] = await pages(order.id, shopper.cookie)
    expect(page).toContain(`Place of supply ${printed}`)
    expect(page).toContain('IGST')
    expect(page).not.toMatch(/CGST ₹/)
  })

  it('charges CGST + UTGST on a sale within Chandigarh', async () => {
    const chd = await seller(gstin('04AAHCC2222E1Z'), 'Chandigarh Mobiles', '160017')
    const order = await placeOrder(shopper.user.id, { pincode: '160022', stateCode: '04' }, [
      [chd.id, 'Smartphone', 99900, 1, '851713'],
    ])
    expect((await ship(chd.cookie, order.parts[chd.id]!)).statusCode).toBe(200)
    const [page] = await pages(order.id, shopper.cookie)
    expect(page).toContain('Place of supply Chandigarh (04)')
    expect(page).toContain('UTGST')
    expect(page).not.toMatch(/\bSGST/)
    expect(page).toContain('CGST ₹76.19')
    expect(page).toContain('UTGST ₹76.19')
  })
})

describe('an issued invoice never changes', () => {
  it('keeps the supplier’s name and state after the seller edits its profile', async () => {
    const mover = await seller(gstin('29AADCM3333F1Z'), 'Old Name Pvt. Ltd.', '560001')
    const order = await placeOrder(shopper.user.id, { pincode: '411001', stateCode: '27' }, [
      [mover.id, 'Smartphone', 99900, 1, '851713'],
    ])
    expect((await ship(mover.cookie, order.parts[mover.id]!)).statusCode).toBe(200)
    const before = await pages(order.id, shopper.cookie)
    await db()
      .update(vendorProfiles)
      .set({ businessName: 'New Name LLP', gstNumber: gstin('27AADCM3333F1Z'), stateCode: '27' })
      .where(eq(vendorProfiles.userId, mover.id))
    const after = await pages(order.id, shopper.cookie)
    expect(after).toEqual(before)
    expect(after[0]).toContain('Old Name Pvt. Ltd.')
    expect(after[0]).toContain('IGST ₹152.39')
  })
})

describe('signature', () => {
  it("signs a seller's invoice with its key (PAdES) when the shop holds one", async () => {
    const signer = await seller(gstin('29AAGCS7777K1Z'), 'Signed Sales Pvt. Ltd.', '560001')
    const { p12, passphrase, commonName } = makeTestP12({
      notBefore: new Date('2026-01-01T00:00:00Z'),
      notAfter: new Date('2028-01-01T00:00:00Z'),
    })
    await saveSellerSigningKey(
      { db: db(), config: t.app.deps.config, now: clock.now },
      signer.id,
      p12,
      passphrase,
    )
    const order = await placeOrder(shopper.user.id, { pincode: '560001', stateCode: '29' }, [
      [signer.id, 'Smartphone', 99900, 1, '851713'],
    ])
    expect((await ship(signer.cookie, order.parts[signer.id]!)).statusCode).toBe(200)
    const res = await t.app.inject({
      method: 'GET',
      url: invoicePdfPath(order.id, order.parts[signer.id]),
      headers: { cookie: shopper.cookie },
    })
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload.toString('latin1')).toContain('/SubFilter /ETSI.CAdES.detached')
    const [page] = await pages(order.id, shopper.cookie, order.parts[signer.id])
    expect(page).toContain(`Digitally signed by ${commonName}, authorised signatory`)
    expect(page).not.toContain('no signature is required')
  })
})

describe('numbering follows the dispatch date', () => {
  it('starts a new series on 1 April (IST) and keeps each invoice’s date', async () => {
    const fy = await seller(gstin('29AAECF4444G1Z'), 'Year End Traders', '560001')
    const orderIn = (n: number) =>
      placeOrder(shopper.user.id, { pincode: '560001', stateCode: '29' }, [
        [fy.id, `Phone ${n}`, 99900, 1, '851713'],
      ])
    const first = await orderIn(1)
    const second = await orderIn(2)
    const third = await orderIn(3)
    const saved = clock.now()
    clock.advance(new Date('2027-03-31T18:00:00Z').getTime() - saved.getTime()) // 23:30 IST
    expect((await ship(fy.cookie, first.parts[fy.id]!)).statusCode).toBe(200)
    clock.advance(45 * 60_000) // 00:15 IST, 1 April 2027
    expect((await ship(fy.cookie, third.parts[fy.id]!)).statusCode).toBe(200)
    expect((await ship(fy.cookie, second.parts[fy.id]!)).statusCode).toBe(200)
    clock.advance(3 * 86_400_000) // downloaded days later
    const [a] = await pages(first.id, shopper.cookie)
    const [c] = await pages(third.id, shopper.cookie)
    const [b] = await pages(second.id, shopper.cookie)
    expect(a).toContain('Invoice No. TB/2627/000001')
    expect(a).toContain('Invoice date 31 Mar 2027')
    expect(c).toContain('Invoice No. TB/2728/000001')
    expect(c).toContain('Invoice date 1 Apr 2027')
    expect(b).toContain('Invoice No. TB/2728/000002')
  })
})

describe('business buyers and credit notes', () => {
  it('shows a business buyer as recipient with its GSTIN', async () => {
    const buyerGstin = gstin('27AAFCB5555H1Z')
    const order = await placeOrder(
      shopper.user.id,
      { pincode: '400001', stateCode: '27' },
      [[ka.id, 'Tablet', 2999900, 1, '847130']],
      { gstin: buyerGstin, legalName: 'Bharat Traders Pvt. Ltd.' },
    )
    expect((await adminShips(order.id)).statusCode).toBe(200)
    const [page] = await pages(order.id, shopper.cookie)
    expect(page).toContain('Bharat Traders Pvt. Ltd.')
    expect(page).toContain(`GSTIN: ${buyerGstin}`)
    expect(page).toContain('Meera Rao') // still the person the parcel is shipped to
  })

  it('bills a business at its own address and GSTIN state, and ships to the delivery address (rule 46, issue 30.1)', async () => {
    // A Maharashtra business has a phone delivered to its Bengaluru office.
    const buyerGstin = gstin('27AAFCB6666H1Z')
    const order = await placeOrder(
      shopper.user.id,
      { pincode: '560001', stateCode: '29' },
      [[ka.id, 'Tablet', 2999900, 1, '847130']],
      {
        gstin: buyerGstin,
        legalName: 'Pune Traders Pvt. Ltd.',
        billingAddress: {
          addressLine: '4 FC Road, Shivajinagar',
          city: 'Pune',
          stateCode: '27',
          pincode: '411005',
        },
      },
    )
    expect((await adminShips(order.id)).statusCode).toBe(200)
    const [invoice] = await db()
      .select()
      .from(invoices)
      .where(eq(invoices.subOrderId, order.parts[ka.id]!))
    expect(invoice!.document.recipient).toEqual({
      name: 'Pune Traders Pvt. Ltd.',
      address: ['4 FC Road, Shivajinagar', 'Pune 411005'],
      stateCode: '27',
      stateName: 'Maharashtra',
      gstin: buyerGstin,
    })
    expect(invoice!.document.shipTo).toMatchObject({
      address: ['12 Beach Road', 'Somewhere 560001'],
      stateName: 'Karnataka',
    })
    // The place of supply stays where the goods go (decision 069): within Karnataka.
    expect(invoice!.document.placeOfSupply).toEqual({ code: '29', name: 'Karnataka' })
    const [page] = await pages(order.id, shopper.cookie)
    const text = page!.replace(/\s+/g, ' ')
    expect(text).toContain('4 FC Road, Shivajinagar')
    expect(text).toContain('State: Maharashtra (27)')
    expect(text).toContain('State: Karnataka')
  })

  it('reverses the invoice with a credit note when the parcel comes back', async () => {
    const order = await placeOrder(shopper.user.id, { pincode: '560001', stateCode: '29' }, [
      [ka.id, 'Smartwatch', 499900, 1, '851762'],
    ])
    const booked = await ship(ka.cookie, order.parts[ka.id]!)
    const awb = booked.json().data.awb as string
    for (const status of ['picked_up', 'rto']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/sandbox-courier/${awb}/events`,
        payload: { status },
      })
      expect(res.statusCode, res.body).toBeLessThan(300)
    }
    const [invoicePage, notePage] = await pages(order.id, shopper.cookie, order.parts[ka.id])
    const number = /Invoice No\. (TB\/\d{4}\/\d{6})/.exec(invoicePage ?? '')?.[1]
    expect(number).toBeDefined()
    expect(notePage).toContain('CREDIT NOTE')
    expect(notePage).toMatch(/Credit note No\. CN\/\d{4}\/\d{6}/)
    expect(notePage).toContain(`Against invoice ${number}`)
    expect(notePage).toContain('Reason: Parcel returned to the seller undelivered')
    expect(notePage).toContain('Credit total ₹4,999.00')
  })
})

describe('who may download', () => {
  it('gives a seller its own part only and tells strangers the order does not exist', async () => {
    const other = await seller(gstin('29AAFCO6666J1Z'), 'Other Seller', '560001')
    const order = await placeOrder(shopper.user.id, { pincode: '560001', stateCode: '29' }, [
      [ka.id, 'Smartphone', 99900, 1, '851713'],
      [other.id, 'Phone Case', 49900, 1, '392690'],
    ])
    expect((await adminShips(order.id)).statusCode).toBe(200)
    expect(await pages(order.id, shopper.cookie)).toHaveLength(2)
    expect(await pages(order.id, admin.cookie)).toHaveLength(2)
    const own = await pages(order.id, other.cookie)
    expect(own).toHaveLength(1)
    expect(own[0]).toContain('Other Seller')
    const stranger = await createShopper(db())
    const res = await t.app.inject({
      method: 'GET',
      url: invoicePdfPath(order.id),
      headers: { cookie: await cookieFor(stranger.user.id) },
    })
    expect(res.statusCode).toBe(404)
  })
})
