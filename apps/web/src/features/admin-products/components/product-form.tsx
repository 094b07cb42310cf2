import { zodResolver } from '@hookform/resolvers/zod'
import {
  type AdminProduct,
  COUNTRIES,
  type FilterOptions,
  formatGstRate,
  type HsnEntry,
  hsnChoicesFor,
  newProductBody,
  PACKER_ROLE_LABELS,
  PACKER_ROLES,
  productBody,
  type ProductValues,
  SECTIONS,
  WARRANTY_BY,
} from '@techbazaar/shared'
import { LoaderCircleIcon } from 'lucide-react'
import type * as React from 'react'
import { useState } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { showFieldErrors } from '@/lib/server-errors'
import { optionLabel } from '@/lib/catalog/option-label'
import { cn } from '@/lib/utils'
import type { UploadFn } from '@/components/image-upload/upload-image'
import { SECTION_LABELS, suggestionText } from '../lib/sections'
import { ProductImagesField } from './product-images-field'

type FormInput = z.input<typeof productBody>
/** RHF types errors of `unknown` inputs (the number fields) as a merge; only the message matters. */
type FieldError = { message?: string } | undefined
const FIELDS = [
  'images',
  'title',
  'description',
  'category',
  'brand',
  'hsn',
  'price',
  'salePrice',
  'totalStock',
] as const
/** Fields that may stay empty; the server may still name them in an error. */
const OPTIONAL_FIELDS = ['maxPerOrder', 'section'] as const
/** The legal declarations' fields, as the form and the server's errors name them. */
const DECLARATION_FIELDS = [
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

function valuesOf(product?: AdminProduct): FormInput {
  const d = product?.declarations
  return {
    images: product?.images ?? [],
    title: product?.title ?? '',
    description: product?.description ?? '',
    category: product?.category ?? '',
    brand: product?.brand ?? '',
    // A seller's pending suggestion shows as its choice, so saving again does not withdraw it.
    section: product?.suggestedSection ?? product?.section ?? '',
    // A stored code the list no longer has shows as unchosen, and the schema asks for one.
    hsn: (product?.hsn ?? '') as FormInput['hsn'],
    price: product ? String(product.price) : '',
    salePrice: product ? String(product.salePrice) : '',
    totalStock: product ? String(product.totalStock) : '',
    // Empty: the shop's default limit per order applies.
    maxPerOrder: product?.maxPerOrder != null ? String(product.maxPerOrder) : '',
    declarations: {
      manufacturerName: d?.manufacturerName ?? '',
      manufacturerAddress: d?.manufacturerAddress ?? '',
      // Most labels: the manufacturer packs its own goods; a product in India by default.
      packerRole: d?.packerRole ?? (product ? '' : 'manufacturer'),
      packerName: d?.packerName ?? '',
      packerAddress: d?.packerAddress ?? '',
      countryOfOrigin: d?.countryOfOrigin ?? (product ? '' : 'India'),
      genericName: d?.genericName ?? '',
      netQuantity: d?.netQuantity ?? (product ? '' : '1 N'),
      careName: d?.careName ?? '',
      careAddress: d?.careAddress ?? '',
      carePhone: d?.carePhone ?? '',
      careEmail: d?.careEmail ?? '',
    },
    warranty: {
      months: product?.warranty.months != null ? String(product.warranty.months) : '',
      by: product?.warranty.by ?? '',
    },
  }
}

const selectClass =
  'h-11 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive'

function Field({
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

const invalid = (id: string, error?: FieldError) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {}

interface ProductFormProps {
  /** The product being edited; absent when adding. */
  product?: AdminProduct
  options: FilterOptions
  pending?: boolean
  onSubmit: (values: ProductValues) => Promise<unknown>
  upload?: UploadFn
  /** An admin's section is applied; a seller's home section is a suggestion (decision 085). */
  isAdmin?: boolean
  /** Under the brand list: a seller's way to ask for a brand it lacks. */
  brandHelp?: React.ReactNode
}

/**
 * The product form of the side panel (spec §5): every field but averageReview is required, so
 * Add/Edit stays disabled until each one has a value; the shared schema then checks the rest.
 */
export function ProductForm({
  product,
  options,
  pending,
  onSubmit,
  upload,
  isAdmin = false,
  brandHelp,
}: ProductFormProps) {
  // A new product, or one already complete, must have every declaration; a product from before
  // them may be saved as it is and stays hidden from the shop until they are (decision 066).
  const declarationsRequired = !product || product.declarationsComplete
  const form = useForm<FormInput, unknown, ProductValues>({
    resolver: zodResolver(declarationsRequired ? newProductBody : productBody),
    defaultValues: valuesOf(product),
  })
  const { errors } = form.formState
  const [uploading, setUploading] = useState(false)
  const watched = useWatch({ control: form.control, name: FIELDS })
  const category = useWatch({ control: form.control, name: 'category' })
  const complete = watched.every((value) => String(value ?? '').trim() !== '')
  const submitLabel = product ? 'Edit' : 'Add'

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values)
    } catch (error) {
      showFieldErrors(error, form.setError, [...FIELDS, ...OPTIONAL_FIELDS, ...DECLARATION_FIELDS])
    }
  })

  const id = (name: string) => `product-${name}`

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={submitLabel === 'Add' ? 'Add product' : 'Edit product'}
      className="flex flex-col gap-5"
    >
      <fieldset disabled={pending} className="flex min-w-0 flex-col gap-5">
        <Controller
          control={form.control}
          name="images"
          render={({ field, fieldState }) => (
            <div className="grid gap-2">
              <ProductImagesField
                value={field.value ?? []}
                onChange={(urls) => field.onChange(urls)}
                onUploadingChange={setUploading}
                invalid={Boolean(fieldState.error)}
                disabled={pending}
                upload={upload}
              />
              {fieldState.error?.message && (
                <p role="alert" className="text-sm font-medium text-destructive">
                  {fieldState.error.message}
                </p>
              )}
            </div>
          )}
        />

        <Field id={id('title')} label="Title" error={errors.title}>
          <Input
            id={id('title')}
            className="h-11"
            placeholder="Enter product title"
            {...invalid(id('title'), errors.title)}
            {...form.register('title')}
          />
        </Field>

        <Field id={id('description')} label="Description" error={errors.description}>
          <Textarea
            id={id('description')}
            rows={4}
            placeholder="Enter product description"
            {...invalid(id('description'), errors.description)}
            {...form.register('description')}
          />
        </Field>

        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={id('category')} label="Category" error={errors.category}>
            <select
              id={id('category')}
              className={selectClass}
              {...invalid(id('category'), errors.category)}
              {...form.register('category')}
            >
              <option value="">Select Category</option>
              {options.category.map((value) => (
                <option key={value} value={value}>
                  {optionLabel(value)}
                </option>
              ))}
            </select>
          </Field>
          <Field id={id('brand')} label="Brand" error={errors.brand}>
            <select
              id={id('brand')}
              className={selectClass}
              {...invalid(id('brand'), errors.brand)}
              {...form.register('brand')}
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

        <Field id={id('hsn')} label="HSN code" error={errors.hsn}>
          <select
            id={id('hsn')}
            className={selectClass}
            {...invalid(id('hsn'), errors.hsn)}
            // The hint is read out with the field, and the error too when there is one.
            aria-describedby={[`${id('hsn')}-hint`, errors.hsn && `${id('hsn')}-error`]
              .filter(Boolean)
              .join(' ')}
            {...form.register('hsn')}
          >
            <option value="">Select HSN code</option>
            <HsnOptions category={category} />
          </select>
          <p id={`${id('hsn')}-hint`} className="text-xs text-muted-foreground">
            Printed on your GST invoices.
          </p>
        </Field>

        <Field id={id('section')} label="Section" error={errors.section}>
          <select
            id={id('section')}
            className={selectClass}
            {...invalid(id('section'), errors.section)}
            aria-describedby={
              [
                product?.suggestedSection && `${id('section')}-pending`,
                !isAdmin && `${id('section')}-hint`,
                errors.section && `${id('section')}-error`,
              ]
                .filter(Boolean)
                .join(' ') || undefined
            }
            {...form.register('section')}
          >
            <option value="">No section</option>
            {SECTIONS.map((value) => (
              <option key={value} value={value}>
                {SECTION_LABELS[value]}
              </option>
            ))}
          </select>
          {product?.suggestedSection && (
            <p id={`${id('section')}-pending`} className="text-xs font-medium text-amber-800">
              {suggestionText(product.suggestedSection)}
            </p>
          )}
          {!isAdmin && (
            <p id={`${id('section')}-hint`} className="text-xs text-muted-foreground">
              Featured, Top Deals and Trending are on the home page: an admin approves your
              suggestion first.
            </p>
          )}
        </Field>

        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <Field id={id('price')} label="Price (₹)" error={errors.price}>
            <Input
              id={id('price')}
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              className="tabular h-11"
              placeholder="0"
              {...invalid(id('price'), errors.price)}
              {...form.register('price')}
            />
          </Field>
          <Field id={id('salePrice')} label="Sale Price (₹)" error={errors.salePrice}>
            <Input
              id={id('salePrice')}
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              className="tabular h-11"
              placeholder="0 = no sale"
              {...invalid(id('salePrice'), errors.salePrice)}
              {...form.register('salePrice')}
            />
          </Field>
          <Field
            id={id('totalStock')}
            label="Total Stock"
            error={errors.totalStock}
            className="col-span-2 sm:col-span-1"
          >
            <Input
              id={id('totalStock')}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              className="tabular h-11"
              placeholder="0"
              {...invalid(id('totalStock'), errors.totalStock)}
              {...form.register('totalStock')}
            />
          </Field>
          <Field
            id={id('maxPerOrder')}
            label="Max per order"
            error={errors.maxPerOrder}
            className="col-span-2 sm:col-span-1"
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
              {...invalid(id('maxPerOrder'), errors.maxPerOrder)}
              {...form.register('maxPerOrder')}
            />
            <p id={`${id('maxPerOrder')}-hint`} className="text-xs text-muted-foreground">
              Most units one order may hold. Leave empty for the shop&rsquo;s default.
            </p>
          </Field>
        </div>

        <LegalDeclarations form={form} required={declarationsRequired} />
      </fieldset>

      <div className="flex flex-col gap-2">
        <Button type="submit" size="lg" disabled={!complete || uploading || pending}>
          {pending && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
          {submitLabel}
        </Button>
        {!complete && (
          <p className="text-center text-xs text-muted-foreground">
            Fill in every field and upload an image to {submitLabel.toLowerCase()} the product.
          </p>
        )}
      </div>
    </form>
  )
}

