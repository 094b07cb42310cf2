import { z } from 'zod'
import { idParam } from './api'
import { PAYOUT_STATUSES } from './payouts'
import { SETTLEMENT_ENTRY_KINDS, type SettlementEntryKind } from './settlements'

/*
 * The sellers' ledger read as the returns and statements the law and the sellers ask for (issue
 * 28, docs/decisions/061-settlement-reports.md): GSTR-8 (TCS, monthly), Form 26Q (TDS under
 * s.194-O, quarterly), a seller's monthly statement, its TCS statement and its Form 16A data.
 * Months and quarters are India's calendar (IST); money is in rupees, to the paisa.
 */

/** What a person reads for each kind of ledger entry (statements, CSV). */
export const SETTLEMENT_ENTRY_KIND_LABELS: Record<SettlementEntryKind, string> = {
  sale: 'Sale',
  commission: 'Commission',
  closingFee: 'Closing fee',
  feeGst: 'GST on fees',
  tcs: 'TCS (GST)',
  tds: 'TDS (income tax)',
  saleReversal: 'Sale returned',
  commissionReversal: 'Commission given back',
  feeGstReversal: 'GST on fees given back',
  tcsReversal: 'TCS given back',
  tdsReversal: 'TDS given back',
  payout: 'Payout',
  payoutReturned: 'Payout returned',
}

/** The income-tax section of the marketplace's deduction, as Form 26Q and 16A name it. */
export const TDS_SECTION_194O = '194O'
/** What Form 26Q puts in the PAN column for a deductee who gave none. */
export const PAN_NOT_AVAILABLE = 'PANNOTAVBL'
/** Form 26Q's reason code for a deduction at the higher rate because no PAN was given. */
export const HIGHER_RATE_NO_PAN_REASON = 'C'

/** A calendar month in India, 'YYYY-MM'. */
export const reportMonth = z
  .string({ error: 'Enter the month as YYYY-MM' })
  .regex(/^(20[1-9]\d)-(0[1-9]|1[0-2])$/, 'Enter the month as YYYY-MM, like 2026-11')

/** The Indian financial year by the year it starts in (2026: April 2026 to March 2027). */
export const financialYear = z.coerce
  .number({ error: 'Enter the financial year as the year it starts, like 2026' })
  .int('Enter the financial year as the year it starts, like 2026')
  .min(2017, 'Enter a financial year from 2017')
  .max(2099, 'Enter a financial year before 2100')

/** Quarters of the financial year: 1 is April to June … 4 is January to March. */
export const fyQuarter = z.coerce
  .number({ error: 'The quarter is 1, 2, 3 or 4' })
  .int('The quarter is 1, 2, 3 or 4')
  .min(1, 'The quarter is 1, 2, 3 or 4')
  .max(4, 'The quarter is 1, 2, 3 or 4')

/** `?format=csv` downloads a report as CSV; JSON otherwise. */
export const REPORT_FORMATS = ['json', 'csv'] as const
const format = z.enum(REPORT_FORMATS, { error: 'The format is json or csv' }).default('json')

export const gstr8Query = z.object({ month: reportMonth, format })
export const form26qQuery = z.object({ fy: financialYear, quarter: fyQuarter, format })
export const reportFormatQuery = z.object({ format })

/** A seller's statement also prints: `?format=pdf` downloads it as an A4 PDF. */
export const STATEMENT_FORMATS = [...REPORT_FORMATS, 'pdf'] as const
export type StatementFormat = (typeof STATEMENT_FORMATS)[number]
export const statementFormatQuery = z.object({
  format: z.enum(STATEMENT_FORMATS, { error: 'The format is json, csv or pdf' }).default('json'),
})
export const reportMonthParams = z.object({ month: reportMonth })
export const sellerReportMonthParams = z.object({ sellerId: idParam, month: reportMonth })
export const reportQuarterParams = z.object({ fy: financialYear, quarter: fyQuarter })
export const sellerReportQuarterParams = z.object({
  sellerId: idParam,
  fy: financialYear,
  quarter: fyQuarter,
})

