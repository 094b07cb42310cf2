import type { InvoiceDocumentLine, TaxKind } from '../../db/schema/invoice-document'

/**
 * The GST arithmetic of an invoice line. Shop prices include GST, so the taxable value is backed
 * out of what the shopper paid; each tax component is then the rate × the taxable value, rounded
 * to the paisa on its own (never a split of a remainder), and whatever the inclusive price and
 * the rounded parts differ by is the invoice's "Round off". The shopper still pays the listed
 * price. Integers only: no float ever touches money.
 */

/** Union territories without a legislature: UTGST replaces SGST (UTGST Act s.2(8)). */
const UTGST_TERRITORIES: ReadonlySet<string> = new Set(['04', '26', '31', '35', '38'])

/** The tax a supply pays: IGST across states, CGST with SGST or UTGST within one. */
export function taxKindFor(supplierState: string, placeOfSupply: string): TaxKind {
  if (supplierState !== placeOfSupply) return 'IGST'
  return UTGST_TERRITORIES.has(placeOfSupply) ? 'CGST+UTGST' : 'CGST+SGST'
}

/** round(value × bp / 10000), half away from zero, for non-negative integers. */
function applyRate(valuePaise: number, bp: number): number {
  return Math.floor((2 * valuePaise * bp + 10_000) / 20_000)
}

export type LineTax = Pick<
  InvoiceDocumentLine,
  'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise'
> & {
  /** totalPaise − taxable − taxes: what "Round off" carries for this line (±1 or 2 paise). */
  roundOffPaise: number
}

/** The taxable value and each tax of a GST-inclusive line total at `rateBp` (1800 = 18%). */
export function taxLine(totalPaise: number, rateBp: number, kind: TaxKind): LineTax {
  const denominator = 10_000 + rateBp
  // Integer round-half-up of totalPaise × 10000 / (10000 + rate).
  const taxablePaise = Math.floor((2 * totalPaise * 10_000 + denominator) / (2 * denominator))
  const half = applyRate(taxablePaise, rateBp / 2)
  const tax =
    kind === 'IGST'
      ? { cgstPaise: 0, sgstPaise: 0, igstPaise: applyRate(taxablePaise, rateBp) }
      : { cgstPaise: half, sgstPaise: half, igstPaise: 0 }
  const roundOffPaise = totalPaise - taxablePaise - tax.cgstPaise - tax.sgstPaise - tax.igstPaise
  return { taxablePaise, ...tax, roundOffPaise }
}