/** India first (most goods the shop sells are made here), then every other country. */
const COUNTRY_OPTIONS = (
  <>
    <option value="">Select country</option>
    <option value="India">India</option>
    {COUNTRIES.filter((c) => c !== 'India').map((country) => (
      <option key={country} value={country}>
        {country}
      </option>
    ))}
  </>
)

type Form = ReturnType<typeof useForm<FormInput, unknown, ProductValues>>

/** One text field of the declarations, with its hint and error read out with it. */
function DeclarationInput({
  form,
  name,
  label,
  hint,
  placeholder,
  multiline,
  type = 'text',
  autoComplete = 'off',
  className,
}: {
  form: Form
  name: (typeof DECLARATION_FIELDS)[number]
  label: string
  hint?: string
  placeholder?: string
  multiline?: boolean
  type?: 'text' | 'email' | 'tel'
  autoComplete?: string
  className?: string
}) {
  const id = `product-${name.replace('.', '-')}`
  const error = form.getFieldState(name, form.formState).error
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')
  const props = {
    id,
    placeholder,
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': describedBy || undefined,
    ...form.register(name),
  }
  return (
    <Field id={id} label={label} error={error} className={className}>
      {multiline ? (
        <Textarea rows={2} {...props} />
      ) : (
        <Input className="h-11" type={type} autoComplete={autoComplete} {...props} />
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </Field>
  )
}

/**
 * "Legal declarations": what the package label declares (Legal Metrology (Packaged Commodities)
 * Rules 2011 r.6) and the warranty (E-Commerce Rules 2020 r.6(5)), which the product page shows.
 */
function LegalDeclarations({ form, required }: { form: Form; required: boolean }) {
  const packerRole = useWatch({ control: form.control, name: 'declarations.packerRole' })
  const errors = form.formState.errors
  const who = packerRole === 'importer' ? 'Importer' : 'Packer'
  const selectError = (
    name: 'declarations.countryOfOrigin' | 'declarations.packerRole' | 'warranty.by',
  ) => form.getFieldState(name, form.formState).error
  const select = (
    name: 'declarations.countryOfOrigin' | 'declarations.packerRole' | 'warranty.by',
  ) => {
    const id = `product-${name.replace('.', '-')}`
    return { id, className: selectClass, ...invalid(id, selectError(name)), ...form.register(name) }
  }
  return (
    <fieldset
      aria-describedby="product-declarations-help"
      className="flex min-w-0 flex-col gap-4 rounded-lg border p-3 sm:p-4"
    >
      <legend className="px-1 text-base font-semibold">Legal declarations</legend>
      <p id="product-declarations-help" className="-mt-1 text-sm text-muted-foreground">
        What the package label says. The law asks the shop to show these with the product, so it is
        listed only once every one is filled in.
      </p>
      {!required && (
        <p
          role="note"
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          This product is hidden from the shop until its legal declarations are complete. You can
          save other changes now and complete them later.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <DeclarationInput
          form={form}
          name="declarations.genericName"
          label="Generic name"
          hint="The common name of the goods, e.g. Smartphone or Power bank."
          placeholder="Smartphone"
        />
        <DeclarationInput
          form={form}
          name="declarations.netQuantity"
          label="Net quantity"
          hint="As on the pack, e.g. 1 N (one piece) or 2 N."
          placeholder="1 N"
        />
        <Field
          id="product-declarations-countryOfOrigin"
          label="Country of origin"
          error={selectError('declarations.countryOfOrigin')}
        >
          <select {...select('declarations.countryOfOrigin')}>{COUNTRY_OPTIONS}</select>
        </Field>
        <div aria-hidden="true" className="max-sm:hidden" />
        <DeclarationInput
          form={form}
          name="declarations.manufacturerName"
          label="Manufacturer name"
          placeholder="Samsung India Electronics Pvt. Ltd."
        />
        <DeclarationInput
          form={form}
          name="declarations.manufacturerAddress"
          label="Manufacturer address"
          multiline
        />
        <Field
          id="product-declarations-packerRole"
          label="Packed or imported by"
          error={selectError('declarations.packerRole')}
          className="sm:col-span-2"
        >
          <select {...select('declarations.packerRole')}>
            <option value="">Select who packs or imports it</option>
            {PACKER_ROLES.map((role) => (
              <option key={role} value={role}>
                {PACKER_ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </Field>
        {(packerRole === 'packer' || packerRole === 'importer') && (
          <>
            <DeclarationInput form={form} name="declarations.packerName" label={`${who} name`} />
            <DeclarationInput
              form={form}
              name="declarations.packerAddress"
              label={`${who} address`}
              multiline
            />
          </>
        )}
      </div>

      <fieldset className="grid min-w-0 gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold">Consumer care</legend>
        <p className="-mt-2 text-xs text-muted-foreground sm:col-span-2">
          Who shoppers contact about the product, as the label gives it.
        </p>
        <DeclarationInput
          form={form}
          name="declarations.careName"
          label="Name or office"
          placeholder="Samsung Customer Care"
        />
        <DeclarationInput form={form} name="declarations.careAddress" label="Address" multiline />
        <DeclarationInput
          form={form}
          name="declarations.carePhone"
          label="Phone"
          type="tel"
          placeholder="1800 40 7267864"
        />
        <DeclarationInput
          form={form}
          name="declarations.careEmail"
          label="Email"
          type="email"
          placeholder="support@brand.example"
        />
      </fieldset>

      <fieldset className="grid min-w-0 grid-cols-2 gap-4">
        <legend className="mb-2 text-sm font-semibold">Warranty</legend>
        <Field id="product-warranty-months" label="Months" error={errors.warranty?.months}>
          <Input
            id="product-warranty-months"
            type="number"
            inputMode="numeric"
            min={0}
            max={120}
            step={1}
            className="tabular h-11"
            placeholder="12"
            aria-describedby={[
              'product-warranty-months-hint',
              errors.warranty?.months && 'product-warranty-months-error',
            ]
              .filter(Boolean)
              .join(' ')}
            aria-invalid={errors.warranty?.months ? true : undefined}
            {...form.register('warranty.months')}
          />
          <p id="product-warranty-months-hint" className="text-xs text-muted-foreground">
            0 for no warranty.
          </p>
        </Field>
        <Field id="product-warranty-by" label="Given by" error={selectError('warranty.by')}>
          <select {...select('warranty.by')}>
            <option value="">Select</option>
            {WARRANTY_BY.map((by) => (
              <option key={by} value={by}>
                {by}
              </option>
            ))}
          </select>
        </Field>
      </fieldset>
    </fieldset>
  )
}
