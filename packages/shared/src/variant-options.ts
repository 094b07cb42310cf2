import { z } from 'zod'
import { OPTION_NAMES, type OptionName } from './constants'

/**
 * Product variants (issue 32.1, decision 090): a variant is a product row of a family; the
 * family names up to three options from the shared `OPTION_NAMES` (constants.ts, with no zod,
 * for the storefront's option filters), each with its ordered values.
 */
/** Most options a family has, and most variant rows it holds (a 4 x 4 x 3 grid fits). */
export const MAX_OPTIONS = 3
export const MAX_VARIANTS = 50
export const MAX_OPTION_VALUES = 12

/** A variant's choice per option: {"Colour": "Blue", "Storage": "256 GB"}. */
export const optionValues = z.partialRecord(z.enum(OPTION_NAMES), z.string().trim().min(1).max(40))
export type OptionValues = z.infer<typeof optionValues>

/** "Blue, 256 GB": a variant's values in its family's option order. */
export function variantLabel(options: readonly { name: string }[], values: OptionValues): string {
  return options
    .map((o) => values[o.name as OptionName])
    .filter(Boolean)
    .join(', ')
}

/** A variant's product title: "Apple iPhone 15 (Blue, 256 GB)", as invoices print it. */
export function variantTitle(
  familyTitle: string,
  options: readonly { name: string }[],
  values: OptionValues,
): string {
  const label = variantLabel(options, values)
  return label ? `${familyTitle} (${label})` : familyTitle
}

/** The listing filter's key of one option value: "colour:blue" (lower-case). */
export function optionKey(name: string, value: string): string {
  return `${name}:${value}`.toLowerCase()
}

/** A sibling variant as the product detail carries it (the picker's data). */
export const siblingVariant = z.object({
  _id: z.uuid(),
  shortId: z.string(),
  /** Its page, `/p/{slug}-{shortId}`. */
  path: z.string(),
  optionValues,
  /** Rupees. */
  price: z.number(),
  salePrice: z.number(),
  inStock: z.boolean(),
  image: z.string(),
})
export type SiblingVariant = z.infer<typeof siblingVariant>

/** The family of a product's detail: its title, options and every listed variant. */
export const productFamily = z.object({
  id: z.uuid(),
  title: z.string(),
  options: z.array(
    z.object({
      name: z.enum(OPTION_NAMES),
      values: z.array(z.object({ value: z.string(), swatch: z.string().nullable() })),
    }),
  ),
  variants: z.array(siblingVariant),
})
export type ProductFamily = z.infer<typeof productFamily>

/** What a listing card shows of a family: its title, price range and colour swatches. */
export const familySummary = z.object({
  title: z.string(),
  /** Rupees: the lowest and highest price a shopper pays among its listed variants. */
  minPrice: z.number(),
  maxPrice: z.number(),
  swatches: z.array(z.object({ value: z.string(), swatch: z.string().nullable() })),
  variantCount: z.number().int(),
})
export type FamilySummary = z.infer<typeof familySummary>

/** Orders variants as their family's options order their values (Black 128 GB, Black 256 GB, …). */
export function byOptionOrder(
  options: readonly { name: string; values: readonly { value: string }[] }[],
) {
  const rank = (values: OptionValues) =>
    options.map((o) => o.values.findIndex((v) => v.value === values[o.name as OptionName]))
  return (a: { optionValues: OptionValues }, b: { optionValues: OptionValues }): number => {
    const ra = rank(a.optionValues)
    const rb = rank(b.optionValues)
    for (let i = 0; i < ra.length; i++) {
      const d = (ra[i] ?? 0) - (rb[i] ?? 0)
      if (d !== 0) return d
    }
    return 0
  }
}
