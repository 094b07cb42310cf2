import { describe, expect, it } from 'vitest'
import {
  BANK_FILE_COLUMNS,
  bankBeneficiaryCode,
  bankPaymentFile,
  createBankFileRail,
  parseUtrFile,
  type BankFileRow,
} from './bank-file'
import { parseCsv } from '../lib/csv'
import { contractPayees, contractTransfer } from './rail-contract'
import { PayoutRailAuthError } from './types'

const PAYOUT = '3f2b8c1e-5a6d-4e7f-9a0b-1c2d3e4f5a6b'
/** 23 Nov 2026, 20:00 UTC: already 24 Nov in India. */
const VALUE_DATE = new Date('2026-11-23T20:00:00Z')
const PAYEE = contractPayees.good()
const row = (amountPaise: number, overrides: Partial<BankFileRow> = {}): BankFileRow => ({
  payoutId: PAYOUT,
  amountPaise,
  payee: PAYEE,
  remark: 'TechBazaar payout, week 47!',
  valueDate: VALUE_DATE,
  ...overrides,
})
const withName = (holderName: string) => {
  const payee = contractPayees.good()
  return { ...payee, account: { ...payee.account, holderName } }
}

describe('bank-file rail', () => {
  it('sends nothing and knows nothing: pending checks, processing transfers, no webhooks', async () => {
    const rail = createBankFileRail()
    expect(rail).toMatchObject({ name: 'BANK_FILE', sandbox: false })
    const check = { status: 'pending', reference: 'r1', nameAtBank: null }
    expect(await rail.verifyAccount(contractPayees.good(), 'r1')).toEqual({
      ...check,
      reason: 'An admin confirms this account',
    })
    expect(await rail.accountCheck('r1')).toMatchObject(check)
    const processing = { status: 'processing', railReference: null, utr: null, failureReason: null }
    expect(await rail.transfer(contractTransfer(contractPayees.good()))).toEqual(processing)
    expect(await rail.transferStatus(crypto.randomUUID())).toEqual(processing)
    expect(() => rail.verifyWebhook({ rawBody: '{}', headers: {} })).toThrow(PayoutRailAuthError)
  })
})

describe('bankPaymentFile', () => {
  it('writes the header and one CRLF row per payout in the documented layout', () => {
    const lines = bankPaymentFile([row(1_234_50)]).split('\r\n')
    expect(lines).toEqual([
      BANK_FILE_COLUMNS.join(','),
      [
        'NEFT',
        bankBeneficiaryCode(PAYEE.sellerId),
        '50100234567891',
        '1234.50',
        'Asha Traders',
        'HDFC0001234',
        PAYOUT,
        '24/11/2026',
        'TechBazaar payout week 47',
        'payouts@seller.example.in',
      ].join(','),
      '',
    ])
    expect(BANK_FILE_COLUMNS.join(',')).toBe(
      'Transaction Type,Beneficiary Code,Beneficiary Account Number,Amount,Beneficiary Name,IFSC,Customer Reference Number,Value Date,Remarks,Beneficiary Email',
    )
  })

  it('uses RTGS from ₹2,00,000 and NEFT below, amounts in rupees with 2 decimals', () => {
    const file = bankPaymentFile([row(1), row(19_999_999), row(20_000_000), row(123_456_789_00)])
    const cells = parseCsv(file)
      .records.slice(1)
      .map((r) => [r.cells[0], r.cells[3]])
    expect(cells).toEqual([
      ['NEFT', '0.01'],
      ['NEFT', '199999.99'],
      ['RTGS', '200000.00'],
      ['RTGS', '123456789.00'],
    ])
    expect(
      parseCsv(bankPaymentFile([row(100_00)], { rtgsFromPaise: 100_00 })).records[1]?.cells[0],
    ).toBe('RTGS')
  })

  it('quotes cells with commas, quotes and line breaks, and reads back the same', () => {
    const name = 'Sharma, "Sons" & Co\nPvt'
    const file = bankPaymentFile([row(100, { payee: withName(name) })])
    expect(file).toContain('"Sharma, ""Sons"" & Co\nPvt"')
    expect(parseCsv(file).records[1]?.cells[4]).toBe(name)
  })

  it('neutralises cells a spreadsheet would run as formulas', () => {
    for (const [given, written] of [
      ['=HYPERLINK("http://x","pay")', `"'=HYPERLINK(""http://x"",""pay"")"`],
      ['+91 Traders', "'+91 Traders"],
      ['-2+3', "'-2+3"],
      ['@SUM(A1)', "'@SUM(A1)"],
    ]) {
      const file = bankPaymentFile([row(100, { payee: withName(given!) })])
      expect(file.split('\r\n')[1]!.split(',').slice(4).join(',')).toMatch(
        new RegExp(`^${written!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')},`),
      )
    }
    const email = bankPaymentFile([
      row(100, { payee: { ...contractPayees.good(), email: '=cmd@evil.example' } }),
    ])
    expect(email).toContain(",'=cmd@evil.example\r\n")
  })

  it('gives a seller the same 12-character beneficiary code in every file', () => {
    expect(bankBeneficiaryCode('seller-1')).toBe(bankBeneficiaryCode('seller-1'))
    expect(bankBeneficiaryCode('seller-1')).not.toBe(bankBeneficiaryCode('seller-2'))
    expect(bankBeneficiaryCode('seller-1')).toHaveLength(12)
  })
})

