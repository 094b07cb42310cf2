import { GST_STATES, paiseToRupees, type Gstr8Response } from '@techbazaar/shared'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Config } from '../../../config'
import type { Db } from '../../../db/client'
import { invoices, settlementEntries } from '../../../db/schema'
import { csvRupees, toCsv } from '../../../lib/csv'

/*
 * GSTR-8 Table 3 for a month (CGST s.52, rule 67): what each supplier sold through the
 * marketplace and the TCS on it, read from the TCS entries and their reversals whose GSTR-8
 * month (`tax_period`) it is. A TCS entry's base is the line's taxable value; a reversal's base is
 * the value returned, negative. One grouped query, however many sellers.
 *
 * Rows are per supplier GSTIN, recipient kind and place of supply: the form (as substituted by
 * Notification 12/2024-CT) splits 3A (to registered persons) from 3B (to unregistered ones) and
 * has a place-of-supply column. The GSTIN, name and place of supply are the frozen invoice's, so a
 * seller that changed its GSTIN later is still reported under the one it supplied with.
 */

type Marketplace = Config['marketplace']

interface Gstr8Paise {
  table: '3A' | '3B'
  gstin: string
  legalName: string
  sellerId: string
  posCode: string
  grossPaise: number
  returnedPaise: number
  igstPaise: number
  cgstPaise: number
  sgstPaise: number
}

async function gstr8Rows(db: Db, month: string): Promise<Gstr8Paise[]> {
  const e = settlementEntries
  const gstin = sql<string>`(${invoices.document}->'supplier'->>'gstin')`
  const registered = sql<boolean>`((${invoices.document}->'recipient'->>'gstin') is not null)`
  const pos = sql<string>`(${invoices.document}->'placeOfSupply'->>'code')`
  const sum = (column: AnyPgColumn, kind?: 'tcs' | 'tcsReversal') =>
    (kind
      ? sql<number>`coalesce(sum(${column}) filter (where ${e.kind} = ${kind}), 0)`
      : sql<number>`coalesce(sum(${column}), 0)`
    ).mapWith(Number)
  const rows = await db
    .select({
      gstin,
      registered,
      pos,
      legalName: sql<string>`(array_agg(${invoices.document}->'supplier'->>'name' order by ${invoices.issuedAt} desc))[1]`,
      sellerId: sql<string>`(array_agg(${e.sellerId}::text order by ${e.createdAt} desc))[1]`,
      gross: sum(e.basePaise, 'tcs'),
      returned: sum(e.basePaise, 'tcsReversal'),
      igst: sum(e.igstPaise),
      cgst: sum(e.cgstPaise),
      sgst: sum(e.sgstPaise),
    })
    .from(e)
    .innerJoin(invoices, eq(invoices.subOrderId, e.subOrderId))
    .where(and(inArray(e.kind, ['tcs', 'tcsReversal']), eq(e.taxPeriod, month)))
    .groupBy(gstin, registered, pos)
    // Table 3A's rows before 3B's, as the form lists them.
    .orderBy(desc(registered), gstin, pos)
  return rows.map((r) => ({
    table: r.registered ? '3A' : '3B',
    gstin: r.gstin,
    legalName: r.legalName,
    sellerId: r.sellerId,
    posCode: r.pos,
    grossPaise: r.gross,
    // A reversal's base is negative (given back); the form asks the value returned, positive.
    returnedPaise: -r.returned,
    igstPaise: r.igst,
    cgstPaise: r.cgst,
    sgstPaise: r.sgst,
  }))
}

export async function gstr8Report(
  db: Db,
  marketplace: Marketplace,
  month: string,
): Promise<Gstr8Response['data']> {
  const rows = await gstr8Rows(db, month)
  const add = (pick: (r: Gstr8Paise) => number) => rows.reduce((s, r) => s + pick(r), 0)
  const rupees = paiseToRupees
  const gross = add((r) => r.grossPaise)
  const returned = add((r) => r.returnedPaise)
  const taxes = {
    igst: add((r) => r.igstPaise),
    cgst: add((r) => r.cgstPaise),
    sgst: add((r) => r.sgstPaise),
  }
  return {
    month,
    operator: { gstin: marketplace.gstin, legalName: marketplace.legalName },
    rows: rows.map((r) => ({
      table: r.table,
      gstin: r.gstin,
      legalName: r.legalName,
      sellerId: r.sellerId,
      placeOfSupply: { code: r.posCode, name: GST_STATES[r.posCode] ?? r.posCode },
      grossValue: rupees(r.grossPaise),
      returnedValue: rupees(r.returnedPaise),
      netValue: rupees(r.grossPaise - r.returnedPaise),
      igst: rupees(r.igstPaise),
      cgst: rupees(r.cgstPaise),
      sgst: rupees(r.sgstPaise),
    })),
    totals: {
      grossValue: rupees(gross),
      returnedValue: rupees(returned),
      netValue: rupees(gross - returned),
      igst: rupees(taxes.igst),
      cgst: rupees(taxes.cgst),
      sgst: rupees(taxes.sgst),
      tcs: rupees(taxes.igst + taxes.cgst + taxes.sgst),
    },
  }
}

/**
 * The columns of the form's Table 3, in its order (GSTIN, place of supply, gross, returned, net,
 * IGST, CGST, SGST/UTGST), with the table (3A/3B) first and the supplier's name last, as the
 * offline tool's older CSV layout carried it. No totals row: the tool sums it itself.
 */
export const GSTR8_CSV_COLUMNS = [
  'Table',
  'GSTIN of supplier',
  'Place of supply (POS)',
  'Gross value of supplies made',
  'Value of supplies returned',
  'Net amount liable for TCS',
  'Integrated tax',
  'Central tax',
  'State/UT tax',
  'Trade/Legal name of supplier',
] as const

export async function gstr8Csv(db: Db, month: string): Promise<{ name: string; csv: string }> {
  const rows = await gstr8Rows(db, month)
  const csv = toCsv(
    GSTR8_CSV_COLUMNS,
    rows.map((r) => [
      r.table,
      r.gstin,
      `${r.posCode}-${GST_STATES[r.posCode] ?? r.posCode}`,
      csvRupees(r.grossPaise),
      csvRupees(r.returnedPaise),
      csvRupees(r.grossPaise - r.returnedPaise),
      csvRupees(r.igstPaise),
      csvRupees(r.cgstPaise),
      csvRupees(r.sgstPaise),
      r.legalName,
    ]),
  )
  return { name: `gstr8-${month}.csv`, csv }
}
