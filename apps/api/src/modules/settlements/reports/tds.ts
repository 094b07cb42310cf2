import {
  HIGHER_RATE_NO_PAN_REASON,
  PAN_NOT_AVAILABLE,
  paiseToRupees,
  TDS_SECTION_194O,
  type Form26qResponse,
  type Form26qRow,
  type TdsCertificateResponse,
} from '@techbazaar/shared'
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Config } from '../../../config'
import type { Db } from '../../../db/client'
import { settlementEntries, users, vendorProfiles } from '../../../db/schema'
import { csvNumber, csvRupees, toCsv } from '../../../lib/csv'
import { sellerName } from '../../kernel'
import type { SettlementPolicy } from '../ledger'
import {
  assessmentYear,
  istDay,
  istDayDmy,
  istMonthSql,
  quarterPeriod,
  within,
  type Period,
} from './period'
import { sellerIdentity } from './seller'

/*
 * TDS under s.194-O for a quarter: Form 26Q's deductee rows (all sellers, for the marketplace's
 * return) and Form 16A's figures (one seller). A row is one seller's credits of one IST month at
 * one rate: the TDS entries' base (the taxable value credited) less the bases of the TDS
 * reversals written that month. The ledger writes a TDS reversal only when the return falls in
 * the delivery's financial year (CBDT Circular 20/2023 Q4), and it is adjusted in the month it
 * happens, not in the month of the credit it undoes: a return never changes a quarter already
 * filed. The date of credit is the day of the row's last entry in that month.
 */

interface TdsRowPaise {
  sellerId: string
  pan: string | null
  name: string
  month: string
  lastAt: Date
  rateBp: number
  grossPaise: number
  returnedPaise: number
  tdsPaise: number
}

async function tdsRows(db: Db, period: Period, sellerId?: string): Promise<TdsRowPaise[]> {
  const e = settlementEntries
  const month = istMonthSql(e.createdAt)
  const name = sql<string>`coalesce(${vendorProfiles.panName}, ${sellerName})`
  const ofKind = (kind: 'tds' | 'tdsReversal'): SQL<number> =>
    sql<number>`coalesce(sum(${e.basePaise}) filter (where ${e.kind} = ${kind}), 0)`.mapWith(Number)
  const rows = await db
    .select({
      sellerId: e.sellerId,
      pan: vendorProfiles.pan,
      name,
      month,
      lastAt: sql<Date>`max(${e.createdAt})`.mapWith(e.createdAt),
      rateBp: sql<number>`coalesce(${e.rateBp}, 0)`.mapWith(Number),
      gross: ofKind('tds'),
      returned: ofKind('tdsReversal'),
      // Entries are signed from the seller's view: TDS debits it, a reversal credits it back.
      tds: sql<number>`-coalesce(sum(${e.amountPaise}), 0)`.mapWith(Number),
    })
    .from(e)
    .innerJoin(users, eq(users.id, e.sellerId))
    .leftJoin(vendorProfiles, eq(vendorProfiles.userId, e.sellerId))
    .where(
      and(
        inArray(e.kind, ['tds', 'tdsReversal']),
        within(e.createdAt, period),
        sellerId ? eq(e.sellerId, sellerId) : undefined,
      ),
    )
    .groupBy(
      e.sellerId,
      month,
      e.rateBp,
      vendorProfiles.pan,
      vendorProfiles.panName,
      vendorProfiles.businessName,
      users.userName,
    )
    .orderBy(asc(name), asc(e.sellerId), asc(month), asc(e.rateBp))
  return rows.map((r) => ({
    sellerId: r.sellerId,
    pan: r.pan,
    name: r.name,
    month: r.month,
    lastAt: r.lastAt,
    rateBp: r.rateBp,
    grossPaise: r.gross,
    // A reversal's base is signed against the original: negative. Shown as a positive adjustment.
    returnedPaise: -r.returned,
    tdsPaise: r.tds,
  }))
}

/**
 * Form 26Q's reason 'C' (higher rate for want of a PAN, s.206AA): the rate frozen on the entries
 * is the no-PAN rate. The PAN shown is the seller's now, which may have come after the deduction.
 */
function reasonOf(
  rateBp: number,
  policy: SettlementPolicy,
): typeof HIGHER_RATE_NO_PAN_REASON | null {
  return policy.tdsNoPanBp > policy.tdsBp && rateBp >= policy.tdsNoPanBp
    ? HIGHER_RATE_NO_PAN_REASON
    : null
}

/** Form 26Q's deductee code: 01 a company (the fourth letter of its PAN is C), 02 anyone else. */
const deducteeCode = (pan: string | null): '01' | '02' => (pan?.[3] === 'C' ? '01' : '02')

