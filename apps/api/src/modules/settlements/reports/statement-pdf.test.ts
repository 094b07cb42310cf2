import {
  SETTLEMENT_ENTRY_KIND_LABELS,
  type SellerStatementResponse,
  type SettlementEntryKind,
} from '@techbazaar/shared'
import { extractText, getDocumentProxy } from 'unpdf'
import { describe, expect, it } from 'vitest'
import { renderStatementPdf, STATEMENT_FOOTER_NOTE, type StatementSeller } from './statement-pdf'

/*
 * The statement's PDF on its own (no database, no thread): a long month flows over pages with
 * the table's header and the page count on each; an empty month says so.
 */

type Statement = SellerStatementResponse['data']
type Entry = Statement['parts'][number]['entries'][number]

const seller: StatementSeller = {
  address: ['12 MG Road', 'Bengaluru 560001', 'Karnataka'],
  gstin: '29AAACA1234K1Z5',
  pan: 'AAACA1234K',
}

let sequence = 0
function entry(kind: SettlementEntryKind, amount: number, extra: Partial<Entry> = {}): Entry {
  sequence += 1
  return {
    id: `5a6b7c8d-1e2f-4a3b-8c4d-${String(sequence).padStart(12, '0')}`,
    at: '2026-11-10T09:30:00.000Z',
    kind,
    label: SETTLEMENT_ENTRY_KIND_LABELS[kind],
    amount,
    quantity: null,
    base: null,
    rate: null,
    igst: 0,
    cgst: 0,
    sgst: 0,
    taxPeriod: null,
    returnId: null,
    ...extra,
  }
}

const november = {
  sellerId: '0f1e2d3c-4b5a-4968-8776-000000000001',
  sellerName: 'Tech Tokri',
  month: '2026-11',
  from: '2026-10-31T18:30:00.000Z',
  to: '2026-11-30T18:30:00.000Z',
}

/** November with `orders` delivered parts of six entries each (a sale and what it was charged). */
function longMonth(orders: number): Statement {
  const parts = Array.from({ length: orders }, (_, i) => {
    const at = new Date(Date.UTC(2026, 10, 1 + (i % 29), 6)).toISOString()
    const entries = [
      entry('sale', 1999, { at, quantity: 1 }),
      entry('commission', -119.94, { at, base: 1999, rate: 6 }),
      entry('closingFee', -20, { at }),
      entry('feeGst', -25.19, { at, base: 139.94, rate: 18 }),
      entry('tcs', -8.47, { at, base: 1694.07, rate: 0.5 }),
      entry('tds', -1.69, { at, base: 1694.07, rate: 0.1 }),
    ]
    return {
      subOrderId: `9a8b7c6d-5e4f-4a3b-8c2d-${String(i).padStart(12, '0')}`,
      orderId: `1d2c3b4a-5e6f-4a7b-8c9d-${String(i).padStart(12, '0')}`,
      orderNumber: `TB-${20000 + i}`,
      total: 1823.71,
      entries,
    }
  })
  const net = Math.round(orders * 182371 - 1000000) / 100
  return {
    ...november,
    openingBalance: 500,
    closingBalance: Math.round(50000 + orders * 182371 - 1000000) / 100,
    parts,
    payouts: [
      {
        ...entry('payout', -10000, { at: '2026-11-20T05:00:00.000Z' }),
        payoutId: '6f5e4d3c-5e6f-4a7b-8c9d-000000000001',
        payoutAmount: 10000,
        utr: '526012345678',
        status: 'paid',
      },
    ],
    totals: { byKind: [], net },
  }
}

/** Each page's text, in single spaces. */
async function pagesOf(pdf: Buffer): Promise<string[]> {
  const doc = await getDocumentProxy(new Uint8Array(pdf))
  const { text } = await extractText(doc, { mergePages: false })
  return text.map((page) => page.replace(/\s+/g, ' '))
}

describe('the statement PDF', () => {
  it('carries a month of 300 entries over several pages, each with the header row and its number', async () => {
    const statement = longMonth(50)
    expect(statement.parts.flatMap((p) => p.entries)).toHaveLength(300)
    const pdf = await renderStatementPdf(statement, seller, 'TechBazaar')
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    const pages = await pagesOf(pdf)
    expect(pages.length).toBeGreaterThanOrEqual(4)
    pages.forEach((page, i) => {
      expect(page, `page ${i + 1}`).toContain('SELLER STATEMENT')
      expect(page, `page ${i + 1}`).toContain('November 2026')
      expect(page, `page ${i + 1}`).toContain(`Page ${i + 1} of ${pages.length}`)
      expect(page, `page ${i + 1}`).toContain(STATEMENT_FOOTER_NOTE)
    })
    // Every page the entries reach opens their table with its header row, and its first
    // entry names its order even when the order began on the page before.
    const withEntries = pages.filter((page) => /TB-2\d{4}/.test(page))
    expect(withEntries.length).toBeGreaterThanOrEqual(3)
    for (const page of withEntries) {
      expect(page).toMatch(/Date Order Entry Amount \d{1,2} Nov 2026 TB-2\d{4} /)
    }
    // Every entry is there once; the month ends on its payout and closing balance.
    const all = pages.join(' ')
    expect(all.match(/Commission · 6% of ₹1,999\.00/g)).toHaveLength(50)
    expect(all).toContain('Total for TB-20049')
    expect(all).toContain('526012345678')
    expect(pages.at(-1)).toContain('Closing balance ₹81,685.50')
  })

  it('prints the seller, its balances and signed amounts', async () => {
    const statement = longMonth(1)
    const [page] = await pagesOf(await renderStatementPdf(statement, seller, 'TechBazaar'))
    for (const text of [
      'Tech Tokri',
      '12 MG Road',
      'GSTIN: 29AAACA1234K1Z5',
      'PAN: AAACA1234K',
      'Period 1 Nov 2026 to 30 Nov 2026',
      'Opening balance ₹500.00',
      'Sale · 1 unit ₹1,999.00',
      'Commission · 6% of ₹1,999.00 −₹119.94',
      'Payout Paid 526012345678 −₹10,000.00',
      'Closing balance −₹7,676.29',
    ]) {
      expect(page).toContain(text)
    }
  })

  it('says a month without entries has none, with the opening balance carried to the close', async () => {
    const statement: Statement = {
      ...november,
      openingBalance: 1234.5,
      closingBalance: 1234.5,
      parts: [],
      payouts: [],
      totals: { byKind: [], net: 0 },
    }
    const pdf = await renderStatementPdf(
      statement,
      { address: [], gstin: null, pan: null },
      'TechBazaar',
    )
    const pages = await pagesOf(pdf)
    expect(pages).toHaveLength(1)
    expect(pages[0]).toContain('No entries in November 2026')
    expect(pages[0]).toContain('Closing balance ₹1,234.50')
    expect(pages[0]).toContain('Page 1 of 1')
    expect(pages[0]).not.toContain('GSTIN')
    expect(pages[0]).not.toContain('Date Order Entry Amount')
  })
})
