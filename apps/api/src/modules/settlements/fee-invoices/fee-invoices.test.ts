import { eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../../test/app'
import { createClock } from '../../../../test/clock'
import { feeInvoices, settlementEntries } from '../../../db/schema'
import { reportsWorld } from '../reports/fixtures'
import { issueDueFeeInvoices, issueFeeInvoices, type FeeInvoiceDeps } from './issue'

/*
 * The marketplace's monthly tax invoices to its sellers for its commission and fees (decision
 * 63), on the reports' world: November's deliveries are invoiced once November has ended in
 * India; the return that passed its check on 2 December gives back November's commission on a
 * December credit note against November's invoice; the tablet delivered at 00:30 IST on
 * 1 December is December's. Every figure is the ledger's, to the paisa.
 */

const clock = createClock()
let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
})
afterAll(() => t.close())
const db = () => t.database.db
let w: Awaited<ReturnType<ReturnType<typeof reportsWorld>['build']>>
beforeAll(async () => {
  w = await reportsWorld(() => t, clock).build()
}, 120_000)

const deps = (): FeeInvoiceDeps => ({ db: db(), now: clock.now, config: t.app.deps.config })
const FEE_KINDS = ['commission', 'closingFee', 'feeGst'] as const
const REVERSALS = ['commissionReversal', 'feeGstReversal'] as const

/** What the ledger says the marketplace charged a seller (positive), by the entries picked. */
async function charged(
  sellerId: string,
  pick: (e: typeof settlementEntries.$inferSelect) => boolean,
) {
  const rows = (await db().select().from(settlementEntries)).filter(
    (e) => e.sellerId === sellerId && pick(e),
  )
  return -rows.reduce((s, e) => s + e.amountPaise, 0)
}
const inNovember = (e: { createdAt: Date }) =>
  e.createdAt >= new Date('2026-10-31T18:30:00Z') && e.createdAt < new Date('2026-11-30T18:30:00Z')
const inDecember = (e: { createdAt: Date }) => e.createdAt >= new Date('2026-11-30T18:30:00Z')

const documentsOf = (sellerId: string) =>
  db().select().from(feeInvoices).where(eq(feeInvoices.sellerId, sellerId))

