import { z } from 'zod'
import { COUNTRIES } from './countries'
import { plainNumber } from './numbers'

/**
 * Who packed or imported the goods, as the package label says (Legal Metrology (Packaged
 * Commodities) Rules 2011, r.6(1)(a)): the manufacturer itself, or another packer or importer,
 * whose name and address the label then gives as well.
 */
export const PACKER_ROLES = ['manufacturer', 'packer', 'importer'] as const
export type PackerRole = (typeof PACKER_ROLES)[number]
export const PACKER_ROLE_LABELS: Record<PackerRole, string> = {
  manufacturer: 'The manufacturer packs it',
  packer: 'Packed by another company',
  importer: 'Imported by another company',
}

/** Who gives the warranty (Consumer Protection (E-Commerce) Rules 2020, r.6(5)(d)). */
export const WARRANTY_BY = ['Manufacturer', 'Seller', 'None'] as const
export type WarrantyBy = (typeof WARRANTY_BY)[number]
export const WARRANTY_MONTHS_MAX = 120

/** Limits of the declaration fields (a label line, an address, a net quantity such as "1 N"). */
export const DECLARATION_LIMITS = {
  name: 160,
  address: 300,
  genericName: 80,
  netQuantity: 40,
  phone: 20,
  email: 254,
} as const

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
/** '' and absent are "not declared yet" (null): an existing product may be saved incomplete. */
const blankAsNull = (schema: z.ZodType) => z.preprocess((v) => (isBlank(v) ? null : v), schema)

const optionalText = (label: string, max: number) =>
  blankAsNull(
    z
      .string(`${label} must be text`)
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .nullable(),
  ) as z.ZodType<string | null, unknown>

/** A landline, mobile or toll-free number as a label prints it: digits, spaces, +, - and (). */
const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{5,17}[0-9]$/

const careEmail = blankAsNull(
  z
    .string('Consumer care email must be text')
    .trim()
    .toLowerCase()
    .max(DECLARATION_LIMITS.email)
    .pipe(z.email('Consumer care email must be a valid email address'))
    .nullable(),
) as z.ZodType<string | null, unknown>

const carePhone = blankAsNull(
  z
    .string('Consumer care phone must be text')
    .trim()
    .max(DECLARATION_LIMITS.phone, `Consumer care phone must be at most 20 characters`)
    .regex(PHONE_PATTERN, 'Consumer care phone must be a phone number, like 1800 102 2727')
    .nullable(),
) as z.ZodType<string | null, unknown>

/**
 * The package declarations of a product as a seller's form sends them. Each may be blank while
 * a product is a draft; `declarationProblems` says what is still missing for it to be listed.
 */
export const declarationsBody = z
  .object({
    manufacturerName: optionalText('Manufacturer name', DECLARATION_LIMITS.name),
    manufacturerAddress: optionalText('Manufacturer address', DECLARATION_LIMITS.address),
    packerRole: blankAsNull(
      z.enum(PACKER_ROLES, 'Packed or imported by must be one of the choices').nullable(),
    ) as z.ZodType<PackerRole | null, unknown>,
    packerName: optionalText('Packer or importer name', DECLARATION_LIMITS.name),
    packerAddress: optionalText('Packer or importer address', DECLARATION_LIMITS.address),
    countryOfOrigin: blankAsNull(
      z.enum(COUNTRIES, 'Country of origin must be one of the listed countries').nullable(),
    ) as z.ZodType<string | null, unknown>,
    genericName: optionalText('Generic name', DECLARATION_LIMITS.genericName),
    netQuantity: optionalText('Net quantity', DECLARATION_LIMITS.netQuantity),
    careName: optionalText('Consumer care name', DECLARATION_LIMITS.name),
    careAddress: optionalText('Consumer care address', DECLARATION_LIMITS.address),
    carePhone,
    careEmail,
  })
  // The manufacturer packing its own goods leaves no second name and address on the label.
  .transform((d) =>
    d.packerRole === 'manufacturer' ? { ...d, packerName: null, packerAddress: null } : d,
  )
export type DeclarationsValues = z.output<typeof declarationsBody>

export const warrantyBody = z.object({
  months: z.preprocess(
    (v) => (isBlank(v) ? null : v),
    plainNumber('Warranty months')
      .pipe(
        z
          .number()
          .int('Warranty months must be a whole number')
          .min(0, 'Warranty months must be 0 or more')
          .max(WARRANTY_MONTHS_MAX, `Warranty months must be at most ${WARRANTY_MONTHS_MAX}`),
      )
      .nullable(),
  ) as z.ZodType<number | null, unknown>,
  by: blankAsNull(
    z.enum(WARRANTY_BY, 'Warranty by must be Manufacturer, Seller or None').nullable(),
  ) as z.ZodType<WarrantyBy | null, unknown>,
})
export type WarrantyValues = z.output<typeof warrantyBody>

/** A field problem with the path the form and the API's `errors` use. */
export interface FieldProblem {
  path: string[]
  message: string
}

