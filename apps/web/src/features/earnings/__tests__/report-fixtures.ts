import type {
  SellerStatementResponse,
  TcsStatementResponse,
  TdsCertificateResponse,
} from '@techbazaar/shared'
import { sellerIdOf } from '@/test/payout-fixtures'

type Statement = SellerStatementResponse['data']
type Entry = Statement['parts'][number]['entries'][number]

let sequence = 0

/** A ledger entry with no rate or tax unless given. */
export function entry(overrides: Partial<Entry> & Pick<Entry, 'kind' | 'label' | 'amount'>): Entry {
  sequence += 1
  return {
    id: `5a6b7c8d-1e2f-4a3b-8c4d-${String(sequence).padStart(12, '0')}`,
    at: '2026-10-10T09:30:00.000Z',
    quantity: null,
    base: null,
    rate: null,
    igst: 0,
    cgst: 0,
    sgst: 0,
    taxPeriod: null,
    returnId: null,
    ...overrides,
  }
}

/**
 * October 2026: one part delivered on 10 October (returned in part on 20 October), one paid
 * payout with its UTR and one failed.
 */
export function statementOf(overrides: Partial<Statement> = {}): Statement {
  return {
    sellerId: sellerIdOf(1),
    sellerName: 'Tech Tokri',
    month: '2026-10',
    from: '2026-09-30T18:30:00.000Z',
    to: '2026-10-31T18:30:00.000Z',
    openingBalance: 12000,
    closingBalance: 8434.19,
    parts: [
      {
        subOrderId: '9a8b7c6d-5e4f-4a3b-8c2d-000000000001',
        orderId: '1d2c3b4a-5e6f-4a7b-8c9d-000000000001',
        orderNumber: 'TB-10241',
        total: 3434.19,
        entries: [
          entry({ kind: 'sale', label: 'Sale', amount: 3998, quantity: 2 }),
          entry({
            kind: 'commission',
            label: 'Commission',
            amount: -239.88,
            base: 3998,
            rate: 6,
          }),
          entry({ kind: 'tcs', label: 'TCS (GST)', amount: -16.94, base: 3388.14, rate: 0.5 }),
          entry({
            kind: 'saleReversal',
            label: 'Sale returned',
            amount: -306.99,
            at: '2026-10-20T06:00:00.000Z',
          }),
        ],
      },
    ],
    payouts: [
      {
        ...entry({
          kind: 'payout',
          label: 'Payout',
          amount: -7000,
          at: '2026-10-12T04:30:00.000Z',
        }),
        payoutId: '6f5e4d3c-5e6f-4a7b-8c9d-000000000001',
        payoutAmount: 7000,
        utr: 'HDFCN52601234567',
        status: 'paid',
      },
    ],
    totals: {
      byKind: [
        { kind: 'sale', label: 'Sale', amount: 3998 },
        { kind: 'commission', label: 'Commission', amount: -239.88 },
        { kind: 'tcs', label: 'TCS (GST)', amount: -16.94 },
        { kind: 'saleReversal', label: 'Sale returned', amount: -306.99 },
        { kind: 'payout', label: 'Payout', amount: -7000 },
      ],
      net: -3565.81,
    },
    ...overrides,
  }
}

type Tcs = TcsStatementResponse['data']

export function tcsStatementOf(overrides: Partial<Tcs> = {}): Tcs {
  return {
    sellerId: sellerIdOf(1),
    month: '2026-10',
    operator: { gstin: '29AAGCB7383J1Z4', legalName: 'TechBazaar Retail Pvt. Ltd.' },
    seller: { name: 'Tech Tokri', gstin: '27ABCPE1234F1Z5' },
    invoices: [
      {
        invoiceNumber: 'TB/2627/000039',
        invoiceDate: '2026-10-03T06:00:00.000Z',
        orderNumber: 'TB-10241',
        supplierGstin: '27ABCPE1234F1Z5',
        placeOfSupply: '27',
        taxableValue: 3388.14,
        igst: 0,
        cgst: 8.47,
        sgst: 8.47,
      },
    ],
    returns: [
      {
        creditNoteNumber: 'CN/2627/000004',
        creditNoteDate: '2026-10-20T06:00:00.000Z',
        invoiceNumber: 'TB/2627/000039',
        orderNumber: 'TB-10241',
        supplierGstin: '27ABCPE1234F1Z5',
        returnedValue: 260.16,
        igst: 0,
        cgst: 0.65,
        sgst: 0.65,
      },
    ],
    totals: {
      grossValue: 3388.14,
      returnedValue: 260.16,
      netValue: 3127.98,
      igst: 0,
      cgst: 7.82,
      sgst: 7.82,
      tcs: 15.64,
    },
    ...overrides,
  }
}

type Certificate = TdsCertificateResponse['data']

/** Quarter 3 of 2026-27: October at the no-PAN rate (reason C), November at 0.1%. */
export function certificateOf(overrides: Partial<Certificate> = {}): Certificate {
  return {
    sellerId: sellerIdOf(1),
    fy: 2026,
    quarter: 3,
    assessmentYear: '2027-28',
    from: '2026-09-30T18:30:00.000Z',
    to: '2026-12-31T18:30:00.000Z',
    deductor: {
      name: 'TechBazaar Retail Pvt. Ltd.',
      tan: null,
      pan: 'AAGCB7383J',
      address: ['No. 42, 80 Feet Road', 'Indiranagar', 'Bengaluru 560038'],
    },
    deductee: { pan: 'ABCPE1234F', name: 'Asha Verma' },
    section: '194O',
    months: [
      {
        month: '2026-10',
        dateOfCredit: '2026-10-31',
        amountCredited: 3127.98,
        rate: 5,
        tds: 156.4,
        reason: 'C',
      },
      {
        month: '2026-11',
        dateOfCredit: '2026-11-25',
        amountCredited: 10000,
        rate: 0.1,
        tds: 10,
        reason: null,
      },
    ],
    totals: { amountCredited: 13127.98, tds: 166.4 },
    ...overrides,
  }
}