const get = (cookie: string, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/admin/settlements${url}`, headers: { cookie } })

async function pdfText(cookie: string, id: string) {
  const res = await get(cookie, `/fee-invoices/${id}/pdf`)
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200)
  expect(res.headers['content-type']).toBe('application/pdf')
  const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload))
  return (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ')
}

describe('the monthly fee invoice', () => {
  it('is issued by the hourly job once November has ended in India, each once', async () => {
    // The world's last step ran the jobs on 3 December: November's invoices are out.
    const issued = await db().select().from(feeInvoices)
    expect(issued.map((r) => `${r.month} ${r.kind}`)).toEqual([
      '2026-11 invoice',
      '2026-11 invoice',
    ])
    expect(issued.map((r) => r.issuedAt)).toEqual(
      [clock.now(), clock.now()].map(() => expect.any(Date)),
    )
    // December goes on; November is done.
    expect(await issueFeeInvoices(deps(), '2026-12')).toBe(0)
    expect(await issueFeeInvoices(deps(), '2026-11')).toBe(0)
  })

  it('bills each seller November’s commission and closing fees with their GST', async () => {
    const [a] = await documentsOf(w.sellerA.user.id)
    expect(a).toMatchObject({ month: '2026-11', kind: 'invoice', fy: 2026 })
    expect(a!.number).toMatch(/^MF\/2627\/00000[12]$/)
    // Everything the marketplace took for its services in November: the return's reversal
    // came in December, so it is not netted here.
    const novemberFees = await charged(
      w.sellerA.user.id,
      (e) => inNovember(e) && FEE_KINDS.includes(e.kind as (typeof FEE_KINDS)[number]),
    )
    expect(a!.totalPaise).toBe(novemberFees)
    const doc = a!.document
    expect(doc.lines.map((l) => [l.description, l.sac, l.rateBp])).toEqual([
      ['Commission on sales through the marketplace, November 2026', '998599', 1800],
      ['Fixed closing fees on orders delivered, November 2026', '998599', 1800],
    ])
    // The marketplace is in Karnataka, seller A in Maharashtra: IGST, supplied where A is.
    expect(doc).toMatchObject({
      taxKind: 'IGST',
      placeOfSupply: { code: '27', name: 'Maharashtra' },
      supplier: { gstin: t.app.deps.config.marketplace.gstin },
      recipient: { name: '=Asha "Best" Traders, Mumbai' },
    })
    expect(doc.totals.cgstPaise + doc.totals.sgstPaise).toBe(0)
    const feeGst = await charged(w.sellerA.user.id, (e) => inNovember(e) && e.kind === 'feeGst')
    expect(doc.totals.igstPaise).toBe(feeGst)
    expect(doc.totals.taxablePaise + doc.totals.igstPaise).toBe(doc.totals.totalPaise)
    const numbers = (await db().select().from(feeInvoices)).map((r) => r.number).sort()
    expect(numbers).toEqual(['MF/2627/000001', 'MF/2627/000002'])
  })

  it('gives back November’s commission on a December credit note against November’s invoice', async () => {
    clock.advance(new Date('2027-01-01T00:00:00Z').getTime() - clock.now().getTime())
    // Two processes at once issue each document once.
    const [one, two] = await Promise.all([issueDueFeeInvoices(deps()), issueDueFeeInvoices(deps())])
    expect(one + two).toBe(2)
    const docs = await documentsOf(w.sellerA.user.id)
    const november = docs.find((d) => d.month === '2026-11')!
    const invoice = docs.find((d) => d.month === '2026-12' && d.kind === 'invoice')!
    const credit = docs.find((d) => d.month === '2026-12' && d.kind === 'credit')!
    expect(invoice.number).toBe('MF/2627/000003')
    expect(credit.number).toBe('MFC/2627/000001')
    // December's invoice: the tablet's fees; its credit note: what the return gave back.
    expect(invoice.totalPaise).toBe(
      await charged(
        w.sellerA.user.id,
        (e) => inDecember(e) && FEE_KINDS.includes(e.kind as (typeof FEE_KINDS)[number]),
      ),
    )
    const givenBack = -(await charged(
      w.sellerA.user.id,
      (e) => inDecember(e) && REVERSALS.includes(e.kind as (typeof REVERSALS)[number]),
    ))
    expect(givenBack).toBeGreaterThan(0)
    expect(credit.totalPaise).toBe(givenBack)
    expect(credit.document.against).toEqual([
      { number: november.number, issuedAt: november.issuedAt.toISOString(), month: '2026-11' },
    ])
    expect(credit.document.lines.map((l) => l.description)).toEqual([
      'Commission given back on goods returned, December 2026',
    ])
    // Seller B sold nothing in December.
    expect((await documentsOf(w.sellerB.user.id)).map((d) => d.month)).toEqual(['2026-11'])
  })
})

describe('the fee invoices’ routes', () => {
  it('lists a seller its own documents, newest month first, and each downloads as a PDF', async () => {
    const res = await get(w.sellerA.cookie, '/fee-invoices')
    expect(res.statusCode, res.body).toBe(200)
    const list = res.json().data
    // Newest month first; in a month the credit note, then the invoice.
    expect(list.map((d: { month: string; kind: string }) => `${d.month} ${d.kind}`)).toEqual([
      '2026-12 credit',
      '2026-12 invoice',
      '2026-11 invoice',
    ])
    const credit = list.find((d: { kind: string }) => d.kind === 'credit')
    expect(credit).toMatchObject({
      gstin: expect.stringMatching(/^27/),
      placeOfSupply: '27-Maharashtra',
    })
    expect(credit.against).toHaveLength(1)

    const text = await pdfText(w.sellerA.cookie, credit._id)
    for (const words of [
      'CREDIT NOTE',
      credit.number,
      `Against invoice ${credit.against[0]} (November 2026)`,
      'Place of supply Maharashtra (27)',
      'Commission given back on goods returned, December 2026',
      '998599',
      credit.gstin,
    ]) {
      expect(text).toContain(words)
    }
    const invoice = list.find((d: { month: string; kind: string }) => d.month === '2026-11')
    const invoiceText = await pdfText(w.sellerA.cookie, invoice._id)
    expect(invoiceText).toContain('TAX INVOICE')
    expect(invoiceText).toContain(
      `Invoice total ₹${invoice.total.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`,
    )
  })

  it('keeps each seller to its own, and the month’s list to admins', async () => {
    const [aDoc] = await documentsOf(w.sellerA.user.id)
    expect((await get(w.sellerB.cookie, `/fee-invoices/${aDoc!.id}/pdf`)).statusCode).toBe(403)
    expect((await get(w.admin, `/fee-invoices/${aDoc!.id}/pdf`)).statusCode).toBe(200)
    expect((await get(w.admin, `/fee-invoices/${crypto.randomUUID()}/pdf`)).statusCode).toBe(404)
    expect((await get(w.shopper.cookie, `/fee-invoices/${aDoc!.id}/pdf`)).statusCode).toBe(403)
    expect((await get(w.sellerA.cookie, '/reports/fee-invoices?month=2026-11')).statusCode).toBe(
      403,
    )
    const own = (await get(w.sellerB.cookie, '/fee-invoices')).json().data
    expect(own.map((d: { sellerId: string }) => d.sellerId)).toEqual([w.sellerB.user.id])
    const asAdmin = await get(w.admin, `/sellers/${w.sellerB.user.id}/fee-invoices`)
    expect(asAdmin.json().data).toEqual(own)
  })

  it('gives admins the month’s documents for GSTR-1, as JSON and CSV', async () => {
    const res = await get(w.admin, '/reports/fee-invoices?month=2026-12')
    expect(res.statusCode, res.body).toBe(200)
    expect(
      res
        .json()
        .data.map((d: { number: string }) => d.number)
        .sort(),
    ).toEqual(['MF/2627/000003', 'MFC/2627/000001'])
    const csv = await get(w.admin, '/reports/fee-invoices?month=2026-12&format=csv')
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="fee-invoices-2026-12.csv"',
    )
    const lines = csv.body.trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      'Document type,Number,Date,Recipient GSTIN,Recipient name,Place of supply,Reverse charge,Against invoices,Rate (%),Taxable value,IGST,CGST,SGST/UTGST,Total',
    )
    expect(lines).toHaveLength(3)
    // The recipient's name starts like a formula: the CSV keeps it text.
    expect(lines[1]).toContain(`"'=Asha ""Best"" Traders, Mumbai"`)
    expect((await get(w.admin, '/reports/fee-invoices?month=2026-13')).statusCode).toBe(400)
  })
})
