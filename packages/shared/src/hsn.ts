import { z } from 'zod'

/**
 * The HSN codes the shop sells under, with their GST rate (rates from 22 Sep 2025, CBIC
 * notification 9/2025-CT(Rate)). A seller picks one per product; the invoice prints its first
 * four digits, or all six when the seller's turnover is above ₹5 crore. `category` is the shop
 * category the code belongs to (the form lists those first; an admin-made category sees all).
 */
export const HSN_CODES = [
  {
    code: '851713',
    description: 'Smartphones and mobile phones',
    rateBp: 1800,
    category: 'electronics',
  },
  {
    code: '851762',
    description: 'Smartwatches and fitness bands',
    rateBp: 1800,
    category: 'electronics',
  },
  { code: '847130', description: 'Tablets and laptops', rateBp: 1800, category: 'electronics' },
  { code: '851822', description: 'Speakers', rateBp: 1800, category: 'electronics' },
  {
    code: '851830',
    description: 'Earphones, earbuds and headphones',
    rateBp: 1800,
    category: 'accessories',
  },
  {
    code: '850760',
    description: 'Power banks (lithium-ion accumulators)',
    rateBp: 1800,
    category: 'accessories',
  },
  {
    code: '850440',
    description: 'Chargers and power adapters',
    rateBp: 1800,
    category: 'accessories',
  },
  {
    code: '854442',
    description: 'Charging and data cables',
    rateBp: 1800,
    category: 'accessories',
  },
  {
    code: '392690',
    description: 'Phone cases and covers (plastic)',
    rateBp: 1800,
    category: 'accessories',
  },
  {
    code: '700719',
    description: 'Screen guards (toughened glass)',
    rateBp: 1800,
    category: 'accessories',
  },
] as const satisfies ReadonlyArray<{
  code: string
  description: string
  rateBp: number
  category: string
}>

export type HsnCode = (typeof HSN_CODES)[number]['code']
export type HsnEntry = (typeof HSN_CODES)[number]

const BY_CODE: ReadonlyMap<string, HsnEntry> = new Map(HSN_CODES.map((e) => [e.code, e]))

/** The list's entry for a six-digit code, or undefined when the shop does not sell under it. */
export function hsnEntry(code: string): HsnEntry | undefined {
  return BY_CODE.get(code)
}

/** The codes for a category first, then the rest (an admin may add categories of its own). */
export function hsnChoicesFor(category: string): HsnEntry[] {
  const own = HSN_CODES.filter((e) => e.category === category)
  return [...own, ...HSN_CODES.filter((e) => e.category !== category)]
}

/** The code as an invoice prints it: 6 digits above ₹5 crore turnover, else 4 (Rule 46). */
export function printedHsn(code: string, turnoverAbove5Cr: boolean): string {
  return turnoverAbove5Cr ? code : code.slice(0, 4)
}

/** "18%" or "2.5%": a rate in basis points as people write it. */
export function formatGstRate(rateBp: number): string {
  return `${rateBp / 100}%`
}

/** A product's HSN field: one of the shop's codes. */
export const hsnField = z.enum(HSN_CODES.map((e) => e.code) as [HsnCode, ...HsnCode[]], {
  error: 'Choose the HSN code from the list',
})
