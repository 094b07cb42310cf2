import { eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../../test/app'
import { createClock } from '../../../../test/clock'
import { creditNotes, invoices, payouts, settlementEntries } from '../../../db/schema'
import { BOUNDARY, reportsWorld } from './fixtures'
import { settlementPdfRenderer } from './settlement-pdfs'

/*
 * The ledger's reports (decision 61) against the entries the shop's own routes wrote: every
 * figure to the paisa, months in IST, each seller only its own, CSV that a spreadsheet cannot
 * turn into a formula, and a 400 for every malformed month or quarter.
 */

const clock = createClock()
let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now }, env: { MARKETPLACE_TAN: 'blrt12345a' } })
})
afterAll(() => t.close())
const db = () => t.database.db
let w: Awaited<ReturnType<ReturnType<typeof reportsWorld>['build']>>
beforeAll(async () => {
  w = await reportsWorld(() => t, clock).build()
}, 120_000)

const get = (cookie: string, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/admin/settlements${url}`, headers: { cookie } })
const json = async (cookie: string, url: string) => {
  const res = await get(cookie, url)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data
}
const paise = (rupees: number) => Math.round(rupees * 100)
const entries = () => db().select().from(settlementEntries)
const sum = (rows: { amountPaise: number }[]) => rows.reduce((s, r) => s + r.amountPaise, 0)
const sumOf = <T>(rows: T[], pick: (r: T) => number | null) =>
  rows.reduce((s, r) => s + (pick(r) ?? 0), 0)
/** A PDF's text in single spaces, as the invoices' tests read theirs. */
async function pdfText(pdf: Buffer) {
  const doc = await getDocumentProxy(new Uint8Array(pdf))
  return (await extractText(doc, { mergePages: true })).text.replace(/\s+/g, ' ')
}
/** Rupees as the statement PDF prints them: two decimals, Indian grouping, a minus sign. */
const printed = (rupees: number) =>
  `${rupees < 0 ? '−' : ''}₹${Math.abs(rupees).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`
const csvLines = (body: string) => {
  expect(body.endsWith('\r\n')).toBe(true)
  expect(body.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/)
  return body.slice(0, -2).split('\r\n')
}

describe("a seller's monthly statement", () => {
  it('chains November into December to the paisa, the 1 Dec 00:30 IST delivery in December', async () => {
    const mine = (await entries()).filter((e) => e.sellerId === w.sellerA.user.id)
    const nov = await json(w.sellerA.cookie, '/statements/2026-11')
    const dec = await json(w.sellerA.cookie, '/statements/2026-12')
    expect(nov).toMatchObject({ month: '2026-11', from: '2026-10-31T18:30:00.000Z' })
    expect(nov.to).toBe('2026-11-30T18:30:00.000Z')
    expect(nov.openingBalance).toBe(0)
    // November: part A's delivery only; part B's credits (2026-11-30T19:00Z) are December's.
    expect(nov.parts.map((p: { subOrderId: string }) => p.subOrderId)).toEqual([w.parts.a])
    const novRows = mine.filter((e) => e.createdAt < new Date(nov.to))
    expect(paise(nov.closingBalance)).toBe(sum(novRows))
    expect(dec.openingBalance).toBe(nov.closingBalance)
    const decRows = mine.filter((e) => e.createdAt >= new Date(dec.from))
    expect(paise(dec.closingBalance)).toBe(paise(dec.openingBalance) + sum(decRows))
    expect(paise(dec.totals.net)).toBe(sum(decRows))
    const partB = dec.parts.find((p: { subOrderId: string }) => p.subOrderId === w.parts.b)
    expect(partB.entries.every((e: { at: string }) => e.at === BOUNDARY.toISOString())).toBe(true)
    expect(partB.entries[0]).toMatchObject({ kind: 'sale', label: 'Sale', quantity: 1 })
    // The return's reversals sit under part A in December.
    const partA = dec.parts.find((p: { subOrderId: string }) => p.subOrderId === w.parts.a)
    expect(partA.entries.map((e: { kind: string }) => e.kind)).toContain('tcsReversal')
    expect(partA.entries.every((e: { returnId: string }) => e.returnId === w.returnId)).toBe(true)
    // Each kind's total is its entries' sum.
    for (const k of dec.totals.byKind) {
      expect(paise(k.amount)).toBe(sum(decRows.filter((e) => e.kind === k.kind)))
    }
  })

  it('lists the payout with its UTR and status', async () => {
    const dec = await json(w.sellerA.cookie, '/statements/2026-12')
    const [payout] = await db()
      .select()
      .from(payouts)
      .where(eq(payouts.sellerId, w.sellerA.user.id))
    expect(dec.payouts).toHaveLength(1)
    expect(dec.payouts[0]).toMatchObject({
      kind: 'payout',
      payoutId: payout!.id,
      status: 'paid',
      utr: payout!.utr,
      amount: -payout!.amountPaise / 100,
      payoutAmount: payout!.amountPaise / 100,
    })
    expect(payout!.utr).toMatch(/^\d{12}$/)
  })

  it('downloads one CSV row per entry, numbers as numbers', async () => {
    const res = await get(w.sellerA.cookie, '/statements/2026-12?format=csv')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="statement-2026-12-[0-9a-f]{8}\.csv"$/,
    )
    const lines = csvLines(res.body)
    expect(lines[0]).toBe(
      'Date,Order,Entry,Quantity,Base,Rate %,IGST,CGST,SGST/UTGST,Amount,GSTR-8 month,Payout UTR,Payout status,Entry ID',
    )
    const decRows = (await entries()).filter(
      (e) => e.sellerId === w.sellerA.user.id && e.createdAt >= new Date('2026-11-30T18:30:00Z'),
    )
    expect(lines).toHaveLength(1 + decRows.length)
    const first = lines[1]!.split(',')
    expect(first[0]).toBe('2026-12-01')
    expect(first[2]).toBe('Sale')
    // A debit is a plain negative number, never turned into text.
    const commission = lines.find((l) => l.includes(',Commission,'))!.split(',')
    expect(commission[9]).toMatch(/^-\d+\.\d{2}$/)
    const amounts = lines.slice(1).map((l) => paise(Number(l.split(',')[9])))
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(sum(decRows))
  })
})

describe("a seller's monthly statement as a PDF", () => {
  const pdfName = /^attachment; filename="statement-2026-12-[0-9a-f]{8}\.pdf"$/

  it('downloads the month for the seller, rendered in the worker thread, with what the JSON reports', async () => {
    const dec = await json(w.sellerA.cookie, '/statements/2026-12')
    const rendersBefore = settlementPdfRenderer.completed
    const res = await get(w.sellerA.cookie, '/statements/2026-12?format=pdf')
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toMatch(pdfName)
    expect(res.headers['content-disposition']).toContain(w.sellerA.user.id.slice(0, 8))
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    expect(settlementPdfRenderer.completed - rendersBefore).toBe(1)
    // PDFs are counted per account, like invoice downloads; the JSON and CSV are not.
    expect(res.headers['x-ratelimit-limit']).toBe('30')
    const csv = await get(w.sellerA.cookie, '/statements/2026-12?format=csv')
    expect(csv.headers['x-ratelimit-limit']).toBeUndefined()

    const text = await pdfText(res.rawPayload)
    expect(dec.payouts[0].utr).toMatch(/^\d{12}$/)
    for (const expected of [
      'SELLER STATEMENT',
      'December 2026',
      dec.sellerName,
      'PAN: AAACA1234K',
      '1 Marine Drive',
      dec.parts[0].orderNumber,
      dec.payouts[0].utr,
      `Opening balance ${printed(dec.openingBalance)}`,
      `Closing balance ${printed(dec.closingBalance)}`,
      'Amounts in rupees; months in India time',
    ]) {
      expect(text).toContain(expected)
    }
    const pages = Number(/Page 1 of (\d+)/.exec(text)?.[1])
    expect(text).toContain(`Page ${pages} of ${pages}`)
  })

  it('downloads any seller’s for an admin, and says so when a month has no entries', async () => {
    const a = w.sellerA.user.id
    const res = await get(w.admin, `/sellers/${a}/statements/2026-12?format=pdf`)
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toMatch(pdfName)
    const own = await get(w.sellerA.cookie, '/statements/2026-12?format=pdf')
    expect(await pdfText(res.rawPayload)).toBe(await pdfText(own.rawPayload))

    const october = await get(
      w.admin,
      `/sellers/${w.sellerB.user.id}/statements/2026-10?format=pdf`,
    )
    expect(october.statusCode).toBe(200)
    const text = await pdfText(october.rawPayload)
    expect(text).toContain('No entries in October 2026')
    expect(text).toContain(`Closing balance ${printed(0)}`)
  })

  it('refuses another seller’s (403), a shopper (403), nobody (401) and a malformed month (400)', async () => {
    const a = w.sellerA.user.id
    const others = `/sellers/${a}/statements/2026-12?format=pdf`
    expect((await get(w.sellerB.cookie, others)).statusCode).toBe(403)
    expect((await get(w.shopper.cookie, '/statements/2026-12?format=pdf')).statusCode).toBe(403)
    expect((await get('', '/statements/2026-12?format=pdf')).statusCode).toBe(401)
    for (const [cookie, url] of [
      [w.sellerA.cookie, '/statements/2026-13?format=pdf'],
      [w.admin, `/sellers/${a}/statements/2026-1?format=pdf`],
    ] as const) {
      const res = await get(cookie, url)
      expect(res.statusCode, url).toBe(400)
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain('month')
    }
  })
})

describe('GSTR-8', () => {
  it('reports November per supplier GSTIN, recipient kind and place of supply, to the paisa', async () => {
    const data = await json(w.admin, '/reports/gstr8?month=2026-11')
    const tcs = (await entries()).filter(
      (e) => e.taxPeriod === '2026-11' && (e.kind === 'tcs' || e.kind === 'tcsReversal'),
    )
    const [invA] = await db().select().from(invoices).where(eq(invoices.subOrderId, w.parts.a))
    const a = invA!.document.supplier
    expect(data.operator).toEqual({ gstin: '29AAGCB7383J1Z4', legalName: expect.any(String) })
    const rowsOfA = data.rows.filter((r: { gstin: string }) => r.gstin === a.gstin)
    expect(rowsOfA.map((r: { table: string }) => r.table)).toEqual(['3A', '3B'])
    const [registered, unregistered] = rowsOfA
    // Part B: the Mumbai business, CGST + SGST; part A: Bengaluru, IGST.
    expect(registered).toMatchObject({
      legalName: '=Asha "Best" Traders, Mumbai',
      sellerId: w.sellerA.user.id,
      placeOfSupply: { code: '27', name: 'Maharashtra' },
      returnedValue: 0,
      igst: 0,
    })
    expect(registered.cgst).toBe(registered.sgst)
    expect(unregistered).toMatchObject({ placeOfSupply: { code: '29' }, cgst: 0, sgst: 0 })
    expect(paise(unregistered.grossValue)).toBe(invA!.document.totals.taxablePaise)
    const ofSub = (id: string) => tcs.filter((e) => e.subOrderId === id)
    expect(paise(unregistered.igst)).toBe(sumOf(ofSub(w.parts.a), (e) => e.igstPaise))
    expect(paise(registered.grossValue)).toBe(sumOf(ofSub(w.parts.b), (e) => e.basePaise))
    expect(paise(registered.netValue)).toBe(paise(registered.grossValue))
    // The totals are every TCS entry of the month.
    expect(paise(data.totals.grossValue)).toBe(sumOf(tcs, (e) => e.basePaise))
    expect(paise(data.totals.tcs)).toBe(-sum(tcs))
    expect(data.rows).toHaveLength(3)
  })

  it("reports December's return as a value returned with the TCS given back", async () => {
    const data = await json(w.admin, '/reports/gstr8?month=2026-12')
    const back = (await entries()).filter((e) => e.kind === 'tcsReversal')
    expect(back.every((e) => e.taxPeriod === '2026-12')).toBe(true)
    expect(data.rows).toHaveLength(1)
    expect(data.rows[0]).toMatchObject({ table: '3B', grossValue: 0, cgst: 0, sgst: 0 })
    expect(paise(data.rows[0].returnedValue)).toBe(-sumOf(back, (e) => e.basePaise))
    expect(paise(data.rows[0].netValue)).toBe(sumOf(back, (e) => e.basePaise))
    expect(paise(data.rows[0].igst)).toBe(sumOf(back, (e) => e.igstPaise))
    expect(data.rows[0].igst).toBeLessThan(0)
    expect(data.totals.tcs).toBe(data.rows[0].igst)
  })

  it('downloads the rows as CSV in the form’s column order, text cells guarded, no totals', async () => {
    const res = await get(w.admin, '/reports/gstr8?month=2026-11&format=csv')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe('attachment; filename="gstr8-2026-11.csv"')
    const lines = csvLines(res.body)
    expect(lines[0]).toBe(
      'Table,GSTIN of supplier,Place of supply (POS),Gross value of supplies made,Value of supplies returned,Net amount liable for TCS,Integrated tax,Central tax,State/UT tax,Trade/Legal name of supplier',
    )
    expect(lines).toHaveLength(4)
    const json8 = await json(w.admin, '/reports/gstr8?month=2026-11')
    const r = json8.rows[0]
    expect(lines[1]).toBe(
      [
        '3A',
        r.gstin,
        '27-Maharashtra',
        r.grossValue.toFixed(2),
        '0.00',
        r.netValue.toFixed(2),
        '0.00',
        r.cgst.toFixed(2),
        r.sgst.toFixed(2),
        `"'=Asha ""Best"" Traders, Mumbai"`,
      ].join(','),
    )
    const dec = csvLines((await get(w.admin, '/reports/gstr8?month=2026-12&format=csv')).body)
    // Negative figures stay numbers: no apostrophe.
    expect(dec[1]!.split(',')[5]).toMatch(/^-\d+\.\d{2}$/)
  })
})

describe('Form 26Q', () => {
  it('gives one row per seller and month of credit, returns adjusted in their month', async () => {
    const data = await json(w.admin, '/reports/26q?fy=2026&quarter=3')
    expect(data).toMatchObject({
      fy: 2026,
      quarter: 3,
      from: '2026-09-30T18:30:00.000Z',
      to: '2026-12-31T18:30:00.000Z',
    })
    const tds = (await entries()).filter((e) => e.kind === 'tds' || e.kind === 'tdsReversal')
    const of = (seller: string, from: string, to: string) =>
      tds.filter(
        (e) => e.sellerId === seller && e.createdAt >= new Date(from) && e.createdAt < new Date(to),
      )
    const aNov = of(w.sellerA.user.id, '2026-10-31T18:30Z', '2026-11-30T18:30Z')
    const aDec = of(w.sellerA.user.id, '2026-11-30T18:30Z', '2026-12-31T18:30Z')
    const bNov = of(w.sellerB.user.id, '2026-10-31T18:30Z', '2026-11-30T18:30Z')
    const rows = data.rows as Record<string, unknown>[]
    const rowOf = (seller: string, month: string) =>
      rows.find((r) => r.sellerId === seller && r.month === month)!
    expect(rows).toHaveLength(3)
    const base = (list: typeof tds) => sumOf(list, (e) => e.basePaise)
    expect(rowOf(w.sellerA.user.id, '2026-11')).toMatchObject({
      deducteeCode: '01',
      pan: 'AAACA1234K',
      name: '+Asha Traders, "Pvt" Ltd',
      section: '194O',
      dateOfCredit: '2026-11-22',
      rate: 0.1,
      reason: null,
      returnedAdjusted: 0,
      amountCredited: base(aNov) / 100,
      tds: -sum(aNov) / 100,
    })
    // December: part B credited at 00:30 IST on the 1st, one phone's return adjusted on the 2nd.
    const dec = rowOf(w.sellerA.user.id, '2026-12')
    const back = aDec.filter((e) => e.kind === 'tdsReversal')
    expect(back).toHaveLength(1)
    expect(dec).toMatchObject({ dateOfCredit: '2026-12-02', rate: 0.1 })
    expect(paise(dec.grossCredited as number)).toBe(base(aDec.filter((e) => e.kind === 'tds')))
    expect(paise(dec.returnedAdjusted as number)).toBe(-base(back))
    expect(paise(dec.amountCredited as number)).toBe(base(aDec))
    expect(paise(dec.tds as number)).toBe(-sum(aDec))
    // No PAN: PANNOTAVBL, 5%, reason C.
    expect(rowOf(w.sellerB.user.id, '2026-11')).toMatchObject({
      deducteeCode: '02',
      pan: 'PANNOTAVBL',
      rate: 5,
      reason: 'C',
      tds: -sum(bNov) / 100,
    })
    expect(data.totals).toEqual({
      amountCredited: base(tds) / 100,
      tds: -sum(tds) / 100,
      deductees: 2,
    })
    expect((await json(w.admin, '/reports/26q?fy=2026&quarter=4')).rows).toEqual([])
  })

  it('downloads the deductee rows as CSV with Indian dates and guarded names', async () => {
    const res = await get(w.admin, '/reports/26q?fy=2026&quarter=3&format=csv')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toBe('attachment; filename="form26q-fy2026-q3.csv"')
    const lines = csvLines(res.body)
    expect(lines[0]).toMatch(/^Deductee code,PAN of deductee,Name of deductee,Section code,/)
    expect(lines).toHaveLength(4)
    const a = lines.find((l) => l.includes('AAACA1234K') && l.includes('22/11/2026'))!
    expect(a).toContain(`,"'+Asha Traders, ""Pvt"" Ltd",194O,22/11/2026,`)
    const b = lines.find((l) => l.includes('PANNOTAVBL'))!.split(',')
    expect(b[11]).toBe('5')
    expect(b[12]).toBe('C')
  })
})

describe("a seller's TCS statement and Form 16A figures", () => {
  it('lists November’s invoices and December’s credit note, adding up to the seller’s GSTR-8 rows', async () => {
    const nov = await json(w.sellerA.cookie, '/tcs-statements/2026-11')
    const gstr8 = await json(w.admin, '/reports/gstr8?month=2026-11')
    const mine = gstr8.rows.filter((r: { sellerId: string }) => r.sellerId === w.sellerA.user.id)
    expect(nov.operator.gstin).toBe('29AAGCB7383J1Z4')
    expect(nov.seller.gstin).toBe(mine[0].gstin)
    const numbers = await db().select().from(invoices)
    const invoiceOf = (part: string) => numbers.find((i) => i.subOrderId === part)!
    expect(nov.invoices.map((i: { invoiceNumber: string }) => i.invoiceNumber)).toEqual([
      invoiceOf(w.parts.a).number,
      invoiceOf(w.parts.b).number,
    ])
    // Part B's invoice is of 30 Nov 23:30 IST: November's, though its credits are December's.
    expect(nov.invoices[1].invoiceDate).toBe('2026-11-30T18:00:00.000Z')
    expect(nov.returns).toEqual([])
    for (const key of ['grossValue', 'igst', 'cgst', 'sgst']) {
      const total = mine.reduce((s: number, r: Record<string, number>) => s + paise(r[key]!), 0)
      expect(paise(nov.totals[key])).toBe(total)
    }
    const dec = await json(w.sellerA.cookie, '/tcs-statements/2026-12')
    const [note] = await db().select().from(creditNotes).where(eq(creditNotes.returnId, w.returnId))
    expect(dec.invoices).toEqual([])
    expect(dec.returns).toEqual([
      expect.objectContaining({
        creditNoteNumber: note!.number,
        invoiceNumber: invoiceOf(w.parts.a).number,
      }),
    ])
    expect(dec.returns[0].returnedValue).toBeGreaterThan(0)
    expect(dec.totals.tcs).toBe(-dec.returns[0].igst)
    const csv = csvLines((await get(w.sellerA.cookie, '/tcs-statements/2026-12?format=csv')).body)
    expect(csv[1]).toMatch(/^Credit note,/)
    expect(csv[1]!.split(',')[7]).toBe((-dec.returns[0].returnedValue).toFixed(2))
  })

  it('gives Form 16A figures that match the seller’s 26Q rows', async () => {
    const cert = await json(w.sellerA.cookie, '/tds-certificates/2026/3')
    const q3 = await json(w.admin, '/reports/26q?fy=2026&quarter=3')
    const rows = q3.rows.filter((r: { sellerId: string }) => r.sellerId === w.sellerA.user.id)
    expect(cert).toMatchObject({
      assessmentYear: '2027-28',
      section: '194O',
      deductor: { tan: 'BLRT12345A', pan: 'AAGCB7383J' },
      deductee: { pan: 'AAACA1234K', name: '+Asha Traders, "Pvt" Ltd' },
    })
    expect(cert.months.map((m: { month: string }) => m.month)).toEqual(['2026-11', '2026-12'])
    expect(cert.totals.tds).toBe(rows.reduce((s: number, r: { tds: number }) => s + r.tds, 0))
    const b = await json(w.admin, `/sellers/${w.sellerB.user.id}/tds-certificates/2026/3`)
    expect(b.deductee.pan).toBe('PANNOTAVBL')
    expect(b.months[0]).toMatchObject({ rate: 5, reason: 'C' })
  })
})

describe('access', () => {
  it('shows a seller its own, an admin anyone’s, and nobody else anything', async () => {
    const a = w.sellerA.user.id
    const own = await json(w.sellerA.cookie, '/statements/2026-11')
    expect(await json(w.admin, `/sellers/${a}/statements/2026-11`)).toEqual(own)
    // Seller B's own statement holds only its own part.
    const b = await json(w.sellerB.cookie, '/statements/2026-11')
    expect(b.parts.map((p: { subOrderId: string }) => p.subOrderId)).toEqual([w.parts.c])
    for (const url of [
      `/sellers/${a}/statements/2026-11`,
      `/sellers/${a}/tcs-statements/2026-11`,
      `/sellers/${a}/tds-certificates/2026/3`,
      '/reports/gstr8?month=2026-11',
      '/reports/26q?fy=2026&quarter=3',
    ]) {
      expect((await get(w.sellerB.cookie, url)).statusCode, url).toBe(403)
      expect((await get(w.shopper.cookie, url)).statusCode, url).toBe(403)
    }
    for (const url of [
      '/statements/2026-11',
      '/tcs-statements/2026-11',
      '/tds-certificates/2026/3',
    ]) {
      expect((await get(w.shopper.cookie, url)).statusCode, url).toBe(403)
      expect((await get('', url)).statusCode, url).toBe(401)
    }
    const nobody = await get(w.admin, `/sellers/${w.shopper.user.id}/statements/2026-11`)
    expect(nobody.statusCode).toBe(404)
  })

  it('answers 400 with the field for a malformed month, year, quarter or format', async () => {
    const a = w.sellerA.user.id
    for (const [url, path] of [
      ['/statements/2026-13', 'month'],
      ['/statements/2026-1', 'month'],
      ['/tcs-statements/nov-2026', 'month'],
      ['/statements/2026-11?format=xlsx', 'format'],
      ['/tds-certificates/2026/5', 'quarter'],
      ['/tds-certificates/26/1', 'fy'],
      [`/sellers/not-an-id/statements/2026-11`, 'sellerId'],
      [`/sellers/${a}/tds-certificates/2026/0`, 'quarter'],
    ] as const) {
      const res = await get(url.startsWith('/sellers') ? w.admin : w.sellerA.cookie, url)
      expect(res.statusCode, url).toBe(400)
      const body = res.json()
      expect(body.success).toBe(false)
      expect(body.message).toEqual(expect.any(String))
      expect(body.errors.map((e: { path: string }) => e.path)).toContain(path)
    }
    for (const [query, path] of [
      ['', 'month'],
      ['?month=2026-00', 'month'],
      ['?month=2026-11&format=pdf', 'format'],
    ]) {
      const res = await get(w.admin, `/reports/gstr8${query}`)
      expect(res.statusCode, query).toBe(400)
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path)
    }
    for (const query of [
      '?fy=2026',
      '?fy=2026&quarter=q3',
      '?fy=abc&quarter=1',
      '?fy=2026.5&quarter=1',
    ]) {
      const res = await get(w.admin, `/reports/26q${query}`)
      expect(res.statusCode, query).toBe(400)
      expect(res.json().success).toBe(false)
    }
  })
})