/** The instants a report covers: from (included) to (excluded), ISO, IST midnights. */
const period = z.object({ from: z.string(), to: z.string() })

const taxSplit = { igst: z.number(), cgst: z.number(), sgst: z.number() }

/**
 * GSTR-8 Table 3 for a month: one row per supplier GSTIN, recipient kind (3A registered, 3B
 * unregistered) and place of supply, from the TCS entries whose GSTR-8 month it is. `returned`
 * is positive (the value of the supplies returned); TCS is net of what returns gave back.
 */
export const GSTR8_TABLES = ['3A', '3B'] as const
const gstr8Row = z.object({
  table: z.enum(GSTR8_TABLES),
  gstin: z.string(),
  legalName: z.string(),
  sellerId: z.string(),
  /** Place of supply: the state code and name. */
  placeOfSupply: z.object({ code: z.string(), name: z.string() }),
  grossValue: z.number(),
  returnedValue: z.number(),
  netValue: z.number(),
  ...taxSplit,
})
export type Gstr8Row = z.infer<typeof gstr8Row>
export const gstr8Response = z.object({
  success: z.literal(true),
  data: z.object({
    month: z.string(),
    operator: z.object({ gstin: z.string(), legalName: z.string() }),
    rows: z.array(gstr8Row),
    totals: z.object({
      grossValue: z.number(),
      returnedValue: z.number(),
      netValue: z.number(),
      ...taxSplit,
      /** IGST + CGST + SGST: what the marketplace pays for the month. */
      tcs: z.number(),
    }),
  }),
})
export type Gstr8Response = z.infer<typeof gstr8Response>

/**
 * Form 26Q deductee rows for a quarter: one per seller, month of credit and rate. The amount
 * credited is the taxable value of the month's deliveries less the returns adjusted that month
 * (same financial year); TDS likewise. `reason` is 'C' for the higher rate without a PAN.
 */
const form26qRow = z.object({
  sellerId: z.string(),
  /** '01' company (a PAN's fourth letter C), '02' anyone else. */
  deducteeCode: z.enum(['01', '02']),
  /** The seller's PAN, or PANNOTAVBL. */
  pan: z.string(),
  name: z.string(),
  section: z.literal(TDS_SECTION_194O),
  month: z.string(),
  /** The day (IST, YYYY-MM-DD) of the month's last credit: the row's date of credit and of deduction. */
  dateOfCredit: z.string(),
  grossCredited: z.number(),
  returnedAdjusted: z.number(),
  amountCredited: z.number(),
  /** Percent (0.1, 5). */
  rate: z.number(),
  tds: z.number(),
  reason: z.literal(HIGHER_RATE_NO_PAN_REASON).nullable(),
})
export type Form26qRow = z.infer<typeof form26qRow>
export const form26qResponse = z.object({
  success: z.literal(true),
  data: z.object({
    fy: z.number(),
    quarter: z.number(),
    ...period.shape,
    rows: z.array(form26qRow),
    totals: z.object({ amountCredited: z.number(), tds: z.number(), deductees: z.number() }),
  }),
})
export type Form26qResponse = z.infer<typeof form26qResponse>