describe('parseUtrFile', () => {
  it('reads paid and failed rows under the common header variants', () => {
    const file = [
      '\uFEFFSr No,Cust Ref No,UTR Number,Transaction Status,Failure Reason',
      `1,${PAYOUT},HDFCN52026112312345678,Success,`,
      '2,payout_42,,Rejected,Account closed',
      '3,PAYOUT_43,,RETURNED,',
      "4,'payout_44,'AXISR2026112300001,processed,",
    ].join('\r\n')
    expect(parseUtrFile(file)).toEqual({
      rows: [
        {
          row: 2,
          payoutId: PAYOUT,
          status: 'paid',
          utr: 'HDFCN52026112312345678',
          failureReason: null,
        },
        {
          row: 3,
          payoutId: 'payout_42',
          status: 'failed',
          utr: null,
          failureReason: 'Account closed',
        },
        {
          row: 4,
          payoutId: 'PAYOUT_43',
          status: 'failed',
          utr: null,
          failureReason: 'The bank marked it RETURNED',
        },
        {
          row: 5,
          payoutId: 'payout_44',
          status: 'paid',
          utr: 'AXISR2026112300001',
          failureReason: null,
        },
      ],
      errors: [],
    })
  })

  it('reads semicolon files, quoted cells and a UUID the spreadsheet stripped of hyphens', () => {
    const bare = PAYOUT.replaceAll('-', '').toUpperCase()
    const file = [
      'Customer Reference Number;UTR;Status;Remarks;Reason',
      `${bare};UTR1;Paid;"payout; week 47";`,
      `x1;;Failed;"ours, echoed";"Beneficiary name ""mismatch"""`,
    ].join('\n')
    expect(parseUtrFile(file).rows).toEqual([
      { row: 2, payoutId: PAYOUT, status: 'paid', utr: 'UTR1', failureReason: null },
      {
        row: 3,
        payoutId: 'x1',
        status: 'failed',
        utr: null,
        failureReason: 'Beneficiary name "mismatch"',
      },
    ])
  })

  it('reports the rows it cannot read with their row numbers, and keeps the rest', () => {
    const file = [
      'Payout ID,UTR,Status,Reason',
      'p1,,Pending,',
      '"p2",,Paid,',
      ',U3,Paid,',
      '',
      '"p4","U4","Success","line one',
      'line two"',
      'p5,,,',
      'p6,U6,Paid,',
    ].join('\n')
    const { rows, errors } = parseUtrFile(file)
    expect(rows.map((r) => [r.row, r.payoutId])).toEqual([
      [6, 'p4'],
      [9, 'p6'],
    ])
    expect(errors).toEqual([
      { row: 2, message: 'Payout p1: status "Pending" is neither paid nor failed' },
      { row: 3, message: 'Payout p2 is marked paid without a UTR' },
      { row: 4, message: 'No payout id (Customer Reference Number)' },
      { row: 8, message: 'Payout p5: status empty is neither paid nor failed' },
    ])
  })

  it('says which columns are missing, and never throws on bad input', () => {
    expect(parseUtrFile('Name,Amount\nAsha,10')).toEqual({
      rows: [],
      errors: [
        {
          row: 1,
          message: 'No column for Customer Reference Number (the payout id), Status, UTR',
        },
      ],
    })
    expect(parseUtrFile('')).toEqual({
      rows: [],
      errors: [{ row: 1, message: 'The file is empty' }],
    })
    expect(parseUtrFile('\u0000\u0001\uFFFD,,"')).toMatchObject({ rows: [] })
    const unclosed = parseUtrFile('Payout ID,UTR,Status\np1,U1,Paid\n"p2,U2,Paid')
    expect(unclosed.rows).toHaveLength(1)
    expect(unclosed.errors).toEqual([{ row: 3, message: 'A quote opened here is never closed' }])
    expect(parseUtrFile(undefined as unknown as string).rows).toEqual([])
    expect(parseUtrFile(42 as unknown as string).errors).toHaveLength(1)
  })

  it('reads back the payout ids of a payment file the bank echoes with outcomes', () => {
    const file = bankPaymentFile([row(100)])
    const [header, line] = file.trim().split('\r\n')
    const echoed = `${header},UTR,Status\r\n${line},N1234,Success\r\n`
    expect(parseUtrFile(echoed).rows).toEqual([
      { row: 2, payoutId: PAYOUT, status: 'paid', utr: 'N1234', failureReason: null },
    ])
  })
})