const REQUIRED_DECLARATIONS: [keyof DeclarationsValues, string][] = [
  ['manufacturerName', 'Manufacturer name'],
  ['manufacturerAddress', 'Manufacturer address'],
  ['packerRole', 'Packed or imported by'],
  ['countryOfOrigin', 'Country of origin'],
  ['genericName', 'Generic name'],
  ['netQuantity', 'Net quantity'],
  ['careName', 'Consumer care name'],
  ['careAddress', 'Consumer care address'],
  ['carePhone', 'Consumer care phone'],
  ['careEmail', 'Consumer care email'],
]

/**
 * A warranty whose months and giver disagree (0 months from a manufacturer, 12 months from
 * nobody), whether or not the rest is complete.
 */
export function warrantyProblems(w: WarrantyValues): FieldProblem[] {
  if (w.months === null || w.by === null) return []
  if (w.months === 0 && w.by !== 'None') {
    return [{ path: ['warranty', 'by'], message: 'No warranty (0 months): choose None' }]
  }
  if (w.months > 0 && w.by === 'None') {
    return [
      {
        path: ['warranty', 'by'],
        message: 'Choose who gives the warranty, or set 0 months for none',
      },
    ]
  }
  return []
}

/**
 * What is still missing before a product may be listed (the law asks the listing to show all
 * of it). Mirrors the database's generated `products.declarations_complete`, which is what
 * decides listing; this one names the fields for forms and 400s.
 */
export function declarationProblems(d: DeclarationsValues, w: WarrantyValues): FieldProblem[] {
  const problems: FieldProblem[] = REQUIRED_DECLARATIONS.filter(([key]) => d[key] === null).map(
    ([key, label]) => ({ path: ['declarations', key], message: `${label} is required` }),
  )
  if (d.packerRole === 'packer' || d.packerRole === 'importer') {
    const who = d.packerRole === 'packer' ? 'Packer' : 'Importer'
    if (d.packerName === null) {
      problems.push({ path: ['declarations', 'packerName'], message: `${who} name is required` })
    }
    if (d.packerAddress === null) {
      problems.push({
        path: ['declarations', 'packerAddress'],
        message: `${who} address is required`,
      })
    }
  }
  if (w.months === null) {
    problems.push({ path: ['warranty', 'months'], message: 'Warranty months is required' })
  }
  if (w.by === null) {
    problems.push({ path: ['warranty', 'by'], message: 'Warranty by is required' })
  }
  return problems
}

/** The declarations as the back office reads them back (null: not declared yet). */
export const productDeclarations = z.object({
  manufacturerName: z.string().nullable(),
  manufacturerAddress: z.string().nullable(),
  packerRole: z.enum(PACKER_ROLES).nullable(),
  packerName: z.string().nullable(),
  packerAddress: z.string().nullable(),
  countryOfOrigin: z.string().nullable(),
  genericName: z.string().nullable(),
  netQuantity: z.string().nullable(),
  careName: z.string().nullable(),
  careAddress: z.string().nullable(),
  carePhone: z.string().nullable(),
  careEmail: z.string().nullable(),
})
export type ProductDeclarations = z.infer<typeof productDeclarations>

export const productWarranty = z.object({
  /** 0: no warranty. */
  months: z.number().int().nullable(),
  by: z.enum(WARRANTY_BY).nullable(),
})
export type ProductWarranty = z.infer<typeof productWarranty>

/**
 * A listed product's declarations: complete by construction (the shop lists no other), so only
 * the packer or importer may be absent (the manufacturer packs it).
 */
export const listedDeclarations = z.object({
  manufacturerName: z.string(),
  manufacturerAddress: z.string(),
  packerRole: z.enum(PACKER_ROLES),
  packerName: z.string().nullable(),
  packerAddress: z.string().nullable(),
  countryOfOrigin: z.string(),
  genericName: z.string(),
  netQuantity: z.string(),
  careName: z.string(),
  careAddress: z.string(),
  carePhone: z.string(),
  careEmail: z.string(),
})
export type ListedDeclarations = z.infer<typeof listedDeclarations>

export const listedWarranty = z.object({
  /** 0: no warranty. */
  months: z.number().int(),
  by: z.enum(WARRANTY_BY),
})
export type ListedWarranty = z.infer<typeof listedWarranty>

/** The seller as the law asks a listing to name it (E-Commerce Rules 2020, r.6(5)(a)). */
export const productSeller = z.object({
  /** The business's legal name; the marketplace's for its own goods. */
  legalName: z.string(),
  /** Geographic address on one line; null when the seller has not given one. */
  address: z.string().nullable(),
  gstin: z.string(),
  /** Customer care. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** Average of its products' ratings weighted by their review counts; null with no reviews. */
  rating: z.number().nullable(),
  ratingCount: z.number().int(),
  /** True for the marketplace's own goods (a product an admin lists). */
  marketplace: z.boolean(),
})
export type ProductSeller = z.infer<typeof productSeller>
