import { formatGstRate, type HsnEntry, hsnChoicesFor, SECTIONS } from '@techbazaar/shared'
import type * as React from 'react'
import { type FieldValues, useWatch, type UseFormReturn } from 'react-hook-form'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { optionLabel } from '@/lib/catalog/option-label'
import { cn } from '@/lib/utils'
import { SECTION_LABELS, suggestionText } from '../lib/sections'

/**
 * The product fields the one-product form and the family form share (title, description,
 * category, brand, HSN, section, limit per order, declarations, warranty). The family form
 * holds them under `product.`, so each component takes the prefix of its names.
 */
/** RHF types errors of `unknown` inputs (the number fields) as a merge; only the message matters. */
export type FieldError = { message?: string } | undefined
/**
 * Either form, seen through the field names these components use: their values' types differ
 * only by the prefix, which RHF's path types cannot express, so callers cast (see `sharedForm`).
 */
export type SharedForm = UseFormReturn<FieldValues>
export function sharedForm<T extends FieldValues, C, V extends FieldValues>(
  form: UseFormReturn<T, C, V>,
): SharedForm {
  return form as unknown as SharedForm
}

/** The legal declarations' fields, as the form and the server's errors name them. */
export const DECLARATION_FIELDS = [
  'declarations.genericName',
  'declarations.netQuantity',
  'declarations.countryOfOrigin',
  'declarations.manufacturerName',
  'declarations.manufacturerAddress',
  'declarations.packerRole',
  'declarations.packerName',
  'declarations.packerAddress',
  'declarations.careName',
  'declarations.careAddress',
  'declarations.carePhone',
  'declarations.careEmail',
  'warranty.months',
  'warranty.by',
] as const

/** "8518 30 · Earphones, earbuds and headphones · 18% GST": the code as the tariff writes it. */
function hsnLabel(entry: HsnEntry): string {
  const code = `${entry.code.slice(0, 4)} ${entry.code.slice(4)}`
  return `${code} · ${entry.description} · ${formatGstRate(entry.rateBp)} GST`
}

/**
 * The HSN options: the category's own codes first under its name, then the rest; one plain list
 * while no category is chosen or the category (an admin-made one) has no codes of its own.
 */
function HsnOptions({ category }: { category: string }) {
  const choices = hsnChoicesFor(category)
  const option = (entry: HsnEntry) => (
    <option key={entry.code} value={entry.code}>
      {hsnLabel(entry)}
    </option>
  )
  const own = choices.filter((entry) => entry.category === category)
  if (own.length === 0) return <>{choices.map(option)}</>
  return (
    <>
      <optgroup label={optionLabel(category)}>{own.map(option)}</optgroup>
      <optgroup label="Other codes">
        {choices.filter((entry) => entry.category !== category).map(option)}
      </optgroup>
    </>
  )
}

export const selectClass =
  'h-11 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive'

export function Field({
  id,
  label,
  error,
  className,
  children,
}: {
  id: string
  label: string
  error?: FieldError
  className?: string
  children: React.ReactNode
}) {
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error?.message && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error.message}
        </p>
      )}
    </div>
  )
}

export const invalid = (id: string, error?: FieldError) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {}

interface BasicsProps {
  form: SharedForm
  /** '' for the product form, 'product.' for the family form. */
  prefix?: string
  options: { category: readonly string[]; brand: readonly string[] }
  isAdmin: boolean
  brandHelp?: React.ReactNode
  /** A seller's section waiting for an admin (decision 085). */
  suggestedSection?: (typeof SECTIONS)[number] | null
}

