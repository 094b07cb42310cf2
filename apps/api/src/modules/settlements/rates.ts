import type { TaxKind } from '../../db/schema/invoice-document'

/**
 * The money arithmetic of the sellers' ledger (docs/decisions/059-seller-settlement-ledger.md).
 * Integers only. One rounding rule everywhere: a rate applied to an amount is rounded half up
 * to the paisa (the invoices' rule, decision 54), each tax component on its own; a part of an
 * entry given back is its proportional share rounded half up, except the share that takes the
 * entry's last units, which takes exactly what is left, so the reversals of an entry add up to it.
 */

/** One row of the commission schedule as the picker reads it. */
export interface CommissionRule {
  id: string
  category: string | null
  minUnitPaise: number
  maxUnitPaise: number | null
  percentBp: number
  closingFeePaise: number
  commissionReversedOnReturn: boolean
  effectiveFrom: Date
  effectiveTo: Date | null
}

/** round(value × bp / 10000), half away from zero; `bp` may be a half basis point (a split). */
export function applyRate(valuePaise: number, bp: number): number {
  const sign = valuePaise < 0 ? -1 : 1
  const scaled = Math.abs(valuePaise) * bp * 2
  return sign * Math.floor((scaled + 10_000) / 20_000)
}

/**
 * The rule in force at `at` for a unit price in a category: the category's own rows before the
 * catch-all rows (category null), then the one that took effect last. Null when the schedule has
 * a gap there (the migration's catch-all rows leave none).
 */
export function pickCommissionRule(
  rules: readonly CommissionRule[],
  line: { category: string | null; unitPricePaise: number },
  at: Date,
): CommissionRule | null {
  const time = at.getTime()
  const inForce = rules.filter(
    (r) =>
      r.effectiveFrom.getTime() <= time &&
      (r.effectiveTo === null || r.effectiveTo.getTime() > time) &&
      r.minUnitPaise <= line.unitPricePaise &&
      (r.maxUnitPaise === null || line.unitPricePaise < r.maxUnitPaise),
  )
  const rank = (r: CommissionRule) => (r.category !== null && r.category === line.category ? 1 : 0)
  const candidates = inForce.filter((r) => r.category === null || r.category === line.category)
  candidates.sort(
    (a, b) => rank(b) - rank(a) || b.effectiveFrom.getTime() - a.effectiveFrom.getTime(),
  )
  return candidates[0] ?? null
}

export interface TaxSplit {
  cgstPaise: number
  sgstPaise: number
  igstPaise: number
}

/** A tax at `rateBp` on `basePaise`: IGST whole, or CGST and SGST/UTGST each at half the rate. */
export function splitTax(basePaise: number, rateBp: number, kind: TaxKind): TaxSplit {
  if (kind === 'IGST')
    return { cgstPaise: 0, sgstPaise: 0, igstPaise: applyRate(basePaise, rateBp) }
  const half = applyRate(basePaise, rateBp / 2)
  return { cgstPaise: half, sgstPaise: half, igstPaise: 0 }
}

export const taxTotal = (t: TaxSplit) => t.cgstPaise + t.sgstPaise + t.igstPaise

/**
 * The share of `amountPaise` for `units` of `ofUnits`, when `alreadyUnits` were given back
 * before as `alreadyPaise`: the last units take what is left.
 */
export function shareOf(
  amountPaise: number,
  ofUnits: number,
  units: number,
  already: { units: number; paise: number },
): number {
  if (already.units + units >= ofUnits) return amountPaise - already.paise
  const sign = amountPaise < 0 ? -1 : 1
  const scaled = Math.abs(amountPaise) * units * 2
  return sign * Math.floor((scaled + ofUnits) / (2 * ofUnits))
}

const IST_OFFSET_MS = 330 * 60_000

/** The GSTR-8 month of a moment, in India's time: '2026-11'. */
export function taxPeriodOf(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 7)
}

/** The Indian financial year (April to March, IST) of a moment, as its starting year. */
export function financialYearOf(at: Date): number {
  const ist = new Date(at.getTime() + IST_OFFSET_MS)
  return ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1
}
