import type { Form26qResponse, Form26qRow, Gstr8Response, Gstr8Row } from '@techbazaar/shared'
import { createUser, ok } from '@/test/api-helpers'
import { sellerIdOf } from '@/test/payout-fixtures'

export const admin = () =>
  ok({ user: createUser({ role: 'admin', type: 'admin', userName: 'Admin' }) })

export const gstr8Row = (overrides: Partial<Gstr8Row> = {}): Gstr8Row => ({
  table: '3B',
  gstin: '27ABCPE1234F1Z5',
  legalName: 'Tech Tokri Retail',
  sellerId: sellerIdOf(1),
  placeOfSupply: { code: '27', name: 'Maharashtra' },
  grossValue: 3388.14,
  returnedValue: 0,
  netValue: 3388.14,
  igst: 0,
  cgst: 8.47,
  sgst: 8.47,
  ...overrides,
})

type Gstr8 = Gstr8Response['data']

/** October 2026: an intra-state supply, and an inter-state one with a return. */
export const gstr8Of = (overrides: Partial<Gstr8> = {}): Gstr8 => ({
  month: '2026-10',
  operator: { gstin: '29AAGCB7383J1Z4', legalName: 'TechBazaar Retail Pvt. Ltd.' },
  rows: [
    gstr8Row(),
    gstr8Row({
      table: '3A',
      gstin: '07AAHCS2209L1Z9',
      legalName: 'Sound Studio Audio Pvt. Ltd.',
      sellerId: sellerIdOf(2),
      placeOfSupply: { code: '29', name: 'Karnataka' },
      grossValue: 27962.72,
      returnedValue: 2000,
      netValue: 25962.72,
      igst: 129.81,
      cgst: 0,
      sgst: 0,
    }),
  ],
  totals: {
    grossValue: 31350.86,
    returnedValue: 2000,
    netValue: 29350.86,
    igst: 129.81,
    cgst: 8.47,
    sgst: 8.47,
    tcs: 146.75,
  },
  ...overrides,
})

export const form26qRow = (overrides: Partial<Form26qRow> = {}): Form26qRow => ({
  sellerId: sellerIdOf(1),
  deducteeCode: '01',
  pan: 'AAGCG4821K',
  name: 'Gadget Galaxy Retail Pvt. Ltd.',
  section: '194O',
  month: '2026-10',
  dateOfCredit: '2026-10-31',
  grossCredited: 163376.27,
  returnedAdjusted: 0,
  amountCredited: 163376.27,
  rate: 0.1,
  tds: 163.4,
  reason: null,
  ...overrides,
})

type Form26q = Form26qResponse['data']

/** Quarter 3 of 2026-27: one seller with a PAN, one without (5%, reason C). */
export const form26qOf = (overrides: Partial<Form26q> = {}): Form26q => ({
  fy: 2026,
  quarter: 3,
  from: '2026-09-30T18:30:00.000Z',
  to: '2026-12-31T18:30:00.000Z',
  rows: [
    form26qRow(),
    form26qRow({
      sellerId: sellerIdOf(2),
      deducteeCode: '02',
      pan: 'PANNOTAVBL',
      name: 'Mobile Mart Enterprises',
      month: '2026-11',
      dateOfCredit: '2026-11-22',
      grossCredited: 10000,
      returnedAdjusted: 1500,
      amountCredited: 8500,
      rate: 5,
      tds: 425,
      reason: 'C',
    }),
  ],
  totals: { amountCredited: 171876.27, tds: 588.4, deductees: 2 },
  ...overrides,
})