/** Title, description, category, brand, HSN code and section. */
export function ProductBasicsFields({
  form,
  prefix = '',
  options,
  isAdmin,
  brandHelp,
  suggestedSection,
}: BasicsProps) {
  const id = (name: string) => `product-${name}`
  const err = (name: string): FieldError =>
    form.getFieldState(`${prefix}${name}`, form.formState).error
  const reg = (name: string) => form.register(`${prefix}${name}`)
  const category = String(useWatch({ control: form.control, name: `${prefix}category` }) ?? '')
  return (
    <>
      <Field id={id('title')} label="Title" error={err('title')}>
        <Input
          id={id('title')}
          className="h-11"
          placeholder="Enter product title"
          {...invalid(id('title'), err('title'))}
          {...reg('title')}
        />
      </Field>

      <Field id={id('description')} label="Description" error={err('description')}>
        <Textarea
          id={id('description')}
          rows={4}
          placeholder="Enter product description"
          {...invalid(id('description'), err('description'))}
          {...reg('description')}
        />
      </Field>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={id('category')} label="Category" error={err('category')}>
          <select
            id={id('category')}
            className={selectClass}
            {...invalid(id('category'), err('category'))}
            {...reg('category')}
          >
            <option value="">Select Category</option>
            {options.category.map((value) => (
              <option key={value} value={value}>
                {optionLabel(value)}
              </option>
            ))}
          </select>
        </Field>
        <Field id={id('brand')} label="Brand" error={err('brand')}>
          <select
            id={id('brand')}
            className={selectClass}
            {...invalid(id('brand'), err('brand'))}
            {...reg('brand')}
          >
            <option value="">Select Brand</option>
            {options.brand.map((value) => (
              <option key={value} value={value}>
                {optionLabel(value)}
              </option>
            ))}
          </select>
        </Field>
        {brandHelp && <div className="sm:col-span-2">{brandHelp}</div>}
      </div>

      <Field id={id('hsn')} label="HSN code" error={err('hsn')}>
        <select
          id={id('hsn')}
          className={selectClass}
          {...invalid(id('hsn'), err('hsn'))}
          // The hint is read out with the field, and the error too when there is one.
          aria-describedby={[`${id('hsn')}-hint`, err('hsn') && `${id('hsn')}-error`]
            .filter(Boolean)
            .join(' ')}
          {...reg('hsn')}
        >
          <option value="">Select HSN code</option>
          <HsnOptions category={category} />
        </select>
        <p id={`${id('hsn')}-hint`} className="text-xs text-muted-foreground">
          Printed on your GST invoices.
        </p>
      </Field>

      <Field id={id('section')} label="Section" error={err('section')}>
        <select
          id={id('section')}
          className={selectClass}
          {...invalid(id('section'), err('section'))}
          aria-describedby={
            [
              suggestedSection && `${id('section')}-pending`,
              !isAdmin && `${id('section')}-hint`,
              err('section') && `${id('section')}-error`,
            ]
              .filter(Boolean)
              .join(' ') || undefined
          }
          {...reg('section')}
        >
          <option value="">No section</option>
          {SECTIONS.map((value) => (
            <option key={value} value={value}>
              {SECTION_LABELS[value]}
            </option>
          ))}
        </select>
        {suggestedSection && (
          <p id={`${id('section')}-pending`} className="text-xs font-medium text-amber-800">
            {suggestionText(suggestedSection)}
          </p>
        )}
        {!isAdmin && (
          <p id={`${id('section')}-hint`} className="text-xs text-muted-foreground">
            Featured, Top Deals and Trending are on the home page: an admin approves your suggestion
            first.
          </p>
        )}
      </Field>
    </>
  )
}

/** The limit per order: empty for the shop's default. */
export function MaxPerOrderField({
  form,
  prefix = '',
  className,
}: {
  form: SharedForm
  prefix?: string
  className?: string
}) {
  const id = (name: string) => `product-${name}`
  const err = (name: string): FieldError =>
    form.getFieldState(`${prefix}${name}`, form.formState).error
  const reg = (name: string) => form.register(`${prefix}${name}`)
  return (
    <Field
      id={id('maxPerOrder')}
      label="Max per order"
      error={err('maxPerOrder')}
      className={className}
    >
      <Input
        id={id('maxPerOrder')}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        className="tabular h-11"
        placeholder="Shop default"
        aria-describedby={`${id('maxPerOrder')}-hint`}
        {...invalid(id('maxPerOrder'), err('maxPerOrder'))}
        {...reg('maxPerOrder')}
      />
      <p id={`${id('maxPerOrder')}-hint`} className="text-xs text-muted-foreground">
        Most units one order may hold. Leave empty for the shop&rsquo;s default.
      </p>
    </Field>
  )
}