function toRow(r: TdsRowPaise, policy: SettlementPolicy): Form26qRow {
  return {
    sellerId: r.sellerId,
    deducteeCode: deducteeCode(r.pan),
    pan: r.pan ?? PAN_NOT_AVAILABLE,
    name: r.name,
    section: TDS_SECTION_194O,
    month: r.month,
    dateOfCredit: istDay(r.lastAt),
    grossCredited: paiseToRupees(r.grossPaise),
    returnedAdjusted: paiseToRupees(r.returnedPaise),
    amountCredited: paiseToRupees(r.grossPaise - r.returnedPaise),
    rate: r.rateBp / 100,
    tds: paiseToRupees(r.tdsPaise),
    reason: reasonOf(r.rateBp, policy),
  }
}

export async function form26qReport(
  db: Db,
  policy: SettlementPolicy,
  fy: number,
  quarter: number,
): Promise<Form26qResponse['data']> {
  const period = quarterPeriod(fy, quarter)
  const rows = await tdsRows(db, period)
  const credited = rows.reduce((s, r) => s + r.grossPaise - r.returnedPaise, 0)
  const tds = rows.reduce((s, r) => s + r.tdsPaise, 0)
  return {
    fy,
    quarter,
    from: period.from.toISOString(),
    to: period.to.toISOString(),
    rows: rows.map((r) => toRow(r, policy)),
    totals: {
      amountCredited: paiseToRupees(credited),
      tds: paiseToRupees(tds),
      deductees: new Set(rows.map((r) => r.sellerId)).size,
    },
  }
}

/** The annexure's deductee columns in Form 26Q's order, then the shop's own references. */
export const FORM_26Q_CSV_COLUMNS = [
  'Deductee code',
  'PAN of deductee',
  'Name of deductee',
  'Section code',
  'Date of payment/credit',
  'Amount paid/credited',
  'TDS',
  'Surcharge',
  'Education cess',
  'Total tax deducted',
  'Date of deduction',
  'Rate at which deducted',
  'Reason for non-deduction/lower/higher deduction',
  'Seller ID',
  'Month',
] as const

export async function form26qCsv(
  db: Db,
  policy: SettlementPolicy,
  fy: number,
  quarter: number,
): Promise<{ name: string; csv: string }> {
  const rows = await tdsRows(db, quarterPeriod(fy, quarter))
  const csv = toCsv(
    FORM_26Q_CSV_COLUMNS,
    rows.map((r) => [
      deducteeCode(r.pan),
      r.pan ?? PAN_NOT_AVAILABLE,
      r.name,
      TDS_SECTION_194O,
      istDayDmy(r.lastAt),
      csvRupees(r.grossPaise - r.returnedPaise),
      csvRupees(r.tdsPaise),
      // No surcharge or cess on TDS paid to residents other than salary.
      csvRupees(0),
      csvRupees(0),
      csvRupees(r.tdsPaise),
      istDayDmy(r.lastAt),
      csvNumber(r.rateBp / 100),
      reasonOf(r.rateBp, policy) ?? '',
      r.sellerId,
      r.month,
    ]),
  )
  return { name: `form26q-fy${fy}-q${quarter}.csv`, csv }
}

/**
 * What a seller's Form 16A for the quarter holds. The certificate itself is issued from TRACES
 * once the 26Q is processed; this lets the seller and the admins check it before and after.
 */
export async function tdsCertificate(
  db: Db,
  config: { settlement: SettlementPolicy; marketplace: Config['marketplace'] },
  sellerId: string,
  fy: number,
  quarter: number,
): Promise<TdsCertificateResponse['data']> {
  const seller = await sellerIdentity(db, sellerId)
  const period = quarterPeriod(fy, quarter)
  const rows = await tdsRows(db, period, sellerId)
  const { marketplace } = config
  return {
    sellerId,
    fy,
    quarter,
    assessmentYear: assessmentYear(fy),
    from: period.from.toISOString(),
    to: period.to.toISOString(),
    deductor: {
      name: marketplace.legalName,
      tan: marketplace.tan,
      // A GSTIN carries its holder's PAN in characters 3 to 12.
      pan: marketplace.gstin.slice(2, 12),
      address: marketplace.address,
    },
    deductee: { pan: seller.pan ?? PAN_NOT_AVAILABLE, name: seller.taxName },
    section: TDS_SECTION_194O,
    months: rows.map((r) => {
      const row = toRow(r, config.settlement)
      return {
        month: row.month,
        dateOfCredit: row.dateOfCredit,
        amountCredited: row.amountCredited,
        rate: row.rate,
        tds: row.tds,
        reason: row.reason,
      }
    }),
    totals: {
      amountCredited: paiseToRupees(rows.reduce((s, r) => s + r.grossPaise - r.returnedPaise, 0)),
      tds: paiseToRupees(rows.reduce((s, r) => s + r.tdsPaise, 0)),
    },
  }
}