/** One ledger entry on a statement, signed from the seller's view (+ credits it). */
const statementEntry = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(SETTLEMENT_ENTRY_KINDS),
  label: z.string(),
  amount: z.number(),
  quantity: z.number().nullable(),
  /** What a rate was applied to, and the rate in percent, when one was. */
  base: z.number().nullable(),
  rate: z.number().nullable(),
  ...taxSplit,
  /** GSTR-8 month of a TCS entry. */
  taxPeriod: z.string().nullable(),
  returnId: z.string().nullable(),
})
export const sellerStatementResponse = z.object({
  success: z.literal(true),
  data: z.object({
    sellerId: z.string(),
    sellerName: z.string(),
    month: z.string(),
    ...period.shape,
    /** Every entry dated before the month: what the seller was owed (or owed) at its start. */
    openingBalance: z.number(),
    /** Opening plus every entry of the month, to the paisa. */
    closingBalance: z.number(),
    /** The month's entries per part, in the order they were written. */
    parts: z.array(
      z.object({
        subOrderId: z.string(),
        orderId: z.string(),
        orderNumber: z.string(),
        total: z.number(),
        entries: z.array(statementEntry),
      }),
    ),
    /** Payouts (taken out) and payouts returned (given back) this month. */
    payouts: z.array(
      statementEntry.extend({
        payoutId: z.string(),
        payoutAmount: z.number(),
        utr: z.string().nullable(),
        status: z.enum(PAYOUT_STATUSES),
      }),
    ),
    /** The month's sum per kind (only kinds with entries), and their total. */
    totals: z.object({
      byKind: z.array(
        z.object({ kind: z.enum(SETTLEMENT_ENTRY_KINDS), label: z.string(), amount: z.number() }),
      ),
      net: z.number(),
    }),
  }),
})
export type SellerStatementResponse = z.infer<typeof sellerStatementResponse>

/**
 * A seller's TCS for a GSTR-8 month, to match against its GSTR-2X: per invoice the taxable
 * value and the TCS on it, per credit note the value returned and the TCS given back.
 */
export const tcsStatementResponse = z.object({
  success: z.literal(true),
  data: z.object({
    sellerId: z.string(),
    month: z.string(),
    operator: z.object({ gstin: z.string(), legalName: z.string() }),
    seller: z.object({ name: z.string(), gstin: z.string().nullable() }),
    invoices: z.array(
      z.object({
        invoiceNumber: z.string(),
        invoiceDate: z.string(),
        orderNumber: z.string(),
        supplierGstin: z.string(),
        placeOfSupply: z.string(),
        taxableValue: z.number(),
        ...taxSplit,
      }),
    ),
    returns: z.array(
      z.object({
        /** The credit note the return issued (null only if none is found: never expected). */
        creditNoteNumber: z.string().nullable(),
        creditNoteDate: z.string().nullable(),
        invoiceNumber: z.string(),
        orderNumber: z.string(),
        supplierGstin: z.string(),
        /** Positive: the taxable value returned, and the TCS given back on it. */
        returnedValue: z.number(),
        ...taxSplit,
      }),
    ),
    totals: z.object({
      grossValue: z.number(),
      returnedValue: z.number(),
      netValue: z.number(),
      ...taxSplit,
      tcs: z.number(),
    }),
  }),
})
export type TcsStatementResponse = z.infer<typeof tcsStatementResponse>

/**
 * What Form 16A for a seller's quarter says. The certificate itself is downloaded from TRACES
 * after the 26Q is filed; this is the marketplace's own record to check it against.
 */
export const tdsCertificateResponse = z.object({
  success: z.literal(true),
  data: z.object({
    sellerId: z.string(),
    fy: z.number(),
    quarter: z.number(),
    /** '2027-28' for financial year 2026. */
    assessmentYear: z.string(),
    ...period.shape,
    deductor: z.object({
      name: z.string(),
      /** Null until MARKETPLACE_TAN is set. */
      tan: z.string().nullable(),
      /** Characters 3 to 12 of the marketplace's GSTIN are its PAN. */
      pan: z.string(),
      address: z.array(z.string()),
    }),
    deductee: z.object({ pan: z.string(), name: z.string() }),
    section: z.literal(TDS_SECTION_194O),
    months: z.array(
      z.object({
        month: z.string(),
        dateOfCredit: z.string(),
        amountCredited: z.number(),
        rate: z.number(),
        tds: z.number(),
        reason: z.literal(HIGHER_RATE_NO_PAN_REASON).nullable(),
      }),
    ),
    totals: z.object({ amountCredited: z.number(), tds: z.number() }),
  }),
})
export type TdsCertificateResponse = z.infer<typeof tdsCertificateResponse>
