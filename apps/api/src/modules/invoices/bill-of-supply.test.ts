import { invoicePdfPath } from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { vendorProfiles } from '../../db/schema'
import { creditNoteKit } from './credit-note-fixtures'

/*
 * Issue 30.10: a composition dealer may not collect tax (CGST s.10(4)); it issues a bill of
 * supply instead of a tax invoice (s.31(3)(c), Rule 49), with the declaration s.10(4) asks for.
 */

const clock = createClock(new Date('2026-11-23T06:00:00Z'))
let t: TestContext
let kit: Awaited<ReturnType<typeof creditNoteKit>>
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
  kit = await creditNoteKit(() => t, clock.now)
})
afterAll(() => t.close())

async function text(pdf: Buffer) {
  const doc = await getDocumentProxy(new Uint8Array(pdf))
  return (await extractText(doc, { mergePages: true })).text.replace(/\s+/g, ' ')
}

describe("a composition dealer's document", () => {
  it('is a bill of supply without GST, with the declaration', async () => {
    const seller = await kit.seller('Kalyan Mobile Centre')
    await kit
      .db()
      .update(vendorProfiles)
      .set({ gstRegistrationType: 'composition' })
      .where(eq(vendorProfiles.userId, seller.id))
    const order = await kit.dispatchedOrder('29', [[seller.id, 'Phone Charger', 59900, 2]])

    const invoice = await kit.invoiceOf(order.parts[seller.id]!)
    expect(invoice.document).toMatchObject({
      billOfSupply: true,
      totals: {
        taxablePaise: 119800,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 0,
        totalPaise: 119800,
      },
    })
    expect(invoice.document.lines[0]).toMatchObject({ rateBp: 0, taxablePaise: 119800 })

    const res = await t.app.inject({
      method: 'GET',
      url: invoicePdfPath(order.id, order.parts[seller.id]),
      headers: { cookie: kit.shopper.cookie },
    })
    expect(res.statusCode).toBe(200)
    const page = await text(res.rawPayload)
    expect(page).toContain('BILL OF SUPPLY')
    expect(page).not.toContain('TAX INVOICE')
    // Rule 49: the document's own number and date, named as what it is.
    expect(page).toContain('Bill of supply No.')
    expect(page).not.toContain('Invoice No.')
    expect(page).toContain('composition taxable person, not eligible to collect tax on supplies')
    // No GST column or row ("CGST Rules" in the signature line is the law's name, not a tax).
    for (const gst of [/CGST(?! Rules)/, /SGST/, /IGST/, /GST rate/, /incl\. GST/, /Taxable/]) {
      expect(page).not.toMatch(gst)
    }
  })

  it('stays a tax invoice for a regular seller', async () => {
    const seller = await kit.seller('Regular Traders')
    const order = await kit.dispatchedOrder('29', [[seller.id, 'Tablet', 1999900, 1]])
    const invoice = await kit.invoiceOf(order.parts[seller.id]!)
    expect(invoice.document.billOfSupply).toBeUndefined()
    expect(invoice.document.totals.cgstPaise).toBeGreaterThan(0)
  })
})
