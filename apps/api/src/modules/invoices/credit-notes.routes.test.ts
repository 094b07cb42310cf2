import { creditNotePdfPath } from '@techbazaar/shared'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { makeTestP12 } from '../../../test/signing-certs'
import { createShopper } from '../../../test/shop'
import { creditNoteKit } from './credit-note-fixtures'
import { saveSellerSigningKey } from './signing-keys'

/*
 * A credit note downloads beside its invoice, for whoever may download the invoice (the
 * shopper, the seller of that part, an admin), signed like it, and reads back as issued.
 */

const clock = createClock(new Date('2026-11-23T06:00:00Z'))
let t: TestContext
let kit: Awaited<ReturnType<typeof creditNoteKit>>
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
  kit = await creditNoteKit(() => t, clock.now)
})
afterAll(() => t.close())

const db = () => t.database.db

describe('GET /api/shop/order/:orderId/credit-notes/:creditNoteId.pdf', () => {
  async function download(orderId: string, noteId: string, cookie?: string) {
    return t.app.inject({
      method: 'GET',
      url: creditNotePdfPath(orderId, noteId),
      headers: cookie ? { cookie } : {},
    })
  }
  async function text(pdf: Buffer) {
    const doc = await getDocumentProxy(new Uint8Array(pdf))
    return (await extractText(doc, { mergePages: true })).text.replace(/\s+/g, ' ')
  }

  it('gives the shopper, the part’s seller and an admin the note, and no one else', async () => {
    const ka = await kit.seller('Download Traders')
    const other = await kit.seller('Other Part Traders')
    const order = await kit.dispatchedOrder('29', [
      [ka.id, 'Smartphone', 99900, 2],
      [other.id, 'Cable', 39900, 1],
    ])
    const note = await kit.credit(await kit.passedReturn(order, ka.id, { Smartphone: 1 }))
    const invoice = await kit.invoiceOf(order.parts[ka.id]!)

    for (const cookie of [kit.shopper.cookie, ka.cookie, kit.admin.cookie]) {
      const res = await download(order.id, note!.id, cookie)
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200)
      expect(res.headers['content-type']).toBe('application/pdf')
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="credit-note-${note!.number.replaceAll('/', '-')}.pdf"`,
      )
      const page = await text(res.rawPayload)
      expect(page).toContain('CREDIT NOTE')
      expect(page).toContain(`Credit note No. ${note!.number}`)
      expect(page).toContain(`Against invoice ${invoice.number}`)
      expect(page).toContain('Reason: Goods returned: Damaged')
      expect(page).toContain('Smartphone')
      expect(page).toContain('846.61 18% 76.19 76.19 999.00')
      expect(page).toContain('Credit total ₹999.00')
      expect(page).not.toContain('Cable')
    }

    // The seller of the other part, a stranger: the note is not theirs to see.
    const stranger = await createShopper(db())
    for (const cookie of [other.cookie, await kit.cookieFor(stranger.user.id)]) {
      const res = await download(order.id, note!.id, cookie)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ success: false })
    }
    expect((await download(order.id, note!.id)).statusCode).toBe(401)

    // A real note, asked for through another order of the same shopper.
    const elsewhere = await kit.dispatchedOrder('29', [[ka.id, 'Tablet', 2999900, 1]])
    const res = await download(elsewhere.id, note!.id, kit.shopper.cookie)
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe('Credit note not found')
    expect((await download(order.id, 'not-an-id', kit.shopper.cookie)).statusCode).toBe(400)
  })

  it('signs the note with the seller’s key when the shop holds one', async () => {
    const signer = await kit.seller('Signed Returns Pvt. Ltd.')
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
    const order = await kit.dispatchedOrder('29', [[signer.id, 'Smartphone', 99900, 1]])
    const note = await kit.credit(await kit.passedReturn(order, signer.id, { Smartphone: 1 }))
    const res = await download(order.id, note!.id, kit.shopper.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload.toString('latin1')).toContain('/SubFilter /ETSI.CAdES.detached')
    expect(await text(res.rawPayload)).toContain(
      `Digitally signed by ${commonName}, authorised signatory`,
    )
  })

  it('puts a return’s note after its invoice in the whole download', async () => {
    const ka = await kit.seller('Whole Download Traders')
    const order = await kit.dispatchedOrder('29', [[ka.id, 'Smartphone', 99900, 2]])
    const note = await kit.credit(await kit.passedReturn(order, ka.id, { Smartphone: 1 }))
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/shop/order/${order.id}/invoice.pdf`,
      headers: { cookie: kit.shopper.cookie },
    })
    expect(res.statusCode).toBe(200)
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload))
    const pages = (await extractText(pdf, { mergePages: false })).text
    expect(pages).toHaveLength(2)
    expect(pages[0]).toContain('TAX INVOICE')
    expect(pages[1]?.replace(/\s+/g, ' ')).toContain(`Credit note No. ${note!.number}`)
  })
})
