/**
 * HSN codes and the GST arithmetic of an invoice line. One module so every rule about how an
 * item is classified and taxed lives in one place.
 *
 * HSN comes from the product title (the catalog has only two categories, electronics and
 * accessories, so the title is what tells a charger from a cable). Rules are checked in order:
 * audio before cases, because "AirPods Pro … with MagSafe Case" is earbuds, not a case.
 * Power banks are classified with chargers under 8504 (static converters), as most Indian
 * marketplaces do; 8507 (accumulators) is the other common choice.
 */
const HSN_RULES: ReadonlyArray<readonly [pattern: RegExp, hsn: string]> = [
  [
    /airpods|\bbuds\b|earbud|airdopes|earphone|headphone|neckband|speaker|bullets|nirvana|\bear\b/i,
    '8518',
  ],
  [/watch/i, '8517'],
  [/\bcase\b|\bcover\b/i, '3926'],
  [/charger|adapter|power bank|battery pack|mah\b/i, '8504'],
  [/cable/i, '8544'],
  [/\bipad\b|\btab\b|\bpad\b|tablet/i, '8471'],
  [/phone|galaxy|redmi|iphone|oneplus|realme|xiaomi|nothing|nord|5g/i, '8517'],
]

/** Anything unmatched: "electrical machines and apparatus, not elsewhere specified". */
const FALLBACK_HSN = '8543'

export function hsnFor(title: string): string {
  return HSN_RULES.find(([pattern]) => pattern.test(title))?.[1] ?? FALLBACK_HSN
}

/** Every item the shop sells is taxed at 18% (rates from 22 Sep 2025). */
export const GST_RATE_PERCENT = 18

export interface LineTax {
  /** Value before tax. */
  taxablePaise: number
  /** Total tax; equals cgst + sgst (intra-state) or igst (inter-state). */
  taxPaise: number
  cgstPaise: number
  sgstPaise: number
  igstPaise: number
}

/**
 * Shop prices are GST-inclusive, so the taxable value is backed out of the line total:
 * round(total × 100 / 118), with integers only so no float ever touches money. The tax is the
 * remainder, so taxable + tax is the line total exactly. Intra-state, CGST takes the odd paisa.
 */
export function splitInclusive(totalPaise: number, intraState: boolean): LineTax {
  const denominator = 100 + GST_RATE_PERCENT
  // Integer round-half-up of totalPaise * 100 / 118.
  const taxablePaise = Math.floor((totalPaise * 100 * 2 + denominator) / (2 * denominator))
  const taxPaise = totalPaise - taxablePaise
  if (!intraState)
    return { taxablePaise, taxPaise, cgstPaise: 0, sgstPaise: 0, igstPaise: taxPaise }
  const sgstPaise = Math.floor(taxPaise / 2)
  return { taxablePaise, taxPaise, cgstPaise: taxPaise - sgstPaise, sgstPaise, igstPaise: 0 }
}
