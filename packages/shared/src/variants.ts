import { z } from 'zod'
import { productFields } from './admin-products'
import { hsnField } from './hsn'
import { plainNumber } from './numbers'
import { uploadedImageUrl } from './uploads'
import {
  MAX_OPTION_VALUES,
  MAX_OPTIONS,
  MAX_VARIANTS,
  optionValues,
  productFamily,
  type OptionValues,
} from './variant-options'
import { OPTION_NAMES, type OptionName } from './constants'
import { warrantyProblems } from './declarations'

const HEX = /^#[0-9a-f]{6}$/i

export const optionValue = z.object({
  value: z.string().trim().min(1, 'Value is required').max(40, 'At most 40 characters'),
  /** Colour options only: the swatch shown in listings and the picker ("#1f2a44"). */
  swatch: z
    .string()
    .regex(HEX, 'Swatch must be a colour like #1f2a44')
    .nullable()
    .optional()
    .transform((v) => v ?? null),
})
export type OptionValue = z.output<typeof optionValue>

export const familyOption = z
  .object({
    name: z.enum(OPTION_NAMES, `Option must be one of ${OPTION_NAMES.join(', ')}`),
    values: z
      .array(optionValue)
      .min(1, 'An option needs at least one value')
      .max(MAX_OPTION_VALUES, `At most ${MAX_OPTION_VALUES} values`),
  })
  .superRefine((option, ctx) => {
    const seen = new Set<string>()
    option.values.forEach((v, i) => {
      const key = v.value.toLowerCase()
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', message: 'Values must differ', path: ['values', i] })
      seen.add(key)
    })
  })
export type FamilyOption = z.output<typeof familyOption>

const rupees = (label: string) =>
  plainNumber(label).pipe(z.number().min(0, `${label} must be 0 or more`).max(10_000_000))

/** A seller's own stock keeping unit; blank or missing: none. Unique among its live products. */
export const skuField = z
  .string()
  .trim()
  .max(64, 'SKU is at most 64 characters')
  .regex(/^[A-Za-z0-9._/-]*$/, 'SKU may hold letters, digits and . _ / -')
  .optional()
  .transform((v) => (v ? v : null))

/**
 * One row of the family form's grid. `id` names an existing variant (kept, edited); a row
 * without one is a new variant; an existing variant missing from the list is removed (soft
 * delete, as a deleted product). `hsn` blank: the family's.
 */
export const variantRow = z
  .object({
    id: z.uuid().optional(),
    optionValues,
    sku: skuField,
    image: uploadedImageUrl('Image'),
    price: rupees('Price').refine((n) => n >= 1, 'Price must be at least ₹1'),
    salePrice: rupees('Sale Price'),
    totalStock: plainNumber('Stock').pipe(
      z.number().int('Stock must be a whole number').min(0).max(1_000_000),
    ),
    hsn: z.preprocess((v) => (v === '' || v === undefined ? null : v), hsnField.nullable()),
  })
  .refine((row) => row.salePrice === 0 || (row.salePrice >= 1 && row.salePrice < row.price), {
    message: 'Sale Price must be below Price (or 0 for no sale)',
    path: ['salePrice'],
  })
export type VariantRowInput = z.input<typeof variantRow>
export type VariantRowValues = z.output<typeof variantRow>

/** Problems of a family's options and rows, each with the path a form shows it under. */
export function familyProblems(
  options: readonly FamilyOption[],
  variants: readonly VariantRowValues[],
): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = []
  const names = options.map((o) => o.name)
  if (new Set(names).size !== names.length)
    problems.push({ path: ['options'], message: 'Each option may be used once' })
  const seen = new Set<string>()
  const skus = new Set<string>()
  variants.forEach((row, i) => {
    for (const option of options) {
      const chosen = row.optionValues[option.name]
      if (!chosen || !option.values.some((v) => v.value === chosen)) {
        problems.push({
          path: ['variants', i, 'optionValues', option.name],
          message: `Pick a ${option.name} from the option's values`,
        })
      }
    }
    for (const name of Object.keys(row.optionValues)) {
      if (!names.includes(name as OptionName))
        problems.push({
          path: ['variants', i, 'optionValues'],
          message: `${name} is not an option of this product`,
        })
    }
    const key = combinationKey(options, row.optionValues)
    if (seen.has(key))
      problems.push({ path: ['variants', i], message: 'Two variants have the same options' })
    seen.add(key)
    if (row.sku) {
      if (skus.has(row.sku.toLowerCase()))
        problems.push({ path: ['variants', i, 'sku'], message: 'SKUs must differ' })
      skus.add(row.sku.toLowerCase())
    }
  })
  return problems
}

function combinationKey(options: readonly FamilyOption[], values: OptionValues): string {
  return options.map((o) => values[o.name] ?? '').join('\u0000')
}

/**
 * A family as the back office sends it: the shared product fields (title, description, brand,
 * category, HSN, declarations, warranty, section, limit per order) and, instead of one price,
 * stock and image, its options and variant rows.
 */
export const familyBody = z
  .object({
    // The shared fields: the product form's, less what each variant has of its own.
    product: productFields.omit({
      image: true,
      images: true,
      price: true,
      salePrice: true,
      totalStock: true,
      averageReview: true,
      userName: true,
    }),
    options: z.array(familyOption).min(1, 'Add an option').max(MAX_OPTIONS),
    variants: z
      .array(variantRow)
      .min(1, 'Add a variant')
      .max(MAX_VARIANTS, `At most ${MAX_VARIANTS} variants`),
  })
  .superRefine((body, ctx) => {
    for (const problem of warrantyProblems(body.product.warranty))
      ctx.addIssue({ code: 'custom', ...problem, path: ['product', ...problem.path] })
    for (const problem of familyProblems(body.options, body.variants))
      ctx.addIssue({ code: 'custom', ...problem })
  })
export type FamilyInput = z.input<typeof familyBody>
export type FamilyValues = z.output<typeof familyBody>

/** The family as the back office edits it (the form's starting values). */
export const adminFamily = z.object({
  id: z.uuid(),
  title: z.string(),
  options: productFamily.shape.options,
  variants: z.array(
    z.object({
      _id: z.uuid(),
      optionValues,
      sku: z.string().nullable(),
      image: z.string(),
      price: z.number(),
      salePrice: z.number(),
      totalStock: z.number().int(),
      hsn: z.string(),
      listed: z.boolean(),
    }),
  ),
})
export type AdminFamily = z.infer<typeof adminFamily>

export const adminFamilyResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: adminFamily,
})
export type AdminFamilyReply = z.infer<typeof adminFamilyResponse>
