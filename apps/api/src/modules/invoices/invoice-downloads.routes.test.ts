import { creditNotePdfPath, invoicePdfPath } from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { makeTestP12 } from '../../../test/signing-certs'
import { invoicePdfs, vendorProfiles } from '../../db/schema'
import { creditNoteKit } from './credit-note-fixtures'
import { pdfRenderer } from './invoice-files'
import { saveSellerSigningKey } from './signing-keys'

/*
 * Issue 26.6 and 26.7: a download renders once, off the event loop, and is kept; a seller no
 * longer approved reads its documents without the buyer's personal data; downloads are limited
 * per account.
 */

const clock = createClock(new Date('2026-11-23T06:00:00Z'))
let t: TestContext
let kit: Awaited<ReturnType<typeof creditNoteKit>>
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
  kit = await creditNoteKit(() => t, clock.now)
})
afterAll(() => t.close())

const get = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } })

async function text(pdf: Buffer) {
  const doc = await getDocumentProxy(new Uint8Array(pdf))
  return (await extractText(doc, { mergePages: true })).text.replace(/\s+/g, ' ')
}

describe('a rejected seller downloads documents without the buyer (issue 26.6)', () => {
  it('hides the name, street, phone and GSTIN in invoices and credit notes, keeping the amounts', async () => {
    const seller = await kit.seller('Suspended Traders')
    const order = await kit.dispatchedOrder('29', [[seller.id, 'Smartphone', 99900, 2]])
    const note = await kit.credit(await kit.passedReturn(order, seller.id, { Smartphone: 1 }))
    const invoiceUrl = invoicePdfPath(order.id, order.parts[seller.id])
    const noteUrl = creditNotePdfPath(order.id, note!.id)

    const approved = await get(invoiceUrl, seller.cookie)
    expect(approved.statusCode).toBe(200)
    expect(await text(approved.rawPayload)).toContain('Meera Rao')

    await kit
      .db()
      .update(vendorProfiles)
      .set({ status: 'Rejected' })
      .where(eq(vendorProfiles.userId, seller.id))
    for (const url of [invoiceUrl, noteUrl]) {
      const res = await get(url, seller.cookie)
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200)
      const page = await text(res.rawPayload)
      for (const personal of ['Meera Rao', '12 Beach Road', '9876543210']) {
        expect(page).not.toContain(personal)
      }
      expect(page).toContain('Hidden')
      expect(page).toContain('Somewhere 560001')
      expect(page).toContain('Suspended Traders')
    }
    // The shopper and an admin still read the document as issued.
    for (const cookie of [kit.shopper.cookie, kit.admin.cookie]) {
      expect(await text((await get(noteUrl, cookie)).rawPayload)).toContain('Meera Rao')
    }
  })
})

describe('a download is rendered once, off the event loop (issue 26.7)', () => {
  it('keeps the first render and sends its bytes again, while six parallel downloads leave health answering', async () => {
    const seller = await kit.seller('Kept Traders')
    const cert = makeTestP12({
      commonName: 'Kept Traders Signatory',
      notBefore: new Date('2026-01-01'),
    })
    await saveSellerSigningKey(
      { db: kit.db(), config: t.app.deps.config, now: clock.now },
      seller.id,
      cert.p12,
      cert.passphrase,
    )
    const orders = [
      await kit.dispatchedOrder('29', [[seller.id, 'Tablet', 1999900, 1]]),
      await kit.dispatchedOrder('27', [[seller.id, 'Earbuds', 299900, 1]]),
    ]
    const urls = orders.flatMap((o) => [
      invoicePdfPath(o.id),
      invoicePdfPath(o.id, o.parts[seller.id]),
    ])
    const rendersBefore = pdfRenderer.completed

    // One shopper, six at a time. An order of one part is one file whether asked whole or by
    // part, so the six downloads are two files: each renders once, in the worker.
    const six = [...urls, urls[0]!, urls[1]!].map((url) => get(url, kit.shopper.cookie))
    const health = t.app.inject({ method: 'GET', url: '/api/health' })
    const first = await Promise.all(six)
    expect((await health).statusCode).toBe(200)
    expect(first.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200])
    expect(pdfRenderer.completed - rendersBefore).toBe(2)

    // Later, the kept bytes: no render, byte for byte the same (signing time included).
    clock.advance(60_000)
    const again = await Promise.all(urls.map((url) => get(url, kit.shopper.cookie)))
    expect(pdfRenderer.completed - rendersBefore).toBe(2)
    again.forEach((res, i) => expect(res.rawPayload.equals(first[i]!.rawPayload)).toBe(true))
    const kept = await kit.db().select({ key: invoicePdfs.key }).from(invoicePdfs)
    expect(kept.length).toBeGreaterThanOrEqual(2)
    expect(await text(again[1]!.rawPayload)).toContain('Digitally signed by Kept Traders Signatory')
  })

  it('renders anew when a credit note joins the file, and keeps both', async () => {
    const seller = await kit.seller('Growing Traders')
    const order = await kit.dispatchedOrder('29', [[seller.id, 'Speaker', 499900, 2]])
    const url = invoicePdfPath(order.id)
    const before = await get(url, kit.shopper.cookie)
    await kit.credit(await kit.passedReturn(order, seller.id, { Speaker: 1 }))
    const after = await get(url, kit.shopper.cookie)
    expect(after.rawPayload.equals(before.rawPayload)).toBe(false)
    expect(await text(after.rawPayload)).toContain('CREDIT NOTE')
  })
})

describe('downloads are limited per account (issue 26.7)', () => {
  it('answers 429 with the shop message after 30 a minute, counting each account alone', async () => {
    const seller = await kit.seller('Busy Traders')
    const order = await kit.dispatchedOrder('29', [[seller.id, 'Charger', 99900, 1]])
    const url = invoicePdfPath(order.id, order.parts[seller.id])
    let last = await get(url, seller.cookie)
    for (let i = 1; i < 31 && last.statusCode === 200; i++) last = await get(url, seller.cookie)
    expect(last.statusCode).toBe(429)
    expect(last.json()).toMatchObject({
      success: false,
      message: expect.stringMatching(/^Too many requests/),
    })
    expect((await get(url, kit.admin.cookie)).statusCode).toBe(200)
  })
})
